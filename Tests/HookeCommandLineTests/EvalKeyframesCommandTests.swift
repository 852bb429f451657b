import AnimationMath
import Foundation
import HookeCommandLine
import Testing
import _TestSupport

@Suite("hooke eval keyframes")
struct EvalKeyframesCommandTests {
    /// 17 significant digits round-trip a Double exactly, so printed values equal the library's.
    /// The only difference allowed is none; 0 would do, the 1e-15 covers a platform printf that
    /// rounds the 17th digit differently (never observed with glibc).
    static let printedTolerance = 1e-15

    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("examples/keyframes/\(name)").path
    }

    /// Writes `json` to a temporary file and runs `hooke eval keyframes` on it.
    static func run(json: String, _ extra: [String] = []) throws -> HookeRun {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-keyframes-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return hooke(["eval", "keyframes", url.path] + extra)
    }

    static func expectBadFile(_ json: String, mentions needles: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-keyframes-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        expectUsageError(["eval", "keyframes", url.path], mentions: needles, sourceLocation: sourceLocation)
    }

    @Test("every example runs and the default --until is the timeline's duration")
    func examples() throws {
        for name in ["mixed.json", "catmull-rom.json", "springs.json", "vector.json"] {
            let result = hooke("eval", "keyframes", Self.example(name), "--step", "0.05")
            #expect(result.status == 0, "\(name): \(result.standardError)")
            #expect(result.standardError.isEmpty)
        }
        // mixed.json lasts 1.0 + 0.5 + 0.4 = 1.9 s: rows at 0, 0.1, …, 1.9.
        let rows = hooke("eval", "keyframes", Self.example("mixed.json"), "--step", "0.1").csvRows
        #expect(rows.count == 20)
        #expect(rows.last.map { $0[1] } == -2)   // the final move, at 1.9 s
        #expect(rows.last.map { $0[2] } == 0)
    }

    @Test("scalar output is the library's KeyframeTimeline, printed to 17 digits")
    func matchesLibrary() throws {
        let result = hooke("eval", "keyframes", Self.example("mixed.json"), "--until", "2.5", "--step", "0.05")
        #expect(result.standardOutput.hasPrefix("time,value,velocity\n"))
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0, duration: 1.0, spring: Spring(duration: 0.5, bounce: 0.3))
            LinearKeyframe(3.0, duration: 0.5)
            CubicKeyframe(2.0, duration: 0.4)
            MoveKeyframe(-2.0)
        }
        let rows = result.csvRows
        #expect(rows.count == 51)
        for row in rows {
            #expect(abs(row[1] - timeline.value(time: row[0])) <= Self.printedTolerance, "value at \(row[0])")
            #expect(abs(row[2] - timeline.velocity(time: row[0])) <= Self.printedTolerance, "velocity at \(row[0])")
        }
    }

    @Test("vectors print value[i] and velocity[i] columns, like hooke run, and JSON arrays")
    func vectors() throws {
        let csv = hooke("eval", "keyframes", Self.example("vector.json"), "--step", "0.5")
        #expect(csv.status == 0, "\(csv.standardError)")
        #expect(csv.standardOutput.hasPrefix("time,value[0],value[1],velocity[0],velocity[1]\n"))
        let rows = csv.csvRows
        #expect(rows.count == 4)   // 0, 0.5, 1.0, 1.5 (duration 1.5)
        #expect(rows[0] == [0, 0, 10, 0, 0])
        #expect(rows[3] == [1.5, -2, 0, 0, 0])
        let json = hooke("eval", "keyframes", Self.example("vector.json"), "--step", "0.5", "--format", "json")
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let jsonRows = try #require(object?["rows"] as? [[String: Any]])
        #expect(jsonRows.count == 4)
        #expect((jsonRows[3]["value"] as? [Double]) == [-2, 0])
    }

    @Test("bad timeline files exit 2 with the JSON path, nothing on stdout")
    func badFiles() throws {
        let cases: [(String, [String])] = [
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1, "duration": 1}}, {"linear": {"value": 3, "duration": -1}}]}"#,
             ["keyframes[1].linear.duration: must be ≥ 0, got -1"]),
            (#"{"initial": 0, "keyframes": [{"bezier": {"value": 1}}]}"#, ["keyframes[0].bezier: unknown keyframe kind"]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": NaN, "duration": 1}}]}"#, ["invalid JSON", "line 1"]),
            (#"{"initial": 0, "keyframes": [{"cubic": {"value": 1e999, "duration": 1}}]}"#,
             ["keyframes[0].cubic.value: must be a finite number, got 1e999"]),
            (#"{"initial": 0, "keyframes": [{"move": {"value": "up"}}]}"#, ["keyframes[0].move.value: expected a number or an array of numbers, got a string"]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1, "duration": "1"}}]}"#, ["keyframes[0].linear.duration: expected a number, got a string"]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1, "duration": 1, "curve": "easeIn"}}]}"#, ["keyframes[0].linear.curve: unknown key"]),
            (#"{"initial": 0, "keyframes": [{"cubic": {"duration": 1}}]}"#, ["keyframes[0].cubic.value: missing"]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1}}]}"#, ["keyframes[0].linear.duration: missing"]),
            (#"{"keyframes": []}"#, ["initial: missing"]),
            (#"{"initial": 0, "keyframes": [], "extra": 1}"#, ["extra: unknown key"]),
            (#"[1, 2]"#, ["timeline: expected an object"]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1, "duration": 1}, "move": {"value": 2}}]}"#,
             ["keyframes[0]: must be an object with exactly one keyframe kind", "got 2 keys"]),
            (#"{"initial": [0, 1], "keyframes": [{"move": {"value": 2}}]}"#, ["keyframes[0].move.value: must be an array of 2 numbers"]),
            (#"{"initial": [0, 1], "keyframes": [{"move": {"value": [1, 2, 3]}}]}"#, ["keyframes[0].move.value: must have 2 components"]),
            (#"{"initial": 0, "keyframes": [{"cubic": {"value": 1, "duration": 1, "endVelocity": [1]}}]}"#,
             ["keyframes[0].cubic.endVelocity: must be a number like \"initial\""]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1, "duration": 1, "timingCurve": "bouncy"}}]}"#,
             ["keyframes[0].linear.timingCurve: unknown timing curve \"bouncy\""]),
            (#"{"initial": 0, "keyframes": [{"linear": {"value": 1, "duration": 1, "timingCurve": [1.5, 0, 0.5, 1]}}]}"#,
             ["keyframes[0].linear.timingCurve[0]: control-point x must be in [0, 1], got 1.5"]),
            (#"{"initial": 0, "keyframes": [{"spring": {"value": 1, "spring": {"duration": 0.5, "bounce": 1}}}]}"#,
             ["keyframes[0].spring.duration: missing, and the spring never settles"]),
            (#"{"initial": 0, "keyframes": [{"spring": {"value": 1, "spring": {"duration": 0.5, "response": 0.5}}}]}"#,
             ["keyframes[0].spring.spring.response: cannot be combined with duration"]),
            (#"{"initial": 0, "keyframes": [{"spring": {"value": 1, "spring": {"response": 0.5}}}]}"#,
             ["keyframes[0].spring.spring.dampingRatio: missing"]),
            (#"{"initial": 0, "keyframes": [{"spring": {"value": 1, "spring": {"bounce": -1}}}]}"#,
             ["keyframes[0].spring.spring.bounce: must be > -1, got -1"]),
            (#"{"initial": 0, "keyframes": [{"spring": {"value": 1, "spring": {"stiffness": 0, "damping": 1}}}]}"#,
             ["keyframes[0].spring.spring.stiffness: must be > 0, got 0"]),
        ]
        for (json, needles) in cases {
            try Self.expectBadFile(json, mentions: needles)
        }
    }

    @Test("bad usage exits 2: no file, unreadable file, bad --step")
    func badUsage() {
        expectUsageError(["eval", "keyframes"], mentions: ["needs a timeline file"])
        expectUsageError(["eval", "keyframes", "/nonexistent/timeline.json"], mentions: ["cannot read '/nonexistent/timeline.json'"])
        expectUsageError(["eval", "keyframes", Self.example("mixed.json"), "--step", "0"], mentions: ["--step: must be > 0, got 0"])
        expectUsageError(["eval", "keyframes", Self.example("mixed.json"), "--format", "xml"], mentions: ["--format"])
    }

    @Test("--help prints the file format")
    func help() {
        let result = hooke("eval", "keyframes", "--help")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("hooke eval keyframes FILE.json"))
        #expect(result.standardOutput.contains("keyframes[1].linear.duration"))
    }
}
