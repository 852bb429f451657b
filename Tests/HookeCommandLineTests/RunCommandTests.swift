import Foundation
import HookeCommandLine
import Testing

@Suite("hooke run")
struct RunCommandTests {
    /// The recordings' fitted models reproduce their samples to ~1e-5 pt (shared README); the chain
    /// through `hooke run` must too. 1e-4 pt allows five times the worst fit residual; 17-digit
    /// printing adds ~1e-13 pt. A wrong combination rule misses by tens of points.
    static let recordingRMSTolerance = 1e-4

    /// Relative difference allowed between two readings of the same decimal time: a few ulps (2.2e-16
    /// each), for JSONSerialization's reading, which is not always correctly rounded on Linux.
    static let timeReadingSlack = 1e-15

    /// Values that go through the same operations in the animator and here: rounding only.
    static let sameOperationsTolerance = 1e-12

    /// The repository root (this file is Tests/HookeCommandLineTests/RunCommandTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func example(_ name: String) -> String {
        root.appendingPathComponent("examples/scenarios/\(name)").path
    }

    /// `data/swiftui-recordings/<name>` in the repository, as a JSON object.
    static func recording(_ name: String) throws -> [String: Any] {
        let url = root.appendingPathComponent("data/swiftui-recordings/\(name)")
        let data = try Data(contentsOf: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Writes `json` to a temporary scenario file and runs `hooke run` on it.
    static func run(json: String, _ extra: [String] = []) throws -> HookeRun {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-run-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return hooke(["run", url.path] + extra)
    }

    @Test("the interrupted interpolatingSpring recording, as a scenario, reproduces SwiftUI")
    func interruptedRecording() throws {
        let file = try Self.recording("interpolatingspring-k1-c0.5-v2-interrupted.json")
        let segment0 = try #require((file["segment0"] as? [String: Any])?["samples"] as? [[Double]])
        let segment1 = try #require((file["segment1"] as? [String: Any])?["samples_time_since_interruption"] as? [[Double]])
        let result = hooke("run", Self.example("recording-interpolatingspring-interrupted.json"))
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.csvRows
        try #require(rows.count == segment0.count + segment1.count)
        // Compared: segment 0 whole, segment 1 from its third sample (model_check: samples [2:]).
        var errors: [Double] = []
        for (index, sample) in (segment0 + segment1).enumerated() where index < segment0.count || index >= segment0.count + 2 {
            errors.append(rows[index][1] - sample[1])
        }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(errors.count == 678)
        #expect(rms <= Self.recordingRMSTolerance, "rms \(rms) pt")
    }

    @Test("the spring(response: 1.8, dampingFraction: 0.3) recording, as a scenario, reproduces SwiftUI")
    func springRecording() throws {
        let file = try Self.recording("spring-response1.8-damping0.3.json")
        let samples = try #require(file["samples"] as? [[Double]])
        let result = hooke("run", Self.example("recording-spring-response1.8-damping0.3.json"))
        #expect(result.status == 0, "\(result.standardError)")
        let rows = result.csvRows
        try #require(rows.count == samples.count)
        let errors = zip(rows, samples).map { $0[1] - $1[1] }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(rms <= Self.recordingRMSTolerance, "rms \(rms) pt")
        // Frame times are the recorder's. (Python and `hooke` read the file's decimals to the same
        // doubles; Foundation's JSONSerialization on Linux is off by an ulp on some, hence the slack.)
        #expect(zip(rows, samples).allSatisfy { abs($0[0] - $1[0]) <= Self.timeReadingSlack * max(abs($1[0]), 1e-300) },
                "frame times are the recorder's")
    }

    @Test("every example scenario runs, in CSV and JSON")
    func examplesRun() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("examples/scenarios").path)
            .filter { $0.hasSuffix(".json") }
        #expect(names.count >= 6)
        for name in names {
            for format in ["csv", "json"] {
                let result = hooke("run", Self.example(name), "--format", format)
                #expect(result.status == 0 && result.standardError.isEmpty, "\(name) \(format): \(result.standardError)")
                #expect(!result.standardOutput.isEmpty)
            }
        }
    }

    @Test("chained linear ramps by hand; a transaction applies before the frame at its time")
    func chainedLinear() throws {
        let result = try Self.run(json: """
        {"value": 0, "frames": [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75],
         "transactions": [
           {"time": 0, "value": 100, "animation": {"linear": {"duration": 1}}, "completion": "a"},
           {"time": 0.5, "value": 200, "animation": {"linear": {"duration": 1}}, "completion": "b", "completionCriteria": "removed"}]}
        """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("time,value,velocity\n"))
        // r0 = 100t; second entry (200 − r0)(t − 0.5) from 0.5, so r = 100t + (200 − 100t)(t − 0.5) and
        // ṙ = 350 − 200t until the first leaves after 1; then 100 + 100(t − 0.5); done after 1.5.
        let expected: [(Double, Double)] = [(0, 100), (25, 100), (50, 250), (106.25, 200), (150, 150), (175, 100),
                                            (200, 100), (200, 0)]
        for (row, (value, velocity)) in zip(result.csvRows, expected) {
            #expect(abs(row[1] - value) <= Self.sameOperationsTolerance && abs(row[2] - velocity) <= Self.sameOperationsTolerance, "\(row)")
        }
        let json = try Self.run(json: """
        {"value": 0, "frameRate": 4, "until": 2,
         "transactions": [
           {"time": 0, "value": 100, "animation": {"linear": {"duration": 1}}, "completion": "a"},
           {"time": 0.5, "value": 200, "animation": {"linear": {"duration": 1}}, "completion": "b", "completionCriteria": "removed"}]}
        """, ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 9)
        let completions = try #require(object["completions"] as? [[String: Any]])
        #expect(completions.map { $0["name"] as? String } == ["a", "b"])
        #expect(completions.map { $0["criteria"] as? String } == ["logicallyComplete", "removed"])
        #expect(completions.map { $0["time"] as? Double } == [1.25, 1.75])
    }

    @Test("vectors: one column per component, each agreeing with the scalar run")
    func vectorColumns() throws {
        let vector = try Self.run(json: """
        {"value": [0, 10], "frameRate": 30, "until": 1,
         "transactions": [{"time": 0, "value": [100, -20], "animation": {"easeInOut": {"duration": 0.5}}},
                          {"time": 0.2, "value": [-50, 40], "animation": {"interpolatingSpring": {"stiffness": 40, "damping": 5}}}]}
        """)
        #expect(vector.standardOutput.hasPrefix("time,value[0],value[1],velocity[0],velocity[1]\n"))
        for component in 0..<2 {
            let starts = [0.0, 10], firsts = [100.0, -20], seconds = [-50.0, 40]
            let scalar = try Self.run(json: """
            {"value": \(starts[component]), "frameRate": 30, "until": 1,
             "transactions": [{"time": 0, "value": \(firsts[component]), "animation": {"easeInOut": {"duration": 0.5}}},
                              {"time": 0.2, "value": \(seconds[component]), "animation": {"interpolatingSpring": {"stiffness": 40, "damping": 5}}}]}
            """)
            for (v, s) in zip(vector.csvRows, scalar.csvRows) {
                #expect(abs(v[1 + component] - s[1]) <= Self.sameOperationsTolerance, "value \(component) at \(v[0])")
                // Velocities: the vector's chain-rule factor is a two-component projection (a few ulps).
                #expect(abs(v[3 + component] - s[2]) <= 1e-9, "velocity \(component) at \(v[0])")
            }
        }
    }

    @Test("a change without animation jumps the presentation by the change")
    func nonAnimated() throws {
        let result = try Self.run(json: """
        {"value": 0, "frames": [0.5, 0.75],
         "transactions": [{"time": 0, "value": 100, "animation": {"linear": {"duration": 1}}},
                          {"time": 0.5, "value": 150, "animation": null},
                          {"time": 0.6, "value": 160, "animation": {"easeIn": {}}, "disablesAnimations": true}]}
        """)
        // 0.5: 150 − 100 + 50 (jumped by the change); 0.75: 160 − 100 + 75 (disabled animation).
        #expect(result.csvRows.map { $0[1] } == [100, 135])
    }

    @Test("bad scenarios exit 2 naming the JSON path, nothing on stdout", arguments: [
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"spring": {"response": -1}}}]}"#,
         "transactions[0].animation.spring.response: must be > 0, got -1"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2}, {"time": 1, "value": 3}, {"time": 2, "value": 2, "animation": {"spring": {"response": -1}}}]}"#,
         "transactions[2].animation.spring.response: must be > 0, got -1"),
        (#"{"frames": [0], "transactions": []}"#, "value: missing"),
        (#"{"value": 1, "transactions": []}"#, "frames: missing"),
        (#"{"value": 1, "frames": [0]}"#, "transactions: missing"),
        (#"{"value": "1", "frames": [0], "transactions": []}"#, "value: expected a number or an array of numbers, got a string"),
        (#"{"value": 1, "frames": [0, -1], "transactions": []}"#, "frames[1]: must be ≥ 0, got -1"),
        (#"{"value": 1, "frames": [1, 0.5], "transactions": []}"#, "frames[1]: times must not decrease"),
        (#"{"value": 1, "frames": [0], "frameRate": 60, "until": 1, "transactions": []}"#, "frames: give either"),
        (#"{"value": 1, "frameRate": 60, "transactions": []}"#, "until: missing"),
        (#"{"value": 1, "frameRate": 0, "until": 1, "transactions": []}"#, "frameRate: must be > 0, got 0"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 1e999, "value": 2}]}"#, "transactions[0].time: must be a finite number, got 1e999"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 2, "value": 2}, {"time": 1, "value": 3}]}"#, "transactions[1].time: transactions must be sorted"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"wobble": {}}}]}"#, "transactions[0].animation.wobble: unknown animation 'wobble'"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"linear": {"duration": 1, "curve": 2}}}]}"#, "transactions[0].animation.linear.curve: unknown key"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "colour": 1}]}"#, "transactions[0].colour: unknown key"),
        (#"{"value": 1, "frames": [0], "extra": 1, "transactions": []}"#, "extra: unknown key"),
        (#"{"value": [1, 2], "frames": [0], "transactions": [{"time": 0, "value": [1, 2, 3]}]}"#, "transactions[0].value: must have 2 components"),
        (#"{"value": [1, 2], "frames": [0], "transactions": [{"time": 0, "value": 3}]}"#, "transactions[0].value: must be an array"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": [3]}]}"#, "transactions[0].value: must be a number"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"base": {"linear": {}}, "modifiers": [{"speed": 0}]}}]}"#, "transactions[0].animation.modifiers[0].speed: must be > 0, got 0"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"base": {"linear": {}}, "modifiers": [{"delay": 1, "speed": 2}]}}]}"#, "transactions[0].animation.modifiers[0]: must hold exactly one modifier"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"base": {"linear": {}}, "modifiers": [{"repeatCount": 2.5}]}}]}"#, "transactions[0].animation.modifiers[0].repeatCount: must be a whole number"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"interpolatingSpring": {"stiffness": 1}}}]}"#, "transactions[0].animation.interpolatingSpring.damping: missing"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"spring": {"response": 1, "bounce": 0.2}}}]}"#, "transactions[0].animation.spring.response: cannot be combined with bounce"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"timingCurve": {"controlPoints": [0.1, 0, 1.5, 1]}}}]}"#, "transactions[0].animation.timingCurve.controlPoints[2]: control-point x must be in [0, 1]"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "disablesAnimations": "yes"}]}"#, "transactions[0].disablesAnimations: expected true or false, got a string"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "completion": "x", "completionCriteria": "finished"}]}"#, "transactions[0].completionCriteria: must be \"logicallyComplete\" or \"removed\""),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"spring": {}, "linear": {}}}]}"#, "transactions[0].animation: must be an object with exactly one animation name"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"snappy": {"extraBounce": -1.2}}}]}"#, "transactions[0].animation.snappy.extraBounce: the bounce 0.15 + extraBounce must be > -1"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"interpolatingSpring": {"duration": 1e-300}}}]}"#, "transactions[0].animation.interpolatingSpring: the spring's response would be 1e-300 s"),
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2, "animation": {"spring": {"bounce": -1}}}]}"#, "transactions[0].animation.spring.bounce: must be > -1, got -1"),
        (#"{"value": 1, "frames": [0], "transactions": [], "value": 2}"#, "duplicate key \"value\""),
        (#"{"value": 1, "frames": [0], "transactions": [}"#, "invalid JSON at line 1"),
    ])
    func badScenario(json: String, message: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-bad-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        expectUsageError(["run", url.path], mentions: [message])
    }

    @Test("a .spring outside the integrator's stable region warns once, naming the transaction")
    func stabilityWarning() throws {
        let json = #"{"value": 0, "frameRate": 10, "until": 1, "transactions": [{"time": 0, "value": 1, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.8}}}, {"time": 0.5, "value": 2, "animation": {"base": {"spring": {"response": 0.5, "dampingFraction": 50}}, "modifiers": [{"delay": 0.1}]}}]}"#
        let run = try Self.run(json: json)
        #expect(run.status == 0)
        #expect(run.standardError.split(separator: "\n").count == 1)
        #expect(run.standardError.hasPrefix("warning: transactions[1].animation: spring(response: 0.5, dampingFraction: 50)"))
        let stable = try Self.run(json: json.replacingOccurrences(of: "50", with: "20"))
        #expect(stable.standardError.isEmpty, "\(stable.standardError)")
    }

    @Test("usage: a missing file, a missing argument, a bad format exit 2")
    func usage() {
        expectUsageError(["run", "/nonexistent/scenario.json"], mentions: ["cannot read '/nonexistent/scenario.json'"])
        expectUsageError(["run"], mentions: ["needs a scenario file"])
        expectUsageError(["run", Self.example("vector.json"), "--format", "xml"], mentions: ["--format"])
        #expect(hooke("run", "--help").standardOutput.contains("USAGE: hooke run"))
    }
}
