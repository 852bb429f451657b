// Spring+MassStiffnessDamping.swift — the physical (mass, stiffness, damping) parameterisation
// and SwiftUI's instantaneous force.
//
// Accuracy contract
// -----------------
// `init(mass:stiffness:damping:allowOverDamping:)`: ω0 = √(k/m) and λ = c/2m round twice and
// once; ω = ±√|λ² − k/m| is formed with one fused multiply-add, so the only cancellation left is
// the one inherent in the rounded k/m (the damped frequency of a spring within an ulp of critical
// is ill-conditioned in k, c, m themselves). `mass` and `damping` read back within 1 ulp,
// `stiffness` within 3 ulps of the inputs.
// The `force` functions are one multiply-add per component: within a few ulps of k·|target −
// position| + c·|velocity|.
//
// Goals: 1. the physically right stiffness (SwiftUI's getter is wrong for overdamped springs;
// `swiftUIStiffness` reproduces it); 2. SwiftUI's clamp to critical damping.

extension Spring {
    /// Creates a spring with the specified mass, stiffness, and damping.
    ///
    /// When the damping exceeds critical (c/2m > √(k/m)) and `allowOverDamping` is false, the
    /// spring is critically damped instead, as Apple documents. Hooke keeps the stiffness and
    /// lowers the damping to the critical 2√(km) (so `duration` still reflects the given stiffness
    /// and `damping` reads back as 2√(km)); SwiftUI does not document which of the two it keeps.
    /// Negative damping is never clamped (c/2m < −√(k/m) stays a growing overdamped spring).
    ///
    /// - Parameters:
    ///   - mass: The mass m attached to the spring; 1 by default.
    ///   - stiffness: The spring constant k.
    ///   - damping: The viscous damping coefficient c.
    ///   - allowOverDamping: Whether c > 2√(km) gives an overdamped spring (true) or a critically
    ///     damped one (false, the default).
    @inlinable
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let ω0Squared = stiffness / mass
        let ω0 = ω0Squared.squareRoot()
        var λ = damping / (2 * mass)
        // λ² − ω0² with the product exact: one rounding instead of two.
        let discriminant = (-ω0Squared).addingProduct(λ, λ)
        let ω: Double
        if discriminant < 0 {
            ω = (-discriminant).squareRoot()          // underdamped (or growing, λ < 0)
        } else if discriminant == 0 {
            ω = 0                                     // critically damped
        } else if discriminant > 0 && λ > 0 && !allowOverDamping {
            λ = ω0                                    // clamped to critical, stiffness kept
            ω = 0
        } else {
            ω = -discriminant.squareRoot()            // overdamped (NaN propagates here)
        }
        self.init(angularFrequency: ω, decayConstant: λ, mass: mass, naturalFrequency: ω0)
    }

    /// The mass m attached to the end of the spring (1 unless set by the mass initialiser).
    @inlinable
    public var mass: Double { _mass }

    /// The spring constant k = m·ω0² = m(λ² + ω|ω|): physically right in every regime.
    ///
    /// SwiftUI's getter returns m(ω² + λ²) instead, which is wrong for overdamped springs; see
    /// `swiftUIStiffness`.
    @inlinable
    public var stiffness: Double { _mass * (_naturalFrequency * _naturalFrequency) }

    /// SwiftUI's `stiffness` getter, m(ω² + λ²), kept only to model SwiftUI: an erratum.
    ///
    /// It equals `stiffness` for underdamped and critically damped springs (up to rounding) but
    /// not for overdamped ones, where ω² = λ² − ω0² makes it m(2λ² − ω0²): for
    /// `Spring(duration: 0.5, bounce: -0.2)` it is 335.57… instead of 157.91….
    @inlinable
    public var swiftUIStiffness: Double {
        _mass * (_angularFrequency * _angularFrequency + _decayConstant * _decayConstant)
    }

    /// The viscous damping coefficient c = 2λm.
    @inlinable
    public var damping: Double { 2 * _decayConstant * _mass }

    /// The force on the spring at a position and velocity, as SwiftUI defines it:
    /// k(target − position) − c·velocity, with Hooke's (physically right) stiffness.
    @inlinable
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }

    /// The force when animating from `fromValue` to `toValue`, with `position` in the same space
    /// as the two values (absolute, not relative to `fromValue`): k(toValue − position) − c·velocity.
    @inlinable
    public func force<V: VectorArithmetic>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        force(target: toValue - fromValue, position: position - fromValue, velocity: velocity)
    }
}
