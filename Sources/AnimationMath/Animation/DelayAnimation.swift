/// An animation that starts its base `delay` seconds late: the base sees max(0, t − delay).
///
/// During the delay the base is held at its start (its value at time 0) and the velocity is zero.
/// Modifiers compose in call order: in `a.delay(1).speed(2)` the speed modifier is outermost, so the
/// delay is measured in sped-up time and lasts 0.5 s of real time; `a.speed(2).delay(1)` waits 1 s.
///
/// Merging (SwiftUI's rule, per OpenSwiftUI's audited `DelayAnimation`): only with a previous
/// animation that is the same delay modifier with the same delay, and then only if the base merges
/// with the previous base at the delayed time max(0, time − delay).
@usableFromInline package struct DelayAnimation: CustomAnimation, CustomStringConvertible {
    @usableFromInline package var base: Animation
    /// Seconds, in the time this modifier receives.
    @usableFromInline package var delay: Double

    /// - Precondition: `delay` finite (a negative delay starts the base part-way).
    @usableFromInline package init(base: Animation, delay: Double) {
        precondition(delay.isFinite, "delay must be finite (got \(delay))")
        self.base = base
        self.delay = delay
    }

    @usableFromInline package var description: String { "\(base).delay(\(animationDescription(delay)))" }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: Swift.max(0, time - delay), context: &context)
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        guard time >= delay else { return .zero }
        return base.velocity(value: value, time: time - delay, context: context)
    }

    /// `animate`, then `velocity` when asked: the base's own combined step at the delayed time.
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        let started = time >= delay
        guard let step = base.animateThenVelocity(
            value: value, time: Swift.max(0, time - delay), context: &context, wantsVelocity: wantsVelocity && started)
        else { return nil }
        return (step.value, wantsVelocity ? (started ? step.velocity : .zero) : nil)
    }

    @inlinable
    package func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? DelayAnimation, previous.delay == delay else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: Swift.max(0, time - delay), context: &context)
    }
}

extension Animation {
    /// This animation, started `delay` seconds late (in the time this modifier receives).
    /// - Precondition: `delay` finite.
    public func delay(_ delay: Double) -> Animation {
        Animation(DelayAnimation(base: self, delay: delay))
    }
}
