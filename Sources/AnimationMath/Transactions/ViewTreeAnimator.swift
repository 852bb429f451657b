/// The values of a ``ViewNode`` tree animated through changes of state: each change's transaction
/// resolved top-down to the transaction every value sees, each value then run by its own
/// ``Animator`` exactly as a lone value is, and each change's completion reported once for all the
/// animations it started.
///
/// ```swift
/// var tree = ViewTreeAnimator(ViewNode(children: [
///     ViewNode(values: ["opacity"]),
///     ViewNode(modifiers: [.transaction { $0.animation = nil }], values: ["offset"]),
/// ]), values: ["opacity": 0, "offset": 0])
/// // withAnimation(.linear(duration: 1)) { opacity = 1; offset = 100 }
/// tree.apply(["opacity": 1, "offset": 100], transaction: Transaction(animation: .linear(duration: 1)), at: 0)
/// tree.frame(at: 0.5)    // opacity 0.5 (linear), offset 100 (the subtree is frozen: it jumps)
/// ```
public struct ViewTreeAnimator {
    /// The tree whose modifiers resolve each change's transaction.
    public let tree: ViewNode
    /// The tree's values, in ``ViewNode/valueNames`` order: the order of ``frame(at:)``'s frames.
    public let valueNames: [String]

    private var animators: [Animator<Double>]
    private let indexOfValue: [String: Int]
    /// Every named number — the values' models and the plain state — as the last change left it.
    private var state: [String: Double]
    private var pending: [PendingCompletion] = []
    private var events: [AnimationCompletionEvent] = []
    private var nextSerial = 0

    private struct PendingCompletion {
        var completion: AnimationCompletion
        var serial: Int
        /// How many of the change's values have not yet reported their own completion.
        var remaining: Int
    }

    /// A tree showing `values`: the initial value of every value of the tree, plus any plain state
    /// (named numbers that modifiers monitor but no node draws).
    ///
    /// - Precondition: the tree's value names are distinct and each has an initial value.
    public init(_ tree: ViewNode, values: [String: Double]) {
        self.tree = tree
        valueNames = tree.valueNames
        var index: [String: Int] = [:]
        for (position, name) in valueNames.enumerated() {
            precondition(index[name] == nil, "ViewTreeAnimator: the tree draws the value \"\(name)\" twice")
            index[name] = position
        }
        indexOfValue = index
        animators = valueNames.map { name in
            guard let value = values[name] else { preconditionFailure("ViewTreeAnimator: no initial value for \"\(name)\"") }
            return Animator(value: value)
        }
        state = values
    }

    /// The model of a value or piece of state: the latest value set (nil for an unknown name).
    public func model(of name: String) -> Double? { state[name] }

    /// Completions fired so far, in the order they fired.
    public var completionEvents: [AnimationCompletionEvent] { events }

    /// Applies a change of state at `time`: `changes` sets values and state by name, in one
    /// transaction whose root is `transaction` (`withAnimation(animation) { … }` is
    /// `Transaction(animation: animation)`; a change made without it has no animation).
    ///
    /// Every value the change sets goes to its ``Animator`` with the animation of the transaction
    /// it sees (``ViewNode/resolve(_:changed:)``). That is all a value reads: `disablesAnimations`
    /// has done its work on the way down, by stopping implicit animations from replacing the
    /// transaction's animation, and does not stop the transaction's own animation. Apple documents
    /// only the first half ("to prevent animation(_:) from inserting new animations into the
    /// transaction", `Transaction.disablesAnimations`); the second is OpenSwiftUI's reading (its
    /// animatable attribute animates with the transaction's `animation`, never reading the flag) —
    /// *unverified* on a device. A value whose model does not change starts no animation.
    ///
    /// - Precondition: every name in `changes` is a value of the tree or a piece of state given to `init`.
    public mutating func apply(_ changes: [String: Double], transaction: Transaction, at time: Double) {
        for name in changes.keys {
            precondition(state[name] != nil, "ViewTreeAnimator: \"\(name)\" is neither a value of the tree nor state")
        }
        let before = state
        let resolved = tree.resolve(transaction) { name in changes[name].map { $0 != before[name] } ?? false }
        let serial = nextSerial
        nextSerial += 1
        let perValue = transaction.completion.map { AnimationCompletion(id: serial, criteria: $0.criteria) }
        var touched = 0
        for (name, seen) in resolved {
            guard let newValue = changes[name] else { continue }
            animators[indexOfValue[name]!].setValue(
                newValue, transaction: Transaction(animation: seen.animation, completion: perValue), at: time)
            touched += 1
        }
        for (name, value) in changes { state[name] = value }
        if let completion = transaction.completion {
            pending.append(PendingCompletion(completion: completion, serial: serial, remaining: touched))
        }
        collectCompletions(at: time)
    }

    /// The frame at `time` of every value, in ``valueNames`` order, firing the completions due.
    ///
    /// - Complexity: O(values) animator frames.
    public mutating func frame(at time: Double) -> [Animator<Double>.Frame] {
        let frames = animators.indices.map { animators[$0].frame(at: time) }
        collectCompletions(at: time)
        return frames
    }

    /// A change's completion fires once, when every value it set has reported its own completion
    /// under the change's criteria — at once if it set none.
    ///
    /// Apple (developer.apple.com/documentation/swiftui/withanimation(_:completioncriteria:_:completion:)):
    /// it "runs the completion when all animations are complete"; "The completion callback will
    /// always be fired exactly one time. If no animations are created by the changes in body, then
    /// the callback will be called immediately after body." Each value's own completion follows
    /// ``AnimationCompletionCriteria`` on its ``Animator`` (a value that starts no animation reports
    /// at once), so the change's completion fires when the last of them does: for
    /// `.logicallyComplete` when the slowest of its animations is logically complete, for `.removed`
    /// when the last value it animated has no animation left.
    private mutating func collectCompletions(at time: Double) {
        for index in pending.indices where pending[index].remaining == 0 {
            pending[index].remaining = -1
            record(pending[index].completion, at: time)
        }
        for index in animators.indices where !animators[index].completionEvents.isEmpty {
            for event in animators[index].completionEvents {
                guard let slot = pending.firstIndex(where: { $0.serial == event.id }) else { continue }
                pending[slot].remaining -= 1
                if pending[slot].remaining == 0 {
                    pending[slot].remaining = -1
                    record(pending[slot].completion, at: event.time)
                }
            }
            animators[index].removeAllCompletionEvents()
        }
        pending.removeAll { $0.remaining < 0 }
    }

    private mutating func record(_ completion: AnimationCompletion, at time: Double) {
        let event = AnimationCompletionEvent(id: completion.id, time: time, criteria: completion.criteria)
        events.append(event)
        completion.handler?(event)
    }
}
