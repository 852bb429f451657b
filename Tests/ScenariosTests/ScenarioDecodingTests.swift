import Foundation
import Scenarios
import Testing

/// A scenario file is a contract: every problem is an `InputError` whose message names the JSON
/// path of the field and the value (`hooke run` prints it after the file's path and exits 2).
@Suite("scenario decoding errors")
struct ScenarioDecodingTests {
    @Test("bad scenarios name the JSON path and the value", arguments: [
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
        let error = #expect(throws: InputError.self) { try Scenario(json: json) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test("a file's errors start with its path; a missing file is named")
    func filePaths() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        try #"{"value": 1, "frames": [0], "transactions": [{"time": -1, "value": 2}]}"#.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: InputError.self) { try Scenario(contentsOf: url) }
        #expect(error?.message == "\(url.path): transactions[0].time: must be ≥ 0, got -1")
        let missing = #expect(throws: InputError.self) { try Scenario(path: "/nonexistent/scenario.json") }
        #expect(missing?.message == "cannot read '/nonexistent/scenario.json'")
    }
}
