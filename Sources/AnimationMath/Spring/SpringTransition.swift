// SpringTransition.swift — the exact state-transition matrix of a spring over a time step, and
// the kernel every closed-form evaluation in Hooke goes through.
//
// Accuracy contract
// -----------------
// With displacement d = x − target and velocity v, the damped oscillator d'' + 2λd' + ω0²d = 0 is
// linear, so a step of Δ maps (d, v) by a 2×2 matrix built from the shared pair
//     C(Δ) = e^{−λΔ}·cos ωΔ,        S(Δ) = e^{−λΔ}·sin(ωΔ)/ω        (underdamped, ω > 0)
//     C(Δ) = e^{−λΔ},               S(Δ) = Δ·e^{−λΔ}                (critical, ω = 0)
//     C(Δ) = e^{−λΔ}·cosh μΔ,       S(Δ) = e^{−λΔ}·sinh(μΔ)/μ       (overdamped, μ = −ω > 0)
// as  m11 = C + λS,  m12 = S,  m21 = −ω0²S,  m22 = C − λS.
// Each entry is within a few ulps of exact relative to the matrix's scale (1 for m11, m22; Δ for
// m12; ω0²Δ for m21), given the stored ω, λ, ω0, for every ζ ≥ 0 and every finite Δ ≥ 0, with
// one exception: the phase ωΔ itself rounds, so entries carry an extra absolute error of about
// ulp(ωΔ) (1e-10 at ωΔ = 1e6, unavoidable for any method that rounds ω).
// There is no catastrophic cancellation near critical damping, because nothing subtracts two
// exponentials:
// - sin(ωΔ)/ω is accurate for tiny ω (sin has small relative error), and the underdamped ω is
//   formed from ζ without cancellation (see `Spring.init(naturalFrequency:dampingRatio:mass:)`);
// - overdamped, write p = μ − λ and q = μ + λ (so pq = −ω0²) and g = expm1(−2μΔ) ∈ (−1, 0]:
//     S = e^{pΔ}·(−g/2μ),   C + λS = e^{pΔ}·(1 + p·g/2μ),   C − λS = e^{pΔ}·(1 + q·g/2μ),
//   where −g/2μ is accurate for tiny μ (expm1) and p = −ω0²/(λ + μ) does not cancel for ζ ≫ 1
//   (μ − λ directly would lose log10(4ζ²) digits: six at ζ = 1000).
// No overflow for λ ≥ 0: every exponential has a non-positive argument; e^{−λΔ} underflowing to
// 0 is correct to within the smallest subnormal. For λ < 0 (negative damping) the entries grow
// like e^{|λ|Δ} and overflow to ±infinity past Double's range, which is the true behaviour.
//
// Goals: 1. exactness (the frame harness caches one matrix per spring and frame interval and steps
// with it indefinitely); 2. two transcendental calls per matrix (exp and sin/cos or expm1).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exact state-transition matrix of a spring over one time step.
///
/// With displacement d = x − target and velocity v, one step maps
/// `d ← m11·d + m12·v`, `v ← m21·d + m22·v` exactly (up to rounding), for any starting state.
/// Composing the matrix of Δ₁ with that of Δ₂ gives the matrix of Δ₁ + Δ₂.
@usableFromInline package struct SpringTransition: Hashable, Sendable {
    /// ∂d(Δ)/∂d(0) = C + λS.
    @usableFromInline package var m11: Double
    /// ∂d(Δ)/∂v(0) = S.
    @usableFromInline package var m12: Double
    /// ∂v(Δ)/∂d(0) = −ω0²S.
    @usableFromInline package var m21: Double
    /// ∂v(Δ)/∂v(0) = C − λS.
    @usableFromInline package var m22: Double

    /// Creates a matrix from its four entries (row by row).
    @inlinable
    package init(m11: Double, m12: Double, m21: Double, m22: Double) {
        self.m11 = m11
        self.m12 = m12
        self.m21 = m21
        self.m22 = m22
    }

    /// Advances an absolute value and its velocity by one step toward a fixed `target`.
    ///
    /// Four `scale` operations on `V`.
    @inlinable
    package func apply<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V) {
        let d = value - target, v = velocity
        value = target + d.scaled(by: m11) + v.scaled(by: m12)
        velocity = d.scaled(by: m21) + v.scaled(by: m22)
    }
}

extension Spring {
    /// The exact state-transition matrix for a step of `deltaTime`: with displacement
    /// d = x − target, `d(t+Δ) = m11·d + m12·v`, `v(t+Δ) = m21·d + m22·v`.
    ///
    /// Used by the frame harness as an exact cached per-frame step, and by every closed-form
    /// evaluation (`value`, `velocity`, `force`, `update`). See the file's accuracy contract.
    ///
    /// - Complexity: one `exp` and one `sin`/`cos` pair (underdamped), one `exp` (critical), or one
    ///   `exp` and one `expm1` (overdamped).
    @inlinable
    package func transition(deltaTime t: Double) -> SpringTransition {
        let ω = _angularFrequency, λ = _decayConstant
        let ω0Squared = _naturalFrequency * _naturalFrequency
        if ω > 0 {
            // Underdamped, undamped (λ = 0) or growing with oscillation (λ < 0).
            let e = exp(-λ * t)
            let phase = ω * t
            let c = cos(phase)
            let sinc = sin(phase) / ω            // sin(ωt)/ω: accurate for tiny ω
            let s = e * sinc
            return SpringTransition(
                m11: e * (c + λ * sinc), m12: s,
                m21: -ω0Squared * s, m22: e * (c - λ * sinc))
        } else if ω == 0 {
            // Critically damped (or the free particle, λ = ω0 = 0).
            let e = exp(-λ * t)
            let s = t * e
            let λt = λ * t
            return SpringTransition(
                m11: e * (1 + λt), m12: s,
                m21: -ω0Squared * s, m22: e * (1 - λt))
        } else {
            // Overdamped (μ = −ω > 0), or NaN parameters (NaN propagates).
            let μ = -ω
            let p: Double, q: Double             // p = μ − λ, q = μ + λ, pq = −ω0²
            if λ >= 0 {
                q = μ + λ
                p = -ω0Squared / q
            } else {
                p = μ - λ
                q = -ω0Squared / p
            }
            let e = exp(p * t)                   // the slow mode e^{(μ−λ)t}
            let h = expm1(-2 * μ * t) / (2 * μ)  // −S/e, in [−t, 0]: accurate for tiny μ
            let s = -(e * h)
            return SpringTransition(
                m11: e * (1 + p * h), m12: s,
                m21: -ω0Squared * s, m22: e * (1 + q * h))
        }
    }
}
