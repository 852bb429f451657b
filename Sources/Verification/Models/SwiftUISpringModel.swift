// SwiftUISpringModel.swift — SwiftUI's `Spring` closed forms *as SwiftUI evaluates them*, so the
// verifier can show SwiftUI's own errors against physics next to Hooke's.
//
// Accuracy contract: none — that is the point. This model reproduces SwiftUI's representation and
// formulas, including the two documented errata (AnimationMath.docc/Deviations.md):
// - the overdamped `velocity(target:initialVelocity:time:)` returns the true derivative plus the
//   target;
// - the `stiffness` getter returns m(ω² + λ²), which for an overdamped spring (ω² = λ² − ω0²) is
//   m(2λ² − ω0²) instead of m·ω0².
// Stored, like SwiftUI: the signed angular frequency ω, the decay constant λ and the mass m. The
// formulas are the textbook ones SwiftUI's re-implementations use (a reconstruction; the exact
// expression order inside SwiftUI is unverified): ω from 1 − ζ² formed as `1 − ζ*ζ`, the
// overdamped solution as the sum of two exponentials with coefficients divided by 2μ, which
// cancels catastrophically near critical damping (μ → 0) and for ζ ≫ 1 (μ − λ), and the natural
// frequency recovered as √(λ² + ω|ω|).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftUI's spring, evaluated the way SwiftUI evaluates it (see the file's header).
public struct SwiftUISpringModel: Sendable, SpringEvaluating {
    /// Signed angular frequency: damped frequency (> 0), 0 critical, −√(λ² − ω0²) overdamped.
    public var angularFrequency: Double
    /// λ = c / 2m.
    public var decayConstant: Double
    public var mass: Double

    /// `Spring(response:dampingRatio:)`: ω0 = 2π/r, λ = ζω0, ω = ω0·√|1 − ζ·ζ| signed by regime.
    public init(response: Double, dampingRatio ζ: Double) {
        let ω0 = 2 * Double.pi / response
        mass = 1
        decayConstant = ζ * ω0
        let oneMinusSquare = 1 - ζ * ζ
        angularFrequency = oneMinusSquare >= 0 ? ω0 * oneMinusSquare.squareRoot() : -ω0 * (-oneMinusSquare).squareRoot()
    }

    /// `Spring(mass:stiffness:damping:allowOverDamping:)`: λ = c/2m, ω² = k/m − λ², clamped to
    /// critical when overdamping is not allowed.
    public init(mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool) {
        self.mass = mass
        let ω0Squared = stiffness / mass
        var λ = damping / (2 * mass)
        let difference = ω0Squared - λ * λ
        if difference >= 0 {
            angularFrequency = difference.squareRoot()
        } else if allowOverDamping {
            angularFrequency = -(-difference).squareRoot()
        } else {
            λ = ω0Squared.squareRoot()
            angularFrequency = 0
        }
        decayConstant = λ
    }

    /// `Spring(duration:bounce:)`: ζ = 1 − b (b ≥ 0, b > 1 gives 0), 1/(1 + b) (b < 0).
    public init(duration: Double, bounce: Double) {
        let ζ: Double = bounce > 1 ? 0 : (bounce >= 0 ? 1 - bounce : (bounce > -1 ? 1 / (1 + bounce) : .nan))
        self.init(response: duration, dampingRatio: ζ)
    }

    /// SwiftUI's `stiffness` getter: m(ω² + λ²) — an erratum for overdamped springs.
    public var stiffness: Double { mass * (angularFrequency * angularFrequency + decayConstant * decayConstant) }
    /// c = 2λm.
    public var damping: Double { 2 * decayConstant * mass }
    /// 2π/√(λ² + ω|ω|).
    public var duration: Double {
        2 * Double.pi / (decayConstant * decayConstant + angularFrequency * Swift.abs(angularFrequency)).squareRoot()
    }
    /// ζ = λ / √(λ² + ω|ω|).
    public var dampingRatio: Double {
        decayConstant / (decayConstant * decayConstant + angularFrequency * Swift.abs(angularFrequency)).squareRoot()
    }
    /// 1 − ζ (ζ ≤ 1), 1/ζ − 1 (ζ > 1).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    public func value(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let ω = angularFrequency, λ = decayConstant
        let d0 = -target
        if ω > 0 {
            let e = exp(-λ * t)
            return target + e * (d0 * cos(ω * t) + (v0 + λ * d0) / ω * sin(ω * t))
        } else if ω == 0 {
            return target + exp(-λ * t) * (d0 + (v0 + λ * d0) * t)
        } else {
            let μ = -ω
            let r1 = -λ + μ, r2 = -λ - μ
            let a = (v0 - r2 * d0) / (2 * μ)
            let b = d0 - a
            return target + a * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    /// The velocity as SwiftUI returns it: the derivative, plus `target` when overdamped.
    public func velocity(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let ω = angularFrequency, λ = decayConstant
        let d0 = -target
        if ω > 0 {
            let e = exp(-λ * t)
            let b = (v0 + λ * d0) / ω
            let c = cos(ω * t), s = sin(ω * t)
            return e * ((b * ω - λ * d0) * c - (d0 * ω + λ * b) * s)
        } else if ω == 0 {
            let b = v0 + λ * d0
            return exp(-λ * t) * (b - λ * (d0 + b * t))
        } else {
            let μ = -ω
            let r1 = -λ + μ, r2 = -λ - μ
            let a = (v0 - r2 * d0) / (2 * μ)
            let b = d0 - a
            return a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t) + target  // SwiftUI's erratum: + target
        }
    }

    /// m·x'' = k(T − x) − c·x', with SwiftUI's stiffness getter and its velocity (both errata
    /// propagate, as they would in SwiftUI's `force(target:initialVelocity:time:)`).
    public func force(target: Double, initialVelocity v0: Double, time t: Double) -> Double {
        let x = value(target: target, initialVelocity: v0, time: t)
        let v = velocity(target: target, initialVelocity: v0, time: t)
        return stiffness * (target - x) - damping * v
    }

    /// SwiftUI's `update(value:velocity:target:deltaTime:)`: the closed form from the current
    /// state over the step (with its velocity erratum feeding back when overdamped).
    public func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        let offset = target - value
        let newValue = value + self.value(target: offset, initialVelocity: velocity, time: deltaTime)
        velocity = self.velocity(target: offset, initialVelocity: velocity, time: deltaTime)
        value = newValue
    }
}
