/// SwiftUI's `interpolatingSpring` presets: all `InterpolatingSpringAnimation`, analytic on unit
/// progress, chained (not merged) on interruption. `initialVelocity` is in intervals per second.
extension Animation {
    /// A spring of mass m, stiffness k and damping c. - Precondition: m > 0, k > 0.
    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation {
        Animation(InterpolatingSpringAnimation(
            mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// A spring of perceptual `duration` and `bounce`, as SwiftUI maps them: mass 1,
    /// k = (2π / duration)², c = 2√k · dampingFraction(bounce) (unclamped).
    /// - Precondition: `duration > 0`.
    public static func interpolatingSpring(
        duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) -> Animation {
        precondition(duration > 0 && duration.isFinite,
                     "interpolatingSpring duration must be finite and > 0 (got \(duration))")
        let frequency = 2 * Double.pi / duration
        let stiffness = frequency * frequency
        let damping = 2 * stiffness.squareRoot() * dampingFraction(bounce: bounce)
        return interpolatingSpring(stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// A spring from a `Spring` value: its mass, stiffness and damping.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        interpolatingSpring(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: initialVelocity)
    }

    /// `interpolatingSpring(duration: 0.5, bounce: 0)`.
    public static var interpolatingSpring: Animation { interpolatingSpring() }
}
