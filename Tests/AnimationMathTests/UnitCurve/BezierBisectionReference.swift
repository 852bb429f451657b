@testable import AnimationMath

/// An independent reference for cubic Bézier timing curves: bisection in `Float80` (64-bit
/// significand, ulp(1) = 1.1e-19) on the Bernstein form, 80 halvings of [0, 1] (bracket 8e-25).
/// Shares nothing with `CubicTimingBezier` but the definition of the curve, including the clamp
/// of control-point x to [0, 1].
///
/// It is ~1,000 times more precise than the Double solver, so its error is negligible in the
/// comparisons (except right at a vertical tangent, where every solver's answer is ill-conditioned).
struct BezierReference80 {
    let x1: Float80, y1: Float80, x2: Float80, y2: Float80

    init(_ start: UnitPoint, _ end: UnitPoint) {
        x1 = Float80(Swift.min(Swift.max(start.x, 0), 1))
        x2 = Float80(Swift.min(Swift.max(end.x, 0), 1))
        y1 = Float80(start.y)
        y2 = Float80(end.y)
    }

    private func bernstein(_ s: Float80, _ c1: Float80, _ c2: Float80) -> Float80 {
        let t = 1 - s
        return 3 * s * t * t * c1 + 3 * s * s * t * c2 + s * s * s
    }

    /// The parameter s with x(s) = p.
    func parameter(forX p: Double) -> Float80 {
        let target = Float80(Swift.min(Swift.max(p, 0), 1))
        var lo: Float80 = 0, hi: Float80 = 1
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if bernstein(mid, x1, x2) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The curve's value at progress p.
    func value(at p: Double) -> Float80 {
        bernstein(parameter(forX: p), y1, y2)
    }

    /// dy/dx at progress p, from the derivatives of the Bernstein form in Float80.
    /// Meaningless where x'(s) = 0.
    func slope(at p: Double) -> Float80 {
        derivatives(at: p).slope
    }

    /// dy/dx and d²y/dx² = (y'' x' − y' x'') / x'³ at progress p.
    func derivatives(at p: Double) -> (slope: Float80, curvature: Float80) {
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
    if case .bezier(let solver) = curve.storage { return solver }
    return nil
}
