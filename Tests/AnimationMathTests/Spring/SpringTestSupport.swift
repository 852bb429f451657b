// SpringTestSupport.swift — helpers shared by the Spring tests: error metrics against the motion's
// natural scale, hand-computed reference motions, and a two-component vector for generic tests.

import AnimationMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A two-component vector, to check that generic evaluation is component-wise.
struct SpringTestVector: VectorArithmetic {
    var x: Double
    var y: Double

    static var zero: SpringTestVector { SpringTestVector(x: 0, y: 0) }

    static func + (a: SpringTestVector, b: SpringTestVector) -> SpringTestVector {
        SpringTestVector(x: a.x + b.x, y: a.y + b.y)
    }

    static func - (a: SpringTestVector, b: SpringTestVector) -> SpringTestVector {
        SpringTestVector(x: a.x - b.x, y: a.y - b.y)
    }

    mutating func scale(by rhs: Double) {
        x *= rhs
        y *= rhs
    }

    var magnitudeSquared: Double { x * x + y * y }
}

/// A motion's exact position and velocity at one time, worked by hand in a test.
struct SpringHandSample {
    var position: Double
    var velocity: Double
}

enum SpringErrorScale {
    /// The distance scale of a motion toward `target` with initial velocity `v0`: |T| + |v0|/ω0
    /// (the velocity carries the mass about |v0|/ω0 before the spring turns it). This is what
    /// AnimationMath.docc/AccuracyContracts.md means by "relative to the distance".
    static func position(target: Double, initialVelocity: Double, naturalFrequency ω0: Double) -> Double {
        abs(target) + abs(initialVelocity) / ω0
    }

    /// The velocity scale of the same motion: ω0·|T| + |v0|.
    static func velocity(target: Double, initialVelocity: Double, naturalFrequency ω0: Double) -> Double {
        ω0 * abs(target) + abs(initialVelocity)
    }
}

/// Hand-derived solutions of x'' + 2λx' + ω0²(x − T) = 0 from x(0) = 0, x'(0) = v0, each written
/// the textbook way (independently of the library's C/S formulation).
enum SpringHandSolution {
    /// ζ = 1: x = T·(1 − (1 + ω0t)e^{−ω0t}) + v0·t·e^{−ω0t},  v = T·ω0²·t·e^{−ω0t} + v0·(1 − ω0t)e^{−ω0t}.
    static func critical(ω0: Double, target T: Double, v0: Double, t: Double) -> SpringHandSample {
        let e = exp(-ω0 * t)
        return SpringHandSample(
            position: T * (1 - (1 + ω0 * t) * e) + v0 * t * e,
            velocity: T * ω0 * ω0 * t * e + v0 * (1 - ω0 * t) * e)
    }

    /// ζ = 0: x = T(1 − cos ω0t) + v0 sin(ω0t)/ω0,  v = T ω0 sin ω0t + v0 cos ω0t.
    static func undamped(ω0: Double, target T: Double, v0: Double, t: Double) -> SpringHandSample {
        SpringHandSample(
            position: T * (1 - cos(ω0 * t)) + v0 * sin(ω0 * t) / ω0,
            velocity: T * ω0 * sin(ω0 * t) + v0 * cos(ω0 * t))
    }

    /// 0 < ζ < 1 or ζ < 0 (oscillating): with d0 = −T, ω_d = √(ω0² − λ²),
    /// x = T + e^{−λt}(d0 cos ω_d t + (v0 + λd0)/ω_d · sin ω_d t), and its derivative.
    static func oscillating(ω0: Double, λ: Double, target T: Double, v0: Double, t: Double) -> SpringHandSample {
        let ωd = (ω0 * ω0 - λ * λ).squareRoot()
        let d0 = -T
        let b = (v0 + λ * d0) / ωd
        let e = exp(-λ * t), c = cos(ωd * t), s = sin(ωd * t)
        return SpringHandSample(
            position: T + e * (d0 * c + b * s),
            velocity: e * ((-λ * d0 + ωd * b) * c + (-λ * b - ωd * d0) * s))
    }

    /// Two real roots r1, r2 (ζ > 1, or ζ < −1): x = T + A e^{r1 t} + B e^{r2 t} with
    /// A + B = d0 = −T, r1 A + r2 B = v0. The roots are passed in so a test can form them in
    /// whatever way suits its ζ.
    static func twoExponentials(r1: Double, r2: Double, target T: Double, v0: Double, t: Double) -> SpringHandSample {
        let d0 = -T
        let A = (v0 - r2 * d0) / (r1 - r2)
        let B = (r1 * d0 - v0) / (r1 - r2)
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        return SpringHandSample(position: T + A * e1 + B * e2, velocity: r1 * A * e1 + r2 * B * e2)
    }
}

/// A running worst error, printed by the tests so the report can quote it.
struct SpringWorstError: CustomStringConvertible {
    var error = 0.0
    var context = "none"

    mutating func record(_ e: Double, _ where: @autoclosure () -> String) {
        // NaN must register as a failure, so it replaces any finite worst.
        if e > error || e.isNaN && !error.isNaN {
            error = e
            context = `where`()
        }
    }

    var description: String { "\(error) at \(context)" }
}
