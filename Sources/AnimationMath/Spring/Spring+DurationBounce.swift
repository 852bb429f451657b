// Spring+DurationBounce.swift — SwiftUI's (duration, bounce) parameterisation and the presets.
//
// Accuracy contract
// -----------------
// The bounce → damping-ratio map is exact for 0 ≤ b ≤ 1 when 1 − b is representable (Sterbenz for
// b ≥ ½, otherwise one rounding) and one rounding for −1 < b < 0 (1/(1 + b), two roundings);
// then `init(response:dampingRatio:)` applies (≤ 4 ulps in every stored number).
// `bounce` reads back within a few ulps of the input for 0 ≤ b ≤ 1 and −1 < b < 0.
//
// Goals: 1. SwiftUI's mapping exactly, including its out-of-range behaviour (AnimationMath.docc/Springs.md);
// 2. round trips within a few ulps.

extension Spring {
    /// Creates a spring with the specified duration and bounce.
    ///
    /// The bounce maps to a damping ratio as SwiftUI does:
    /// - 0 ≤ b ≤ 1: ζ = 1 − b (0 is critically damped, 1 undamped);
    /// - b > 1: ζ = 0 (undamped; `bounce` then reads back as 1);
    /// - −1 < b < 0: ζ = 1/(1 + b) (overdamped);
    /// - b ≤ −1 (or NaN): ζ = NaN, and so is every value the spring computes.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds; the spring's `response` (the period of
    ///     the undamped spring).
    ///   - bounce: How bouncy the spring is, nominally in [−1, 1].
    @inlinable
    public init(duration: Double = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(bounce: bounce))
    }

    /// SwiftUI's bounce → damping-ratio map (see `init(duration:bounce:)`).
    @inlinable
    internal static func dampingRatio(bounce b: Double) -> Double {
        if b > 1 { return 0 }
        if b >= 0 { return 1 - b }
        if b > -1 { return 1 / (1 + b) }
        return .nan  // b ≤ −1 or NaN
    }

    /// The perceptual duration, 2π/ω0; the same as `response`.
    @inlinable
    public var duration: Double { response }

    /// How bouncy the spring is: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1 (in (−1, 0)).
    ///
    /// Negative damping (ζ < 0) reads back as a bounce above 1.
    @inlinable
    public var bounce: Double {
        let ζ = dampingRatio
        return ζ <= 1 ? 1 - ζ : 1 / ζ - 1
    }
}

// MARK: - Presets

extension Spring {
    /// A smooth spring with no bounce: duration 0.5, bounce 0 (critically damped).
    public static var smooth: Spring { smooth() }

    /// A snappy spring with a small bounce: duration 0.5, bounce 0.15.
    public static var snappy: Spring { snappy() }

    /// A bouncy spring: duration 0.5, bounce 0.3.
    public static var bouncy: Spring { bouncy() }

    /// A smooth spring (bounce 0) with the given duration; `extraBounce` is added unclamped.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring (bounce 0.15) with the given duration; `extraBounce` is added unclamped.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring (bounce 0.3) with the given duration; `extraBounce` is added unclamped.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
