@testable import AnimationMath
#if !(arch(x86_64) && !HOOKE_NO_FLOAT80)
import HookeSupport
#endif

#if arch(x86_64) && !HOOKE_NO_FLOAT80
/// The reference's number type: x87 `Float80` (64-bit significand, ulp(1) = 1.1e-19).
typealias WideFloat = Float80
#else
/// The reference's number type where there is no `Float80` (arm64, or x86_64 built with
/// `-Xswiftc -DHOOKE_NO_FLOAT80` to check this path): double-double, ~106 bits.
typealias WideFloat = DoubleDouble

extension DoubleDouble: ExpressibleByIntegerLiteral, Comparable {
    package init(integerLiteral value: Int) { self.init(Double(value)) }
    /// Normalised pairs (|lo| ≤ ulp(hi)/2) order by hi, then lo.
    package static func < (x: DoubleDouble, y: DoubleDouble) -> Bool { x.hi < y.hi || (x.hi == y.hi && x.lo < y.lo) }
    package static func == (x: DoubleDouble, y: DoubleDouble) -> Bool { x.hi == y.hi && x.lo == y.lo }
    package var isFinite: Bool { hi.isFinite && lo.isFinite }
}

extension Double {
    init(_ value: DoubleDouble) { self = value.double }
}
#endif

/// |value − exact|: the difference taken in `WideFloat`, then rounded to a Double.
func wideError(_ value: Double, _ exact: WideFloat) -> Double {
    let difference: WideFloat = WideFloat(value) - exact
    return Swift.abs(Double(difference))
}

/// An independent reference for cubic Bézier timing curves: bisection in `WideFloat` (`Float80` on
/// x86_64, double-double elsewhere; either at least 1,000 times finer than a Double) on the
/// Bernstein form, 80 halvings of [0, 1] (bracket 8e-25). Shares nothing with `CubicTimingBezier`
/// but the definition of the curve, including the clamp of control-point x to [0, 1].
///
/// Its error is negligible in the comparisons (except right at a vertical tangent, where every
/// solver's answer is ill-conditioned).
struct BezierBisectionReference {
    let x1: WideFloat, y1: WideFloat, x2: WideFloat, y2: WideFloat

    init(_ start: UnitPoint, _ end: UnitPoint) {
        x1 = WideFloat(Swift.min(Swift.max(start.x, 0), 1))
        x2 = WideFloat(Swift.min(Swift.max(end.x, 0), 1))
        y1 = WideFloat(start.y)
        y2 = WideFloat(end.y)
    }

    private func bernstein(_ s: WideFloat, _ c1: WideFloat, _ c2: WideFloat) -> WideFloat {
        let t = 1 - s
        return 3 * s * t * t * c1 + 3 * s * s * t * c2 + s * s * s
    }

    /// The parameter s with x(s) = p.
    func parameter(forX p: Double) -> WideFloat {
        let target = WideFloat(Swift.min(Swift.max(p, 0), 1))
        var lo: WideFloat = 0, hi: WideFloat = 1
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if bernstein(mid, x1, x2) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The curve's value at progress p.
    func value(at p: Double) -> WideFloat {
        bernstein(parameter(forX: p), y1, y2)
    }

    /// dy/dx at progress p, from the derivatives of the Bernstein form in WideFloat.
    /// Meaningless where x'(s) = 0.
    func slope(at p: Double) -> WideFloat {
        derivatives(at: p).slope
    }

    /// dy/dx and d²y/dx² = (y'' x' − y' x'') / x'³ at progress p.
    func derivatives(at p: Double) -> (slope: WideFloat, curvature: WideFloat) {
        let s = parameter(forX: p), t = 1 - s
        let dx = 3 * (t * t * x1 + 2 * s * t * (x2 - x1) + s * s * (1 - x2))
        let dy = 3 * (t * t * y1 + 2 * s * t * (y2 - y1) + s * s * (1 - y2))
        let ddx = 6 * (t * (x2 - 2 * x1) + s * (1 - 2 * x2 + x1))
        let ddy = 6 * (t * (y2 - 2 * y1) + s * (1 - 2 * y2 + y1))
        return (dy / dx, (ddy * dx - dy * ddx) / (dx * dx * dx))
    }
}

/// The Bézier solver behind a curve, for tests that look at iteration counts.
func bezierSolver(_ curve: UnitCurve) -> CubicTimingBezier? {
    curve.kind == .bezier ? curve.bezier : nil
}
