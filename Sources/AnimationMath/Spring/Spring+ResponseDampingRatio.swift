// Spring+ResponseDampingRatio.swift — SwiftUI's (response, dampingRatio) parameterisation.
//
// Accuracy contract
// -----------------
// `init(response:dampingRatio:)` rounds three times: ω0 = 2π/r (one rounding on top of the
// rounding of 2π), λ = ζ·ω0 (one), ω = ω0·√((1 − ζ)(1 + ζ)) (three or four, all relative, no
// cancellation because 1 − ζ is exact for ζ in [½, 2] by Sterbenz's lemma). Every stored number
// is therefore within 4 ulps of the exact value for the given r and ζ.
// The getters `response` (2π/ω0) and `dampingRatio` (λ/ω0) are within 2 ulps of the inputs.
//
// Goals: 1. SwiftUI's semantics (no clamping, so ζ < 0 gives a growing spring); 2. accuracy near
// critical damping.

extension Spring {
    /// Creates a spring with the specified response and damping ratio.
    ///
    /// With mass m = 1: stiffness k = m(2π/r)², damping c = 4πζm/r, i.e. ω0 = 2π/|r|, λ = c/2m.
    /// Nothing is clamped: ζ = 0 never settles, ζ < 0 grows, ζ > 1 is overdamped. A negative
    /// response keeps those formulas: the stiffness of |r| with damping 4πζ/r, whose sign flips
    /// (so `response` reads back |r| and `dampingRatio` −ζ).
    ///
    /// - Parameters:
    ///   - response: The period of the undamped spring, in seconds (the stiffness as a duration).
    ///   - dampingRatio: ζ, the damping as a fraction of the damping that makes it critical.
    @inlinable
    public init(response: Double, dampingRatio: Double) {
        self.init(naturalFrequency: 2 * Double.pi / abs(response),
                  dampingRatio: response < 0 ? -dampingRatio : dampingRatio, mass: 1)
    }

    /// The period of the undamped spring, 2π/ω0 = 2π/√(k/m); the same as `duration`.
    ///
    /// SwiftUI computes 2π/√(λ² + ω|ω|); Hooke uses the stored ω0, which is equal in exact
    /// arithmetic and does not cancel for overdamped springs.
    @inlinable
    public var response: Double { 2 * Double.pi / _naturalFrequency }

    /// The damping ratio ζ = λ/ω0 = c / (2√(km)): 1 is critical, below 1 bounces, above 1 is
    /// overdamped, negative grows.
    @inlinable
    public var dampingRatio: Double { _decayConstant / _naturalFrequency }
}
