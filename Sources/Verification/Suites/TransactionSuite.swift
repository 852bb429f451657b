// TransactionSuite.swift — view trees under SwiftUI's transaction modifiers (`ViewNode`,
// `TransactionModifier`, `TransactionKey`, `ViewTreeAnimator`) against expectations worked by hand
// from Apple's documented rules: which animation each value of a tree runs for a change, the values
// it then shows (linear ramps in closed form, Δ·clamp((t − s)/d), or the new value at once when it
// runs none), and when a change's completion fires (once, after the last of its animations).
// The trees are the worked examples of AnimationMath.docc/Transactions.md and
// examples/scenarios/transactions; the rules, each with its page, are on `TransactionModifier`.

import AnimationMath

enum TransactionSuite {
    static let name = "transactions"

    /// Which animation a value runs is a yes/no fact: every mismatch counts 1.
    static let ruleTolerance = Tolerance(
        name: "transactionRules", metric: "maxAbsError", value: 0,
        reason: "a value runs the documented animation or it does not: no mismatch is allowed")

    /// Linear ramps: Δ·(t − s)/d with t, s, d and Δ binary fractions here, so both sides round at
    /// most once or twice at values ≤ 10.
    static let rampTolerance = Tolerance(
        name: "treeRamps", metric: "maxAbsError", value: 1e-14,
        reason: "a linear ramp of binary-fraction times and values: one or two roundings of values ≤ 10 (measured identical)")

    static let source = "Apple's documented transaction rules (Transaction, withAnimation, animation(_:value:), animation(_:body:), "
        + "transaction(_:), transaction(value:_:), disablesAnimations, TransactionKey, the completion of "
        + "withAnimation(_:completionCriteria:_:completion:)) applied by hand to each tree; linear ramps in closed form"

    static let suite = VerificationSuite(
        name: name, summary: "view trees: each value's animation, its frames and the change's completion vs the documented rules"
    ) { _ in
        [resolutionCheck(), framesCheck(), completionCheck()]
    }

    static func linear(_ duration: Double) -> Animation { .linear(duration: duration) }
    static func withLinear(_ duration: Double) -> Transaction { Transaction(animation: linear(duration)) }

    // MARK: Which animation each value sees

    /// A tree, the root transaction of a change, what changed, and the animation each value must
    /// see, in the order the values are reached.
    struct Resolution {
        var label: String
        var tree: ViewNode
        var transaction: Transaction
        var changed: Set<String>
        var expected: [(String, Animation?)]
    }

    static func resolutions() -> [Resolution] {
        let implicit = ViewNode(modifiers: [.animation(linear(2), value: "flag")], values: ["x"])
        let nested = ViewNode(modifiers: [.animation(linear(2), value: "s")], values: ["scale"], children: [
            ViewNode(modifiers: [.animation(linear(4), value: "s")], values: ["shadow"]),
        ])
        let scoped = ViewNode(modifiers: [.scopedAnimation(linear(2), body: ["opacity"])], values: ["content"],
                              children: [ViewNode(values: ["child"])])
        var disabled = withLinear(1)
        disabled.disablesAnimations = true
        let transformed = ViewNode(modifiers: [.transaction { $0.animation = $0.animation?.delay(0.5).speed(2) }], values: ["x"])
        let valueTransform = ViewNode(modifiers: [.valueTransaction(value: "flag") { $0.animation = linear(2) }], values: ["x"])
        let reader = TransactionModifier.transaction { $0.animation = $0[FlagKey.self] ? linear(2) : linear(1) }
        let keyed = ViewNode(children: [
            ViewNode(modifiers: [.transaction { $0[FlagKey.self] = true }], children: [ViewNode(modifiers: [reader], values: ["below"])]),
            ViewNode(modifiers: [reader], values: ["beside"]),
        ])
        var flagged = Transaction()
        flagged[FlagKey.self] = true
        return [
            // "The root transaction for a state change comes from … withAnimation": every value sees it.
            Resolution(label: "withAnimation reaches every value", tree: ViewNode(values: ["a"], children: [ViewNode(values: ["b"])]),
                       transaction: withLinear(1), changed: ["a", "b"], expected: [("a", linear(1)), ("b", linear(1))]),
            // animation(_:value:): "Applies the given animation to this view when the specified value changes".
            Resolution(label: "animation(_:value:), value unchanged", tree: implicit, transaction: withLinear(1), changed: ["x"],
                       expected: [("x", linear(1))]),
            Resolution(label: "animation(_:value:), value changed", tree: implicit, transaction: withLinear(1), changed: ["x", "flag"],
                       expected: [("x", linear(2))]),
            Resolution(label: "animation(_:value:) without withAnimation", tree: implicit, transaction: Transaction(),
                       changed: ["x", "flag"], expected: [("x", linear(2))]),
            // "If animation is nil, the view doesn't animate."
            Resolution(label: "animation(nil, value:)", tree: ViewNode(modifiers: [.animation(nil, value: "flag")], values: ["x"]),
                       transaction: withLinear(1), changed: ["x", "flag"], expected: [("x", nil)]),
            // A modifier written later wraps the earlier one: the one nearest the value wins.
            Resolution(label: "nested animation(_:value:): the nearest wins", tree: nested, transaction: Transaction(),
                       changed: ["scale", "shadow", "s"], expected: [("scale", linear(2)), ("shadow", linear(4))]),
            // disablesAnimations: set "to prevent animation(_:) from inserting new animations into the transaction".
            Resolution(label: "disablesAnimations keeps implicit and scoped animations out", tree: ViewNode(
                modifiers: [.animation(linear(2), value: "flag")], values: ["x"],
                children: [ViewNode(modifiers: [.scopedAnimation(linear(4), body: ["y"])])]),
                       transaction: disabled, changed: ["x", "y", "flag"], expected: [("x", linear(1)), ("y", linear(1))]),
            // animation(_:body:): "the animation will only be used on the modifiers defined in the body".
            Resolution(label: "animation(_:body:) only inside its body", tree: scoped, transaction: withLinear(1),
                       changed: ["opacity", "content", "child"],
                       expected: [("opacity", linear(2)), ("content", linear(1)), ("child", linear(1))]),
            Resolution(label: "animation(_:body:) without withAnimation", tree: scoped, transaction: Transaction(),
                       changed: ["opacity", "content", "child"], expected: [("opacity", linear(2)), ("content", nil), ("child", nil)]),
            // transaction(_:): "Applies the given transaction mutation function to all animations used within the view".
            Resolution(label: "transaction(_:) transforms: delay(0.5).speed(2)", tree: transformed, transaction: withLinear(1),
                       changed: ["x"], expected: [("x", linear(1).delay(0.5).speed(2))]),
            Resolution(label: "transaction { animation = nil } freezes its subtree", tree: ViewNode(children: [
                ViewNode(values: ["moving"]),
                ViewNode(modifiers: [.transaction { $0.animation = nil }], values: ["frozen"], children: [ViewNode(values: ["frozenChild"])]),
            ]), transaction: withLinear(1), changed: ["moving", "frozen", "frozenChild"],
                       expected: [("moving", linear(1)), ("frozen", nil), ("frozenChild", nil)]),
            // transaction(value:_:): "applies a transformation to all transactions used within the view whenever value changes".
            Resolution(label: "transaction(value:_:), value changed", tree: valueTransform, transaction: withLinear(1),
                       changed: ["x", "flag"], expected: [("x", linear(2))]),
            Resolution(label: "transaction(value:_:), value unchanged", tree: valueTransform, transaction: withLinear(1),
                       changed: ["x"], expected: [("x", linear(1))]),
            // TransactionKey: a value set travels down with the transaction; elsewhere it reads its defaultValue.
            Resolution(label: "a custom key set by .transaction is read below it", tree: keyed, transaction: Transaction(),
                       changed: ["below", "beside"], expected: [("below", linear(2)), ("beside", linear(1))]),
            Resolution(label: "a custom key set at the root is read everywhere", tree: keyed, transaction: flagged,
                       changed: ["below", "beside"], expected: [("below", linear(2)), ("beside", linear(2))]),
        ]
    }

    static func resolutionCheck() -> CheckReport {
        var stats = ErrorStatistics()
        for item in resolutions() {
            let resolved = item.tree.resolve(item.transaction) { item.changed.contains($0) }
            let names = item.tree.valueNames
            stats.require(names == item.expected.map(\.0) && resolved.map(\.name) == names,
                          WorstCase("\(item.label): value order \(resolved.map(\.name)), expected \(item.expected.map(\.0))"))
            for ((name, seen), (_, expected)) in zip(resolved, item.expected) {
                stats.require(seen.animation == expected, WorstCase("\(item.label): \(name) runs \(seen.animation.map { "\($0)" } ?? "nil"), "
                                                  + "expected \(expected.map { "\($0)" } ?? "nil")"))
            }
        }
        stats.add(Transaction()[FlagKey.self] ? 1 : 0, 0, scale: 1, location: WorstCase("a key never set reads its defaultValue"))
        return gatedCheck(CheckSubject(suite: name, name: "each value's animation = the documented modifier rules", kind: .reference,
                          source: source, implementation: "ViewNode.resolve", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: ruleTolerance,
                          detail: "\(stats.count) values and orders, \(Int(stats.maxAbsolute)) mismatch")
    }

    // MARK: Frames

    /// A value's expected presentation: a linear ramp from `from` to `to` over [start, start + d]
    /// (`d` nil: the new value at once), derived by hand from the animation each value runs.
    struct Ramp {
        var from: Double, to: Double, start: Double, duration: Double?
        func value(_ t: Double) -> Double {
            guard let duration else { return to }
            return from + (to - from) * Swift.min(Swift.max((t - start) / duration, 0), 1)
        }
    }

    struct Scene {
        var label: String
        var tree: ViewNode
        var initial: [String: Double]
        /// One change at `time` (the root transaction and the values it sets).
        var time: Double
        var transaction: Transaction
        var set: [String: Double]
        var expected: [String: Ramp]
    }

    static func scenes() -> [Scene] {
        let implicit = ViewNode(modifiers: [.animation(linear(2), value: "flag")], values: ["x"], children: [
            ViewNode(modifiers: [.scopedAnimation(linear(4), body: ["y"])], values: ["z"]),
        ])
        var disabled = withLinear(1)
        disabled.disablesAnimations = true
        return [
            Scene(label: "withAnimation(linear(1)) at 0.25 on two levels", tree: ViewNode(values: ["a"], children: [ViewNode(values: ["b"])]),
                  initial: ["a": 0, "b": 2], time: 0.25, transaction: withLinear(1), set: ["a": 1, "b": 10],
                  expected: ["a": Ramp(from: 0, to: 1, start: 0.25, duration: 1), "b": Ramp(from: 2, to: 10, start: 0.25, duration: 1)]),
            // The child starts from the transaction x sees: z runs linear(2) too, y its scoped linear(4).
            Scene(label: "no withAnimation: implicit linear(2) on x and z, scoped linear(4) on y", tree: implicit,
                  initial: ["x": 0, "y": 0, "z": 0, "flag": 0], time: 0, transaction: Transaction(),
                  set: ["x": 4, "y": 8, "z": 4, "flag": 1],
                  expected: ["x": Ramp(from: 0, to: 4, start: 0, duration: 2), "y": Ramp(from: 0, to: 8, start: 0, duration: 4),
                             "z": Ramp(from: 0, to: 4, start: 0, duration: 2)]),
            Scene(label: "disablesAnimations: linear(1) everywhere", tree: implicit,
                  initial: ["x": 0, "y": 0, "z": 0, "flag": 0], time: 0, transaction: disabled,
                  set: ["x": 4, "y": 8, "z": 4, "flag": 1],
                  expected: ["x": Ramp(from: 0, to: 4, start: 0, duration: 1), "y": Ramp(from: 0, to: 8, start: 0, duration: 1),
                             "z": Ramp(from: 0, to: 4, start: 0, duration: 1)]),
            // delay(0.5).speed(2) of linear(1): the delay is 0.25 s of real time, then the ramp at twice the speed.
            Scene(label: "transaction(_:) delay(0.5).speed(2)", tree: ViewNode(
                modifiers: [.transaction { $0.animation = $0.animation?.delay(0.5).speed(2) }], values: ["x"]),
                  initial: ["x": 0], time: 0, transaction: withLinear(1), set: ["x": 4],
                  expected: ["x": Ramp(from: 0, to: 4, start: 0.25, duration: 0.5)]),
            Scene(label: "a frozen subtree beside a moving value", tree: ViewNode(children: [
                ViewNode(values: ["moving"]), ViewNode(modifiers: [.transaction { $0.animation = nil }], values: ["frozen"]),
            ]), initial: ["moving": 0, "frozen": 0], time: 0, transaction: withLinear(1), set: ["moving": 2, "frozen": 2],
                  expected: ["moving": Ramp(from: 0, to: 2, start: 0, duration: 1), "frozen": Ramp(from: 0, to: 2, start: 0, duration: nil)]),
        ]
    }

    static func framesCheck() -> CheckReport {
        var stats = ErrorStatistics()
        for scene in scenes() {
            var animator = ViewTreeAnimator(scene.tree, values: scene.initial)
            var applied = false
            for step in 0...40 {
                let t = Double(step) / 8
                if !applied, t >= scene.time {
                    animator.apply(scene.set, transaction: scene.transaction, at: scene.time)
                    applied = true
                    for (name, value) in scene.set {
                        stats.add(animator.model(of: name) ?? .nan, value, scale: 1, location: WorstCase("\(scene.label): model of \(name)"))
                    }
                }
                let frames = animator.frame(at: t)
                for (name, frame) in zip(animator.valueNames, frames) {
                    let expected = applied ? scene.expected[name]?.value(t) ?? scene.initial[name]! : scene.initial[name]!
                    stats.add(frame.value, expected, scale: 1, location: WorstCase("\(scene.label): \(name)", time: t))
                }
            }
            stats.require(animator.model(of: "no such value") == nil, WorstCase("model of an unknown name"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "tree frames = each value's ramp in closed form", kind: .reference,
                          source: source, implementation: "ViewTreeAnimator", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: rampTolerance)
    }

    // MARK: Completions

    /// withAnimation(_:completionCriteria:_:completion:): it "runs the completion when all animations are
    /// complete"; "The completion callback will always be fired exactly one time. If no animations are
    /// created by the changes in body, then the callback will be called immediately after body."
    /// Frames every 0.25 s; a linear ramp of d started at s ends (and, having no logical-completion
    /// time of its own, completes logically) at the first frame after s + d; `.logicallyComplete(after: a)`
    /// completes logically at the first frame at or after s + a.
    static func completionCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let tree = ViewNode(values: ["a"], children: [
            ViewNode(modifiers: [.transaction { $0.animation = linear(2).logicallyComplete(after: 0.5) }], values: ["b"]),
        ])
        struct Expectation { var label: String; var criteria: AnimationCompletionCriteria; var set: [String: Double]; var animated: Bool; var time: Double }
        let expectations = [
            // From 0.125: a (linear 1) ends at 1.25; b is logically complete at 0.75 and ends at 2.25.
            Expectation(label: "logicallyComplete: when the slower of a and b is", criteria: .logicallyComplete,
                        set: ["a": 1, "b": 1], animated: true, time: 1.25),
            Expectation(label: "removed: when the last animation is gone", criteria: .removed, set: ["a": 1, "b": 1], animated: true, time: 2.25),
            Expectation(label: "logicallyComplete, b alone", criteria: .logicallyComplete, set: ["b": 1], animated: true, time: 0.75),
            // Without withAnimation a jumps; b would still run the animation its .transaction sets, so it is left alone.
            Expectation(label: "no animation created: at once", criteria: .removed, set: ["a": 1], animated: false, time: 0.125),
            Expectation(label: "nothing changed: at once", criteria: .logicallyComplete, set: ["a": 0], animated: true, time: 0.125),
        ]
        for (index, expectation) in expectations.enumerated() {
            var animator = ViewTreeAnimator(tree, values: ["a": 0, "b": 0])
            let handled = CompletionSuite.EventLog()
            var transaction = expectation.animated ? withLinear(1) : Transaction()
            transaction.completion = AnimationCompletion(id: index, criteria: expectation.criteria) { event in handled.add(event) }
            animator.apply(expectation.set, transaction: transaction, at: 0.125)
            for step in 1...16 { _ = animator.frame(at: Double(step) / 4) }
            let events = animator.completionEvents
            stats.require(events.count == 1 && handled.events == events,
                          WorstCase("\(expectation.label): fired \(events.count) times, handler \(handled.events.count)"))
            if let event = events.first {
                stats.add(event.time, expectation.time, scale: 1, location: WorstCase("\(expectation.label): at \(event.time) s"))
                stats.require(event.id == index && event.criteria == expectation.criteria,
                              WorstCase("\(expectation.label): reported as \(event)"))
            }
        }
        // Two changes, each with its completion: each fires once, for its own animations only.
        var animator = ViewTreeAnimator(ViewNode(values: ["a", "b"]), values: ["a": 0, "b": 0])
        var first = withLinear(1), second = withLinear(1)
        first.completion = AnimationCompletion(id: 1)
        second.completion = AnimationCompletion(id: 2)
        animator.apply(["a": 1], transaction: first, at: 0)
        for step in 0...2 { _ = animator.frame(at: Double(step) / 4) }
        animator.apply(["b": 1], transaction: second, at: 0.5)
        for step in 3...12 { _ = animator.frame(at: Double(step) / 4) }
        // a: linear(1) from 0 ends at 1.25; b: linear(1) from 0.5 ends at 1.75.
        let times = Dictionary(animator.completionEvents.map { ($0.id, $0.time) }, uniquingKeysWith: { _, _ in .nan })
        stats.require(animator.completionEvents.count == 2, WorstCase("two changes: \(animator.completionEvents)"))
        stats.add(times[1] ?? .nan, 1.25, scale: 1, location: WorstCase("two changes: the first's completion"))
        stats.add(times[2] ?? .nan, 1.75, scale: 1, location: WorstCase("two changes: the second's completion"))
        return gatedCheck(CheckSubject(suite: name, name: "a change's completion fires once, after its last animation", kind: .reference,
                          source: source, implementation: "ViewTreeAnimator", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "s"), worst: stats.worst, tolerance: rampTolerance)
    }
}

/// A custom transaction value (`TransactionKey`), false unless set.
private struct FlagKey: TransactionKey {
    static let defaultValue = false
}
