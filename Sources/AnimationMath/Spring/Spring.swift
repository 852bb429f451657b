// Spring.swift — the `Spring` value type: storage, regime, description.
//
// Accuracy contract
// -----------------
// A `Spring` is stored as the four numbers the closed form needs, each computed once, from the
// caller's own parameters, with at most a few roundings (see the initialisers' files):
//   ω   `angularFrequency`   signed: > 0 the damped frequency ω_d = ω0·√(1 − ζ²) (underdamped),
//                            0 critically damped, < 0 overdamped with |ω| = μ = ω0·√(ζ² − 1);
//   λ   `decayConstant`      c / 2m = ζ·ω0;
//   m   `mass`;
//   ω0  `naturalFrequency`   √(k/m).
// SwiftUI stores only (ω, λ, m) (AnimationMath.docc/Springs.md). Hooke stores ω0 as well, because recovering it as
// √(λ² + ω|ω|) cancels catastrophically for overdamped springs (ζ = 1000 loses six digits) and
// because ω0 and ω computed from ζ directly are within an ulp or two of exact, where the
// difference of squares is not.
//
// Goals, in order: 1. SwiftUI's documented semantics, conversions and numbers; 2. physically right
// values where SwiftUI has errata (documented next to each); 3. no catastrophic cancellation, no
// overflow and no NaN for any finite, non-negative damping at any time; 4. speed: evaluation is two
// scalar coefficients and two `scale` calls on the generic value.
//
// The solution itself lives in Spring+Evaluation.swift; conversions in Spring+DurationBounce.swift,
// Spring+ResponseDampingRatio.swift, Spring+MassStiffnessDamping.swift; SwiftUI's settling time in
// Spring+Settling.swift; the exact per-step matrix in SpringTransition.swift.

/// A representation of a spring's motion: SwiftUI's `Spring`, computed exactly.
///
/// The motion solves `m x'' + c x' + k (x − target) = 0` from `x(0) = 0` (or `fromValue`) with a
/// given initial velocity. Create one from any of SwiftUI's parameterisations:
///
///     let spring = Spring(duration: 0.5, bounce: 0.3)
///     (spring.mass, spring.stiffness, spring.damping)  // (1.0, 157.91…, 17.59…)
///
/// Equality and hashing compare the stored representation (ω, λ, m, ω0) exactly, so two springs
/// are equal exactly when they evaluate to the same bits. Springs built from NaN parameters (for
/// example `bounce ≤ −1`) are not equal to themselves, like `Double.nan`.
public struct Spring: Hashable, Sendable {
    /// Signed angular frequency ω in rad/s: the damped frequency (> 0), 0 (critical), or −μ (< 0)
    /// where μ = √(λ² − ω0²) (overdamped).
    @usableFromInline
    internal var _angularFrequency: Double

    /// Decay constant λ = c / 2m = ζ·ω0 in 1/s. Negative for negative damping (a growing motion).
    @usableFromInline
    internal var _decayConstant: Double

    /// Mass m, the default 1 unless `init(mass:stiffness:damping:allowOverDamping:)` set it.
    @usableFromInline
    internal var _mass: Double

    /// Undamped natural frequency ω0 = √(k/m) = 2π / response, in rad/s.
    @usableFromInline
    internal var _naturalFrequency: Double

    /// Creates a spring from its stored representation; every public initialiser ends here.
    @inlinable
    internal init(angularFrequency: Double, decayConstant: Double, mass: Double, naturalFrequency: Double) {
        _angularFrequency = angularFrequency
        _decayConstant = decayConstant
        _mass = mass
        _naturalFrequency = naturalFrequency
    }

    /// Creates the spring with natural frequency ω0, damping ratio ζ and mass m.
    ///
    /// ω is computed from |ζ| as ω0·√((1 − |ζ|)(1 + |ζ|)) (or ω0·√((|ζ| − 1)(|ζ| + 1)) when
    /// |ζ| > 1): both factors are exact or nearly so for |ζ| near 1, where `1 − ζ²` would round ζ²
    /// first and lose digits (ζ = 1 − 1e-12: `1 − ζ*ζ` is off by ~1e-4 relative). Negative ζ
    /// (growing motion) oscillates for |ζ| < 1 and does not for |ζ| ≥ 1, like positive ζ.
    @inlinable
    internal init(naturalFrequency ω0: Double, dampingRatio ζ: Double, mass: Double) {
        let a = abs(ζ)
        let ω: Double
        if a < 1 {
            ω = ω0 * ((1 - a) * (1 + a)).squareRoot()
        } else if a == 1 {
            ω = 0
        } else {
            // |ζ| > 1 or NaN: overdamped (NaN propagates into ω).
            ω = -(ω0 * ((a - 1) * (a + 1)).squareRoot())
        }
        self.init(angularFrequency: ω, decayConstant: ζ * ω0, mass: mass, naturalFrequency: ω0)
    }

    // MARK: Stored representation, read-only (Hooke additions)

    /// Signed angular frequency ω (rad/s): the damped frequency when > 0, 0 at critical damping,
    /// −√(λ² − ω0²) when overdamped. SwiftUI's own stored property.
    @inlinable
    public var angularFrequency: Double { _angularFrequency }

    /// Decay constant λ = c / 2m (1/s). SwiftUI's own stored property.
    @inlinable
    public var decayConstant: Double { _decayConstant }

    /// Undamped natural frequency ω0 = √(k/m) (rad/s).
    @inlinable
    public var naturalFrequency: Double { _naturalFrequency }
}

// MARK: - Regime

extension Spring {
    /// How a spring moves, by its damping ratio ζ.
    public enum Regime: String, Sendable, CaseIterable {
        /// ζ = 0: oscillates forever with constant amplitude.
        case undamped
        /// 0 < ζ < 1: oscillates with a decaying amplitude.
        case underdamped
        /// ζ = 1: the fastest return without overshoot. Also the degenerate spring with no
        /// stiffness and no damping (a free particle), whose solution takes the same branch.
        case criticallyDamped
        /// ζ > 1: returns without oscillation, more slowly than critical damping.
        case overdamped
        /// ζ < 0: the motion grows without bound (oscillating when ζ > −1).
        case negativeDamping
    }

    /// The spring's regime, read from the stored representation: the damping ratio ζ it was made
    /// with decides (negative, 0, below 1, exactly 1, above 1), whatever its natural frequency —
    /// a zero response (infinite stiffness) included.
    ///
    /// A spring with a NaN parameter reports `.overdamped`, whatever its damping ratio: `bounce ≤ −1`
    /// (the regime it tends to as the bounce decreases to −1, ζ = 1/(1 + b) → ∞), a NaN duration,
    /// response, damping ratio, stiffness, damping or mass, a negative stiffness (ω0 = √(k/m) is NaN)
    /// and a zero response with ζ = 0 (λ = 0·∞). Its values are NaN.
    public var regime: Regime {
        let λ = _decayConstant, ω = _angularFrequency
        if λ.isNaN || ω.isNaN || _naturalFrequency.isNaN { return .overdamped }
        if λ < 0 { return .negativeDamping }
        if λ == 0 && _naturalFrequency > 0 { return .undamped }
        if ω > 0 { return .underdamped }
        if ω == 0 { return .criticallyDamped }
        return .overdamped
    }
}

// MARK: - CustomStringConvertible

extension Spring: CustomStringConvertible {
    /// `Spring(response: …, dampingRatio: …, mass: …)`, with each number printed so it round-trips.
    public var description: String {
        "Spring(response: \(response), dampingRatio: \(dampingRatio), mass: \(mass))"
    }
}
