import AnimationMath
import Foundation
import Scenarios
import Testing
import _TestSupport

/// Every `examples/scenarios/transactions/*.json` run through the library, each value against the
/// animation its rule says it runs (AnimationMath.docc/Transactions.md), in closed form: a linear
/// ramp from the previous value, or a jump. The expected tables below are worked from the rules, not
/// from a run.
@Suite("tree scenarios: one example per transaction rule")
struct TreeScenarioTests {
    /// A linear ramp is Δ·(t − s)/d with every time a multiple of 1/4 and Δ ≤ 100: a few roundings
    /// of numbers ≤ 100 (≈ 1.4e-14 each); 1e-12 leaves room and is far below any wrong animation,
    /// which misses by a large fraction of Δ at some frame.
    static let linearTolerance = 1e-12

    static let folder = repositoryRoot.appendingPathComponent("examples/scenarios/transactions")

    static func example(_ name: String) throws -> TreeScenario {
        try TreeScenario(path: folder.appendingPathComponent(name).path)
    }

    /// One change of one value, worked from the rules: at `start` the value heads for `to`, over
    /// `duration` seconds of a linear curve (0: a jump); `delay` seconds of real time pass first.
    struct Ramp {
        var start: Double, to: Double, duration: Double, delay: Double = 0
    }

    /// The value at `time` after the ramps (each finished before the next starts, as in every example).
    static func expected(initial: Double, _ ramps: [Ramp], at time: Double) -> Double {
        var value = initial
        for ramp in ramps where ramp.start <= time {
            let elapsed = time - ramp.start - ramp.delay
            let progress = ramp.duration == 0 ? 1 : min(max(elapsed / ramp.duration, 0), 1)
            value += (ramp.to - value) * progress
        }
        return value
    }

    /// Checks every frame of `name` against the ramps of each value and returns the completions.
    @discardableResult
    static func check(_ name: String, _ ramps: [String: (initial: Double, ramps: [Ramp])],
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> [ScenarioCompletion] {
        let scenario = try example(name)
        #expect(Set(scenario.valueNames) == Set(ramps.keys), "\(name)", sourceLocation: sourceLocation)
        let (frames, completions) = scenario.run()
        #expect(frames.count == scenario.frames.count, sourceLocation: sourceLocation)
        var worst = 0.0, worstAt = ""
        for frame in frames {
            for (index, value) in scenario.valueNames.enumerated() {
                guard let plan = ramps[value] else { continue }
                let error = abs(frame.values[index] - expected(initial: plan.initial, plan.ramps, at: frame.time))
                if !(error <= worst) { worst = error; worstAt = "\(value) at t = \(frame.time)" }
            }
        }
        #expect(worst <= linearTolerance, "\(name): worst \(worst) (\(worstAt))", sourceLocation: sourceLocation)
        return completions
    }

    @Test("every example is a tree scenario that runs finite rows for every value")
    func everyExampleRuns() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count == 8)
        for name in names {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(TreeScenario.isTree(json: text), "\(name)")
            let (frames, _) = try Self.example(name).run()
            #expect(frames.allSatisfy { $0.values.allSatisfy(\.isFinite) }, "\(name)")
        }
    }

    @Test("explicit-every-value: withAnimation's linear(1) reaches every value; one completion for all")
    func explicitEveryValue() throws {
        let completions = try Self.check("explicit-every-value.json", [
            "opacity": (0, [Ramp(start: 0, to: 1, duration: 1)]),
            "offset": (0, [Ramp(start: 0, to: 100, duration: 1)]),
            "scale": (1, [Ramp(start: 0, to: 2, duration: 1)]),
        ])
        // A linear ramp of 1 s ends at the first frame past 1 s: 1.25 at 4 frames per second.
        #expect(completions.map(\.summary) == ["shown logicallyComplete 1.25"])
    }

    @Test("implicit-value-changed: .animation(linear(2), value: flag) replaces linear(1) only when flag changed")
    func implicitValueChanged() throws {
        try Self.check("implicit-value-changed.json", [
            "x": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 1.5, to: 1, duration: 2)]),
            "y": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 1.5, to: 1, duration: 1)]),
        ])
    }

    @Test("disables-animations: the flag keeps linear(1) on both values; without it linear(2) and the scoped linear(4)")
    func disablesAnimations() throws {
        try Self.check("disables-animations.json", [
            "x": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 2, to: 1, duration: 2)]),
            "y": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 2, to: 1, duration: 4)]),
        ])
    }

    @Test("transaction-nil-freezes: the subtree under { $0.animation = nil } jumps; its sibling animates")
    func transactionNilFreezes() throws {
        try Self.check("transaction-nil-freezes.json", [
            "moving": (0, [Ramp(start: 0, to: 2, duration: 1)]),
            "frozen": (0, [Ramp(start: 0, to: 2, duration: 0)]),
            "frozenChild": (0, [Ramp(start: 0, to: 2, duration: 0)]),
        ])
    }

    @Test("transaction-value: delay(0.5).speed(2) applies when flag changes, not on the next change")
    func transactionValue() throws {
        try Self.check("transaction-value.json", [
            "plain": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 2, to: 1, duration: 1)]),
            // speed(2) halves both the delay (0.5 s → 0.25 s) and the ramp (1 s → 0.5 s).
            "modified": (0, [Ramp(start: 0, to: 4, duration: 0.5, delay: 0.25), Ramp(start: 2, to: 1, duration: 1)]),
        ])
    }

    @Test("scoped-animation: only the body's opacity runs linear(2); the content and its child keep the transaction")
    func scopedAnimation() throws {
        try Self.check("scoped-animation.json", [
            "opacity": (0, [Ramp(start: 0, to: 1, duration: 2), Ramp(start: 3, to: 0.5, duration: 2)]),
            "content": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 3, to: 1, duration: 0)]),
            "child": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 3, to: 1, duration: 0)]),
        ])
    }

    @Test("custom-key: the key set by a .transaction above is read below it; beside it the default, until the change sets it")
    func customKey() throws {
        try Self.check("custom-key.json", [
            "beside": (0, [Ramp(start: 0, to: 4, duration: 1), Ramp(start: 3, to: 1, duration: 2)]),
            "below": (0, [Ramp(start: 0, to: 4, duration: 2), Ramp(start: 3, to: 1, duration: 2)]),
        ])
    }

    @Test("completion-once: each change's completion fires once, after the last of its animations")
    func completionOnce() throws {
        let completions = try Self.check("completion-once.json", [
            "a": (0, [Ramp(start: 0, to: 1, duration: 1), Ramp(start: 3, to: 0.25, duration: 1)]),
            "b": (0, [Ramp(start: 0, to: 1, duration: 2), Ramp(start: 3, to: 0.25, duration: 2)]),
        ])
        // Frames every 0.5 s. "in" (logically complete): a's linear(1) is complete when it ends, at
        // the first frame past 1 s (1.5); b is logically complete at 0.5 s — the later is 1.5.
        // "out" (removed): a ends at 4.5, b (linear 2) at the first frame past 5 s, 5.5.
        // "unchanged" sets a to the value it has: no animation, so at once, at 6.
        #expect(completions.map(\.summary) == ["in logicallyComplete 1.5", "out removed 5.5", "unchanged logicallyComplete 6.0"])
    }

    @Test("bad tree scenarios name the JSON path and the value", arguments: [
        (#"{"frames": [0], "tree": {"values": {"a": 0}}, "changes": [{"time": 0, "set": {"b": 1}}]}"#,
         "changes[0].set.b: unknown name; values: a; state: none"),
        (#"{"frames": [0], "tree": {"modifiers": [{"animation": null, "value": "flag"}], "values": {"a": 0}}, "changes": []}"#,
         "tree.modifiers[0].value: unknown name 'flag'; values: a; state: none"),
        (#"{"frames": [0], "state": {"a": 0}, "tree": {"values": {"a": 0}}, "changes": []}"#,
         "tree.values.a: the name 'a' is already declared at state.a"),
        (#"{"frames": [0], "tree": {"values": {"a": [1, 2]}}, "changes": []}"#,
         "tree.values.a: expected a number, got an array"),
        (#"{"frames": [0], "tree": {"modifiers": [{"animation": null}]}, "changes": []}"#,
         "tree.modifiers[0]: must be {\"animation\": A, \"value\": NAME}"),
        (#"{"frames": [0], "tree": {"modifiers": [{"transaction": {"keys": {"tapped": true}}}]}, "changes": []}"#,
         "tree.modifiers[0].transaction.keys.tapped: unknown transaction key 'tapped'"),
        (#"{"frames": [0], "keys": {"tapped": false}, "tree": {}, "changes": [{"time": 0, "set": {}, "keys": {"tapped": 1}}]}"#,
         "changes[0].keys.tapped: must be a boolean like the key's default, got a number"),
        (#"{"frames": [0], "tree": {"modifiers": [{"transaction": {"animation": null, "modifyAnimation": []}}]}, "changes": []}"#,
         "tree.modifiers[0].transaction.modifyAnimation: cannot be combined with animation"),
        (#"{"frames": [0], "tree": {"modifiers": [{"transaction": {"modifyAnimation": [{"speed": -1}]}}]}, "changes": []}"#,
         "tree.modifiers[0].transaction.modifyAnimation[0].speed: must be > 0, got -1"),
        (#"{"frames": [0], "tree": {}, "changes": [{"time": 1, "set": {}}, {"time": 0, "set": {}}]}"#,
         "changes[1].time: changes must be sorted by time"),
        (#"{"frames": [0], "tree": {"children": [{"colour": 1}]}, "changes": []}"#,
         "tree.children[0].colour: unknown key"),
        (#"{"frames": [0], "tree": {}, "changes": [{"time": 0, "set": {}, "completionCriteria": "removed"}]}"#,
         "changes[0].completionCriteria: needs a completion name in changes[0].completion"),
    ])
    func badTreeScenario(json: String, message: String) throws {
        let error = #expect(throws: InputError.self) { try TreeScenario(json: json) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test("ScenarioFile tells the two forms apart by the tree member")
    func scenarioFileForms() throws {
        guard case .tree = try ScenarioFile(json: #"{"frames": [0], "tree": {}, "changes": []}"#) else {
            Issue.record("a file with a tree is a tree scenario"); return
        }
        guard case .flat = try ScenarioFile(json: #"{"value": 1, "frames": [0], "transactions": []}"#) else {
            Issue.record("a file without a tree is a flat scenario"); return
        }
    }
}

private extension ScenarioCompletion {
    var summary: String { "\(name) \(criteria) \(time)" }
}
