import Foundation
import HookeCommandLine
import Testing
import _TestSupport

@Suite("hooke run")
struct RunCommandTests {
    /// Values that go through the same operations in the animator and here: rounding only.
    static let sameOperationsTolerance = 1e-12
    /// A vector's velocity against the scalar's: the chain-rule factor is a two-component
    /// projection, a few ulps of velocities of order 10 (achieved 5.7e-14).
    static let projectedVelocityTolerance = 5e-13

    static let root = repositoryRoot

    static func example(_ name: String) -> String {
        root.appendingPathComponent("examples/scenarios/\(name)").path
    }

    /// Writes `json` to a temporary scenario file and runs `hooke run` on it.
    static func run(json: String, _ extra: [String] = []) throws -> HookeRun {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-run-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return hooke(["run", url.path] + extra)
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
                #expect(abs(v[3 + component] - s[2]) <= Self.projectedVelocityTolerance, "velocity \(component) at \(v[0])")
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

    /// The messages themselves are checked on the model (ScenariosTests/ScenarioDecodingTests); here,
    /// that the command turns them into exit status 2 with the file's path in front.
    @Test("bad scenarios exit 2 naming the file and the JSON path, nothing on stdout", arguments: [
        (#"{"value": 1, "frames": [0], "transactions": [{"time": 0, "value": 2}, {"time": 1, "value": 3}, {"time": 2, "value": 2, "animation": {"spring": {"response": -1}}}]}"#,
         "transactions[2].animation.spring.response: must be > 0, got -1"),
        (#"{"value": 1, "frames": [0], "transactions": [], "value": 2}"#, "duplicate key \"value\""),
    ])
    func badScenario(json: String, message: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-bad-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        expectUsageError(["run", url.path], mentions: ["\(url.path): ", message])
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
