// ExactOscillator.swift — closed forms of m x'' + c x' + k (x − T) = 0, worked out by hand for
// these tests (independent of AnimationMath and of GSL).
//
// With u = x − T, ω = √(k/m), ζ = c / (2√(km)), α = ζω and u(0) = u0, u'(0) = v0:
//   ζ < 1:  ω_d = ω√(1 − ζ²),
//           u = e^{−αt} (u0 cos ω_d t + (v0 + α u0)/ω_d · sin ω_d t)
//           v = e^{−αt} (v0 cos ω_d t − (ω² u0 + α v0)/ω_d · sin ω_d t)
//   ζ = 1:  u = e^{−ωt} (u0 + (v0 + ω u0) t),      v = e^{−ωt} (v0 − ω (v0 + ω u0) t)
//   ζ > 1:  r± = −α ± β, β = ω√(ζ² − 1); r+ = −ω²/(α + β) avoids the cancellation in −α + β;
//           u = A e^{r+ t} + B e^{r− t},  A = (v0 − r− u0)/(r+ − r−),  B = (r+ u0 − v0)/(r+ − r−)
// (Each v is the derivative of its u; u(0) = u0 and v(0) = v0 by inspection.)

import Foundation

/// The damping regime, chosen by the test (not detected from rounded ζ).
enum Regime: String, CustomStringConvertible {
    case undamped, underdamped, critical, overdamped
    var description: String { rawValue }
}

struct ExactOscillator {
    let mass: Double, stiffness: Double, damping: Double
    let regime: Regime

    var omega: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// (u, v) at time t from (u0, v0) at time 0.
    func state(u0: Double, v0: Double, after t: Double) -> (u: Double, v: Double) {
        let w = omega
        switch regime {
        case .undamped, .underdamped:
            let z = regime == .undamped ? 0 : zeta
            let alpha = z * w
            let wd = w * ((1 - z) * (1 + z)).squareRoot()
            let e = exp(-alpha * t), c = cos(wd * t), s = sin(wd * t)
            let u = e * (u0 * c + (v0 + alpha * u0) / wd * s)
            let v = e * (v0 * c - (w * w * u0 + alpha * v0) / wd * s)
            return (u, v)
        case .critical:
            let e = exp(-w * t)
            let b = v0 + w * u0
            return (e * (u0 + b * t), e * (v0 - w * b * t))
        case .overdamped:
            let z = zeta
            let alpha = z * w
            let beta = w * ((z - 1) * (z + 1)).squareRoot()
            let rPlus = -w * w / (alpha + beta)
            let rMinus = -alpha - beta
            let a = (v0 - rMinus * u0) / (rPlus - rMinus)
            let b = (rPlus * u0 - v0) / (rPlus - rMinus)
            let ep = exp(rPlus * t), em = exp(rMinus * t)
            return (a * ep + b * em, a * rPlus * ep + b * rMinus * em)
        }
    }
}
