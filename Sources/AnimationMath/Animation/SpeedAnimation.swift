/// An animation whose base runs `speed` times faster: the base sees s · t and its velocity is
/// scaled by s (d/dt of base(s·t) is s · base′(s·t)).
///
/// Composes in call order (see `DelayAnimation`). Merging (SwiftUI's rule, per OpenSwiftUI's
/// audited `SpeedAnimation`): only with the same speed modifier at the same speed, and then only if
/// the base merges with the previous base at the sped-up time s · time.
@usableFromInline package struct SpeedAnimation: CustomAnimation, CustomStringConvertible {
    @usableFromInline package var base: Animation
    @usableFromInline package var speed: Double

    /// - Precondition: `speed > 0` and finite (0 would freeze the animation forever, a negative
    ///   speed would run it backwards from before its start).
    @usableFromInline package init(base: Animation, speed: Double) {
        precondition(speed > 0 && speed.isFinite, "speed must be finite and > 0 (got \(speed))")
        self.base = base
        self.speed = speed
    }

    @usableFromInline package var description: String { "\(base).speed(\(animationDescription(speed)))" }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time * speed, context: &context)
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time * speed, context: context)?.scaled(by: speed)
    }

    /// `animate`, then `velocity` when asked: the base's own combined step at the sped-up time.
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        guard let step = base.animateThenVelocity(
            value: value, time: time * speed, context: &context, wantsVelocity: wantsVelocity)
        else { return nil }
        return (step.value, step.velocity?.scaled(by: speed))
    }

    @inlinable
    package func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? SpeedAnimation, previous.speed == speed else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: time * speed, context: &context)
    }
}

extension Animation {
    /// This animation run `speed` times faster (`speed(2)` halves its duration).
    /// - Precondition: `speed > 0` and finite.
    public func speed(_ speed: Double) -> Animation {
        Animation(SpeedAnimation(base: self, speed: speed))
    }
}
