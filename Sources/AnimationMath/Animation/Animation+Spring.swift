/// SwiftUI's `.spring` family: every one is a `FluidSpringAnimation` (the 1/300 s integrator that
/// merges), differing only in parameters.
///
/// Parameter mappings (AnimationMath.docc/SpringAnimationIntegrator.md, Apple's documentation, SwiftUI's inlinable bodies):
/// - `spring(duration:bounce:)`: response = duration, dampingFraction = b < 0 ? 1/(b + 1) : 1 − b,
///   not clamped (a bounce above 1 gives a negative damping fraction, as in SwiftUI).
/// - `.spring` and `.spring()` are duration 0.5, bounce 0 (ζ = 1); the older
///   `spring(response:dampingFraction:blendDuration:)` keeps its defaults 0.5, 0.825, 0 and is
///   disfavoured so that `.spring()` means the former, as in SwiftUI.
/// - `smooth`, `snappy`, `bouncy`: bounce 0, 0.15, 0.3 plus `extraBounce` (unclamped), duration 0.5.
/// - `interactiveSpring`: duration 0.15, bounce 0.15 (ζ 0.85), blendDuration 0.25; the older
///   `interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)` is disfavoured.
extension Animation {
    /// SwiftUI's mapping from bounce to damping fraction, unclamped.
    @inlinable
    package static func dampingFraction(bounce: Double) -> Double {
        bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
    }

    /// A persistent spring of perceptual `duration` and `bounce`; merges with a running spring,
    /// keeping its velocity, and blends a change of duration over `blendDuration`.
    /// - Precondition: `duration ≥ 0`, `blendDuration ≥ 0`, finite; `bounce ≠ −1`.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: dampingFraction(bounce: bounce), blendDuration: blendDuration)
    }

    /// A persistent spring given by its response and damping fraction (SwiftUI's older overload).
    /// - Precondition: `response ≥ 0`, `blendDuration ≥ 0`, finite.
    @_disfavoredOverload
    public static func spring(
        response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Animation {
        Animation(FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A persistent spring from a `Spring` value: its response and damping ratio.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        Self.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    /// `spring(duration: 0.5, bounce: 0)`.
    public static var spring: Animation { spring() }

    /// No bounce: `spring(duration: duration, bounce: extraBounce)`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }
    /// `smooth(duration: 0.5, extraBounce: 0)`.
    public static var smooth: Animation { smooth() }

    /// A little bounce: `spring(duration: duration, bounce: 0.15 + extraBounce)`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// `snappy(duration: 0.5, extraBounce: 0)`.
    public static var snappy: Animation { snappy() }

    /// More bounce: `spring(duration: duration, bounce: 0.3 + extraBounce)`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }
    /// `bouncy(duration: 0.5, extraBounce: 0)`.
    public static var bouncy: Animation { bouncy() }

    /// A short spring for interactive changes: `spring(duration:bounce: 0.15 + extraBounce, blendDuration:)`.
    public static func interactiveSpring(
        duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25
    ) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// A short spring for interactive changes, given by response and damping fraction (SwiftUI's
    /// older overload, with its defaults 0.15, 0.86, 0.25).
    @_disfavoredOverload
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// Duration 0.15, bounce 0.15 (ζ 0.85), blendDuration 0.25.
    public static var interactiveSpring: Animation { interactiveSpring() }
}
