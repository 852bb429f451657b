/// A completion attached to one change: what to report, and when (SwiftUI's
/// `withAnimation(_:completionCriteria:_:completion:)` and `Transaction.addAnimationCompletion`).
///
/// The `id` is chosen by the caller (an index into its own table of names, a counter, ...) and comes
/// back in the `AnimationCompletionEvent`; the optional `handler` runs synchronously inside the
/// `Animator` call that fires the completion. Both are stored once, when the change is applied: no
/// per-frame work and no per-frame allocation. The handler must not touch the animator that runs it
/// (that would be an overlapping access to a value being mutated).
public struct AnimationCompletion {
    /// The caller's identifier, reported back in the event.
    public var id: Int

    /// When the completion fires.
    public var criteria: AnimationCompletionCriteria

    /// Called with the event when the completion fires, after the event has been recorded.
    public var handler: ((AnimationCompletionEvent) -> Void)?

    public init(
        id: Int,
        criteria: AnimationCompletionCriteria = .logicallyComplete,
        handler: ((AnimationCompletionEvent) -> Void)? = nil
    ) {
        self.id = id
        self.criteria = criteria
        self.handler = handler
    }
}

/// A completion that fired: which one, when, and under which criteria.
public struct AnimationCompletionEvent: Hashable, Sendable, CustomStringConvertible {
    /// The `AnimationCompletion.id` of the completion that fired.
    public var id: Int

    /// The time at which the animator observed the completion: the frame time for completions found
    /// while evaluating a frame, the change's time for completions that fire when a change is applied.
    public var time: Double

    /// The criteria the completion was registered with.
    public var criteria: AnimationCompletionCriteria

    public init(id: Int, time: Double, criteria: AnimationCompletionCriteria) {
        self.id = id
        self.time = time
        self.criteria = criteria
    }

    public var description: String { "completion \(id) (\(criteria)) at \(time)" }
}
