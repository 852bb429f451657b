// Each rule of the transaction system with a worked tree: the expected values come from the rule
// (which animation a value must run) and the closed form of a linear curve — Δ·t/d from where the
// value was, or the new value at once when it runs no animation — never from Hooke's output.

import AnimationMath
import Testing

private struct AvatarTappedKey: TransactionKey {
    static let defaultValue = false
}

private extension Transaction {
    var avatarTapped: Bool {
        get { self[AvatarTappedKey.self] }
        set { self[AvatarTappedKey.self] = newValue }
    }
}

@Suite("Transactions: which animation each value of a tree runs")
struct ViewTreeAnimatorTests {
    /// A linear curve is evaluated as Δ·(t/d) with t, d and Δ exact in binary here: one rounding of
    /// a product ≤ 10 (≈ 1e-15). 1e-12 leaves room and is far below any wrong animation, which
    /// misses by a large fraction of Δ.
    static let linearTolerance = 1e-12

    /// withAnimation(.linear(duration: d)): a transaction whose animation is a linear ramp.
    static func withLinear(_ duration: Double) -> Transaction { Transaction(animation: .linear(duration: duration)) }

    /// The frame values at `time`, by name.
    static func values(_ tree: inout ViewTreeAnimator, at time: Double) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: zip(tree.valueNames, tree.frame(at: time).map(\.value)))
    }

    static func expectValues(_ tree: inout ViewTreeAnimator, at time: Double, _ expected: [String: Double],
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let got = values(&tree, at: time)
        for (name, value) in expected {
            let actual = got[name] ?? .nan
            #expect(abs(actual - value) <= linearTolerance, "\(name) at t = \(time): \(actual), expected \(value)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("withAnimation's animation reaches every value the change sets, in every subtree")
    func explicitReachesEveryValue() {
        var tree = ViewTreeAnimator(ViewNode(values: ["a"], children: [ViewNode(values: ["b"])]),
                                    values: ["a": 0, "b": 0])
        tree.apply(["a": 1, "b": 10], transaction: Self.withLinear(1), at: 0)
        // linear(1) from 0: a = 1·t, b = 10·t.
        Self.expectValues(&tree, at: 0.25, ["a": 0.25, "b": 2.5])
        Self.expectValues(&tree, at: 0.75, ["a": 0.75, "b": 7.5])
        Self.expectValues(&tree, at: 1.5, ["a": 1, "b": 10])
    }

    @Test("a change without an animation jumps every value at once")
    func noAnimationJumps() {
        var tree = ViewTreeAnimator(ViewNode(values: ["a"]), values: ["a": 0])
        tree.apply(["a": 4], transaction: Transaction(), at: 0)
        Self.expectValues(&tree, at: 0, ["a": 4])
    }

    @Test(".animation(_:value:) replaces the transaction's animation only when its value changed")
    func implicitReplacesOnlyWhenItsValueChanged() {
        let node = ViewNode(modifiers: [.animation(.linear(duration: 2), value: "flag")], values: ["x"])
        // flag does not change: the explicit linear(1) stays: x = 4·t.
        var unchanged = ViewTreeAnimator(node, values: ["x": 0, "flag": 0])
        unchanged.apply(["x": 4, "flag": 0], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&unchanged, at: 0.5, ["x": 2])
        // flag changes: linear(2) replaces it: x = 4·t/2.
        var changed = ViewTreeAnimator(node, values: ["x": 0, "flag": 0])
        changed.apply(["x": 4, "flag": 1], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&changed, at: 0.5, ["x": 1])
        // No withAnimation at all: the implicit animation alone animates the change.
        var implicitOnly = ViewTreeAnimator(node, values: ["x": 0, "flag": 0])
        implicitOnly.apply(["x": 4, "flag": 1], transaction: Transaction(), at: 0)
        Self.expectValues(&implicitOnly, at: 0.5, ["x": 1])
        // .animation(nil, value: flag): "If animation is nil, the view doesn't animate."
        let nilNode = ViewNode(modifiers: [.animation(nil, value: "flag")], values: ["x"])
        var none = ViewTreeAnimator(nilNode, values: ["x": 0, "flag": 0])
        none.apply(["x": 4, "flag": 1], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&none, at: 0, ["x": 4])
    }

    @Test("the modifier nearest a value wins: .animation(_:value:) written later wraps the earlier one")
    func nearestImplicitWins() {
        // Image.shadow(…).animation(.smooth-like linear(4), value: s).scaleEffect(…).animation(linear(2), value: s)
        let tree = ViewNode(modifiers: [.animation(.linear(duration: 2), value: "s")], values: ["scale"], children: [
            ViewNode(modifiers: [.animation(.linear(duration: 4), value: "s")], values: ["shadow"]),
        ])
        var animator = ViewTreeAnimator(tree, values: ["scale": 0, "shadow": 0, "s": 0])
        animator.apply(["scale": 8, "shadow": 8, "s": 1], transaction: Transaction(), at: 0)
        Self.expectValues(&animator, at: 1, ["scale": 4, "shadow": 2])
    }

    @Test("disablesAnimations stops implicit replacement; the transaction's own animation still runs")
    func disablesAnimationsStopsImplicitReplacement() {
        let tree = ViewNode(modifiers: [.animation(.linear(duration: 2), value: "flag")], values: ["x"], children: [
            ViewNode(modifiers: [.scopedAnimation(.linear(duration: 4), body: ["y"])]),
        ])
        var transaction = Self.withLinear(1)
        transaction.disablesAnimations = true
        var animator = ViewTreeAnimator(tree, values: ["x": 0, "y": 0, "flag": 0])
        animator.apply(["x": 4, "y": 4, "flag": 1], transaction: transaction, at: 0)
        // Neither linear(2) nor the scoped linear(4) replaces linear(1): both at 4·0.5.
        Self.expectValues(&animator, at: 0.5, ["x": 2, "y": 2])
        // Without the flag the same change runs linear(2) on x and linear(4) on y.
        var enabled = ViewTreeAnimator(tree, values: ["x": 0, "y": 0, "flag": 0])
        enabled.apply(["x": 4, "y": 4, "flag": 1], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&enabled, at: 0.5, ["x": 1, "y": 0.5])
    }

    @Test(".transaction { $0.animation = nil } freezes its subtree while its siblings animate")
    func transactionNilFreezesSubtree() {
        let tree = ViewNode(children: [
            ViewNode(values: ["moving"]),
            ViewNode(modifiers: [.transaction { $0.animation = nil }], values: ["frozen"], children: [
                ViewNode(values: ["frozenChild"]),
            ]),
        ])
        var animator = ViewTreeAnimator(tree, values: ["moving": 0, "frozen": 0, "frozenChild": 0])
        animator.apply(["moving": 2, "frozen": 2, "frozenChild": 2], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&animator, at: 0, ["moving": 0, "frozen": 2, "frozenChild": 2])
        Self.expectValues(&animator, at: 0.5, ["moving": 1, "frozen": 2, "frozenChild": 2])
    }

    @Test(".transaction(_:) transforms the animation: delay(0.5).speed(2) of linear(1)")
    func transactionTransformsAnimation() {
        let tree = ViewNode(modifiers: [.transaction { $0.animation = $0.animation?.delay(0.5).speed(2) }], values: ["x"])
        var animator = ViewTreeAnimator(tree, values: ["x": 0])
        animator.apply(["x": 4], transaction: Self.withLinear(1), at: 0)
        // delay(0.5).speed(2): the delay lasts 0.5/2 = 0.25 s of real time, then linear(1) at twice
        // the speed: x = 4·(2t − 0.5) for 0.25 ≤ t ≤ 0.75.
        Self.expectValues(&animator, at: 0.25, ["x": 0])
        Self.expectValues(&animator, at: 0.5, ["x": 2])
    }

    @Test(".transaction(value:_:) transforms only when its value changed")
    func valueTransactionOnlyWhenChanged() {
        let node = ViewNode(modifiers: [.valueTransaction(value: "flag") { $0.animation = .linear(duration: 2) }], values: ["x"])
        var changed = ViewTreeAnimator(node, values: ["x": 0, "flag": 0])
        changed.apply(["x": 4, "flag": 1], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&changed, at: 0.5, ["x": 1])
        var unchanged = ViewTreeAnimator(node, values: ["x": 0, "flag": 0])
        unchanged.apply(["x": 4], transaction: Self.withLinear(1), at: 0)
        Self.expectValues(&unchanged, at: 0.5, ["x": 2])
    }

    @Test(".animation(_:body:) animates only the modifiers inside its body")
    func scopedAnimationOnlyInsideBody() {
        // MyView(content).animation(linear(2)) { $0.opacity(…) }, and a child below the content.
        let tree = ViewNode(modifiers: [.scopedAnimation(.linear(duration: 2), body: ["opacity"])],
                            values: ["content"], children: [ViewNode(values: ["child"])])
        var explicit = ViewTreeAnimator(tree, values: ["opacity": 0, "content": 0, "child": 0])
        explicit.apply(["opacity": 1, "content": 4, "child": 4], transaction: Self.withLinear(1), at: 0)
        // opacity runs linear(2); content and its child keep the transaction's linear(1).
        Self.expectValues(&explicit, at: 0.5, ["opacity": 0.25, "content": 2, "child": 2])
        // Without withAnimation only the body animates; the rest jumps.
        var implicit = ViewTreeAnimator(tree, values: ["opacity": 0, "content": 0, "child": 0])
        implicit.apply(["opacity": 1, "content": 4, "child": 4], transaction: Transaction(), at: 0)
        Self.expectValues(&implicit, at: 0.5, ["opacity": 0.25, "content": 4, "child": 4])
    }

    @Test("a custom TransactionKey set above is read below; elsewhere it reads as its default")
    func customKeyReadBelowWhereSet() {
        #expect(Transaction().avatarTapped == false)  // defaultValue
        let reader = TransactionModifier.transaction { $0.animation = $0.avatarTapped ? .linear(duration: 2) : .linear(duration: 1) }
        let tree = ViewNode(children: [
            ViewNode(modifiers: [.transaction { $0.avatarTapped = true }], children: [
                ViewNode(modifiers: [reader], values: ["below"]),
            ]),
            ViewNode(modifiers: [reader], values: ["beside"]),
        ])
        var animator = ViewTreeAnimator(tree, values: ["below": 0, "beside": 0])
        animator.apply(["below": 4, "beside": 4], transaction: Transaction(), at: 0)
        Self.expectValues(&animator, at: 0.5, ["below": 1, "beside": 2])
        // withTransaction(\.avatarTapped, true): set at the root, every reader sees it.
        var root = Transaction()
        root.avatarTapped = true
        var all = ViewTreeAnimator(tree, values: ["below": 0, "beside": 0])
        all.apply(["below": 4, "beside": 4], transaction: root, at: 0)
        Self.expectValues(&all, at: 0.5, ["below": 1, "beside": 1])
    }

    @Test("withAnimation's completion fires once, when the last of its animations completes")
    func completionFiresOnceForAll() {
        // a runs linear(1); b runs linear(2), logically complete after 0.5 s. Frames every 0.5 s.
        // A linear ramp of d returns a value while t ≤ d and ends at the first frame past d:
        // a ends (and is logically complete) at 1.5, b is logically complete at 0.5 and ends at 2.5.
        let tree = ViewNode(values: ["a"], children: [
            ViewNode(modifiers: [.transaction { $0.animation = .linear(duration: 2).logicallyComplete(after: 0.5) }], values: ["b"]),
        ])
        for (criteria, expected) in [(AnimationCompletionCriteria.logicallyComplete, 1.5), (.removed, 2.5)] {
            var animator = ViewTreeAnimator(tree, values: ["a": 0, "b": 0])
            var handled = 0
            var transaction = Self.withLinear(1)
            transaction.completion = AnimationCompletion(id: 7, criteria: criteria) { _ in handled += 1 }
            animator.apply(["a": 1, "b": 1], transaction: transaction, at: 0)
            for time in stride(from: 0.0, through: 3, by: 0.5) { _ = animator.frame(at: time) }
            #expect(animator.completionEvents == [AnimationCompletionEvent(id: 7, time: expected, criteria: criteria)])
            #expect(handled == 1)
        }
    }

    @Test("a completion fires at once when its change starts no animation")
    func completionWithoutAnimationFiresAtOnce() {
        let tree = ViewNode(modifiers: [.transaction { $0.animation = nil }], values: ["a"])
        var animator = ViewTreeAnimator(tree, values: ["a": 0, "state": 0])
        var transaction = Self.withLinear(1)
        transaction.completion = AnimationCompletion(id: 1, criteria: .removed)
        animator.apply(["a": 1], transaction: transaction, at: 0.25)        // frozen: no animation
        transaction.completion = AnimationCompletion(id: 2)
        animator.apply(["state": 1], transaction: transaction, at: 0.5)     // sets no value of the tree
        #expect(animator.completionEvents == [
            AnimationCompletionEvent(id: 1, time: 0.25, criteria: .removed),
            AnimationCompletionEvent(id: 2, time: 0.5, criteria: .logicallyComplete),
        ])
    }
}
