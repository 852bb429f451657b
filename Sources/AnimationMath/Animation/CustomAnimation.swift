/// An animation defined by how it moves a value over time, as in SwiftUI (iOS 17).
///
/// The animator calls `animate(value:time:context:)` every frame with the animation's *interval*
/// `value` (the change it animates, target minus start) and the `time` since the animation began. The
/// result is the part of the interval covered so far (zero at the start, `value` at the end), or
/// `nil` once the animation has finished, after which the presentation shows the model value.
///
/// Per-animation state lives in `context.state`, keyed by `AnimationStateKey` types, so a value type
/// can carry an integrator's state from frame to frame and hand it over when a new animation merges.
public protocol CustomAnimation: Hashable, Sendable {
    /// The part of `value` covered at `time`, or `nil` when the animation has finished.
    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V?

    /// The rate of change of `animate` at `time`, or `nil` when the animation cannot say.
    /// SwiftUI's default is `nil`.
    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V?

    /// Whether this animation, starting while `previous` runs, takes over its state instead of being
    /// chained after it. `value` is the interval `previous` animates *before* the change (the
    /// animator adds the change afterwards) and `time` the previous animation's elapsed time.
    /// SwiftUI's default is `false`.
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool
}

extension CustomAnimation {
    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        nil
    }

    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        false
    }
}
