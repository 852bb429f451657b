/// An animation that reports logical completion `duration` seconds after it starts, if its base has
/// not already done so (SwiftUI's `logicallyComplete(after:)`). It never keeps the animation running
/// past its base: when the base finishes first, the animator reports completion then.
///
/// Merging: only with the same modifier and duration, forwarding to the base at the same time —
/// the modifier does not transform time, so the base's own rule decides.
@usableFromInline package struct LogicallyCompleteAnimation: CustomAnimation, CustomStringConvertible {
    @usableFromInline package var base: Animation
    @usableFromInline package var duration: Double

    /// - Precondition: `duration ≥ 0` and finite.
    @usableFromInline package init(base: Animation, duration: Double) {
        precondition(duration >= 0 && duration.isFinite,
                     "logicallyComplete(after:) needs a finite duration >= 0 (got \(duration))")
        self.base = base
        self.duration = duration
    }

    @usableFromInline package var description: String { "\(base).logicallyComplete(after: \(animationDescription(duration)))" }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        let result = base.animate(value: value, time: time, context: &context)
        if time >= duration {
            context.isLogicallyComplete = true
        }
        return result
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// `animate`, then `velocity` when asked: the base's own combined step, then the flag.
    @inlinable
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        let step = base.animateThenVelocity(value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
        if time >= duration {
            context.isLogicallyComplete = true
        }
        return step
    }

    @inlinable
    package func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? LogicallyCompleteAnimation, previous.duration == duration else {
            return false
        }
        return base.shouldMerge(previous: previous.base, value: value, time: time, context: &context)
    }
}

extension Animation {
    /// This animation, reporting logical completion after `duration` seconds at the latest.
    /// - Precondition: `duration ≥ 0` and finite.
    public func logicallyComplete(after duration: Double) -> Animation {
        Animation(LogicallyCompleteAnimation(base: self, duration: duration))
    }
}
