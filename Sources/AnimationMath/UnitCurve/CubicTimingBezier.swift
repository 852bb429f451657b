// The cubic Bézier timing function from (0, 0) to (1, 1), and its solver.
//
// Accuracy contract: for control-point x in [0, 1] (always true: `UnitCurve.bezier` clamps them),
// `value(at:)` is within a few ulps of the exact curve value times the curve's local condition
// number 1 + |dy/dx| (an ulp of error in p itself moves the exact value by that much). Measured
// (Tests/AnimationMathTests/UnitCurve/): presets within 4.4e-16 of a Float80 bisection and 5.6e-16
// of GSL's Brent solver; 300 random curves (y in [-1, 2]) within 6.5e-16 (1 + |dy/dx|).
// The error is absolute, not relative: for p below ~1e-15 on a curve with start control x = 0,
// s is only resolved to 4.4e-16 and the value is correct to about 1e-15, not to full relative
// precision.
//
// Cost: 4 to 5 iterations on average for the presets (max 10 on a 1/1000 grid of progress);
// up to ~25 next to an interior zero of x' or within 1e-6 of an end where x' vanishes; up to
// ~85 only for p < 1e-30 on curves with both control x at 0 (x ≈ s³, where Newton converges
// linearly). The cap of 100 is never reached in the tests.
//
// Goals, in order:
//   1. never fail, never loop, never return NaN for a finite progress and finite control points;
//   2. full double accuracy wherever the curve is well conditioned;
//   3. speed: no allocation, no existential, a handful of iterations in the common case.
//
// The mathematics. With P0 = (0, 0), P1 = (x1, y1), P2 = (x2, y2), P3 = (1, 1) and t = 1 − s,
//     x(s) = 3 s t² x1 + 3 s² t x2 + s³          (Bernstein form; likewise y)
//     x'(s) = 3 (t² x1 + 2 s t (x2 − x1) + s² (1 − x2))
//           = cx + 2 bx s + 3 ax s²,  cx = 3 x1, bx = 3 (x2 − x1) − cx, ax = 1 − cx − bx
// For x1, x2 in [0, 1], x'(s) ≥ 0 on [0, 1]: the quadratic Bernstein polynomial with coefficients
// x1 ≥ 0, x2 − x1, 1 − x2 ≥ 0 is non-negative because (x1 − x2)² ≤ x1 (1 − x2) whenever x2 ≤ x1
// (expand: x1 (x1 − 1) + x2 (x2 − x1) ≤ 0). Its zeros are isolated (x is a non-constant cubic), so
// x is strictly increasing and x(s) = p has exactly one root in [0, 1] for p in [0, 1].
//
// Why the Bernstein form for values: with x1, x2 in [0, 1] every term is non-negative, so the sum
// has no cancellation and is accurate to a few ulps *relative* to x. The power-basis (Horner) form
// is cheaper but its coefficients reach |ax| + |bx| + |cx| = 16, costing up to ~16 ulps absolute.
// The power form is still used for x' inside Newton's method, where its error only changes the
// step, not the root.

/// A cubic Bézier timing function from (0, 0) to (1, 1), with its polynomial coefficients
/// precomputed. Equality and hashing use the control points as given (see `UnitCurve`).
@usableFromInline
struct CubicTimingBezier: Sendable {
    /// The control points exactly as given to `UnitCurve.bezier`, before clamping.
    @usableFromInline let start: UnitPoint
    @usableFromInline let end: UnitPoint

    /// Bernstein coefficients: x1, x2 clamped to [0, 1]; y1, y2 as given.
    @usableFromInline let x1: Double, x2: Double, y1: Double, y2: Double
    /// Differences for the Bernstein form of the derivative: x'(s) = 3 (t² x1 + 2 s t dx12 + s² dx23).
    @usableFromInline let dx12: Double, dx23: Double, dy12: Double, dy23: Double
    /// Power-basis derivative for Newton's method: x'(s) = px0 + s (px1 + s px2).
    @usableFromInline let px0: Double, px1: Double, px2: Double

    /// Newton's method stops when a step is at most this long. Two ulps of 1 (4.4e-16): a Newton
    /// step this small leaves an error of order step² (far below an ulp) near a simple root, and a
    /// bisection step this small means the bracket, which holds the root, is this narrow.
    @inlinable static var stepTolerance: Double { 2 * Double.ulpOfOne }

    /// Hard cap on solver iterations. Bisection alone narrows [0, 1] to the step tolerance in 52
    /// halvings; the cap leaves room for interleaved Newton steps. Never reached in the tests
    /// (the hard-curve tests assert the count stays below it).
    /// (Computed constants, not `static let`: a stored static is a lazily initialised global,
    /// read through an accessor call on every iteration of the solver.)
    @inlinable static var maxIterations: Int { 100 }

    @usableFromInline
    init(start: UnitPoint, end: UnitPoint) {
        self.start = start
        self.end = end
        // Clamp x to [0, 1] as SwiftUI does; NaN stays NaN (and the curve then evaluates to NaN).
        let x1 = start.x.isNaN ? start.x : Swift.min(Swift.max(start.x, 0), 1)
        let x2 = end.x.isNaN ? end.x : Swift.min(Swift.max(end.x, 0), 1)
        self.x1 = x1
        self.x2 = x2
        self.y1 = start.y
        self.y2 = end.y
        dx12 = x2 - x1
        dx23 = 1 - x2
        dy12 = end.y - start.y
        dy23 = 1 - end.y
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        px0 = cx
        px1 = 2 * bx
        px2 = 3 * ax
    }

    /// x(s) in Bernstein form.
    @inlinable @inline(__always)
    func x(_ s: Double) -> Double {
        let t = 1 - s
        return s * (3 * t * (t * x1 + s * x2) + s * s)
    }

    /// y(s) in Bernstein form.
    @inlinable @inline(__always)
    func y(_ s: Double) -> Double {
        let t = 1 - s
        return s * (3 * t * (t * y1 + s * y2) + s * s)
    }

    /// The curve's value (output progress) at input progress `p`, clamped to [0, 1].
    /// NaN progress gives NaN. The ends are exact: 0 at p ≤ 0 and 1 at p ≥ 1.
    @inlinable
    func value(at p: Double) -> Double {
        if p.isNaN { return p }
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        return y(parameter(forX: p).s)
    }

    /// dy/dx at input progress `p`, clamped to [0, 1]; see `UnitCurve.velocity(at:)`.
    @inlinable
    func velocity(at p: Double) -> Double {
        if p.isNaN { return p }
        if p <= 0 { return slope(atParameter: 0) }
        if p >= 1 { return slope(atParameter: 1) }
        return slope(atParameter: parameter(forX: p).s)
    }

    /// Solves x(s) = p for s in (0, 1), for p in (0, 1): Newton's method inside a shrinking
    /// bracket, falling back to bisection (the "rtsafe" safeguard of Press et al., Numerical
    /// Recipes, §9.4).
    ///
    /// The bracket [lo, hi] always holds the root (x(lo) < p < x(hi)) and shrinks at every
    /// iteration. A Newton step is taken only when it lands strictly inside the bracket and is at
    /// most half as long as the step before the last one; otherwise the bracket is bisected. So
    /// far from the root, or where Newton jumps out (x' ≈ 0), the method bisects, and near a
    /// simple root it converges quadratically. At most `maxIterations` iterations.
    ///
    /// - Returns: The parameter `s` (NaN when the control points are NaN) and the number of
    ///   iterations used (for tests).
    @inlinable
    func parameter(forX p: Double) -> (s: Double, iterations: Int) {
        var lo = 0.0
        var hi = 1.0
        // x(s) ≈ s for near-linear curves; Newton corrects the rest within a few steps.
        var s = p
        var lastStep = 1.0
        var stepBeforeLast = 1.0
        var iteration = 0
        while iteration < CubicTimingBezier.maxIterations {
            iteration += 1
            let f = x(s) - p
            if f == 0 { return (s, iteration) }
            if f.isNaN { return (f, iteration) }
            if f < 0 { lo = s } else { hi = s }
            let derivative = px0 + s * (px1 + s * px2)
            let newtonStep = f / derivative
            let newton = s - newtonStep
            // Converged: the correction is below the tolerance. (Checked before the bracket test:
            // at convergence s is itself an end of the bracket and newton may round onto it.)
            if Swift.abs(newtonStep) <= CubicTimingBezier.stepTolerance { return (newton, iteration) }
            // The comparisons are false for NaN and infinite steps (derivative 0), so those bisect.
            let next: Double
            if newton > lo && newton < hi && Swift.abs(newtonStep) <= 0.5 * stepBeforeLast {
                next = newton
            } else {
                next = lo + 0.5 * (hi - lo)
            }
            let step = Swift.abs(next - s)
            if step <= CubicTimingBezier.stepTolerance { return (next, iteration) }
            stepBeforeLast = lastStep
            lastStep = step
            s = next
        }
        return (s, iteration)
    }

    /// dy/dx at parameter `s`, with the limit taken where x'(s) = 0.
    ///
    /// Where x'(s) ≠ 0 this is y'(s)/x'(s), both in Bernstein form (which gives the exact zero of
    /// x' at symmetric points such as s = ½ for control points (1, ·), (0, ·)). At the ends the
    /// derivatives come straight from the control-point differences, so that x'(0) = 3 x1 is an
    /// exact 0 when x1 = 0. Where x'(s) = 0 the limit follows from the Taylor expansions of x' and
    /// y' about s (L'Hôpital): if y's expansion starts at the same order as x's, the ratio of the
    /// leading coefficients; at a higher order, 0; at a lower order, a vertical tangent: ±infinity,
    /// signed as the one-sided limit from the left (from the right at s = 0).
    @inlinable
    func slope(atParameter s: Double) -> Double {
        // Derivatives of x and y at s, orders 1 through 3. Bernstein differences of the control
        // points: x' = 3 Σ Δ¹ b², x'' = 6 Σ Δ² b¹, x''' = 6 Δ³.
        let dx1: Double, dy1: Double
        let t = 1 - s
        if s == 0 {
            dx1 = 3 * x1
            dy1 = 3 * y1
        } else if s == 1 {
            dx1 = 3 * dx23
            dy1 = 3 * dy23
        } else {
            dx1 = 3 * (t * t * x1 + 2 * s * t * dx12 + s * s * dx23)
            dy1 = 3 * (t * t * y1 + 2 * s * t * dy12 + s * s * dy23)
        }
        if dx1 != 0 { return dy1 / dx1 }
        return slopeLimit(atParameter: s, dx1: dx1, dy1: dy1)
    }

    /// The L'Hôpital branch of `slope(atParameter:)`, for x'(s) = 0. Rare; kept out of line.
    @usableFromInline
    func slopeLimit(atParameter s: Double, dx1: Double, dy1: Double) -> Double {
        let t = 1 - s
        // Second differences: Δ²₀ = x2 − 2 x1 (P0 = 0), Δ²₁ = 1 − 2 x2 + x1; third: 1 − 3 x2 + 3 x1.
        let dx2 = 6 * (t * (x2 - 2 * x1) + s * (1 - 2 * x2 + x1))
        let dy2 = 6 * (t * (y2 - 2 * y1) + s * (1 - 2 * y2 + y1))
        let dx3 = 6 * (1 - 3 * x2 + 3 * x1)
        let dy3 = 6 * (1 - 3 * y2 + 3 * y1)
        let xs = (dx1, dx2, dx3)
        let ys = (dy1, dy2, dy3)
        func order(_ d: (Double, Double, Double)) -> Int {
            d.0 != 0 ? 1 : d.1 != 0 ? 2 : d.2 != 0 ? 3 : 4
        }
        func coefficient(_ d: (Double, Double, Double), _ k: Int) -> Double {
            k == 1 ? d.0 : k == 2 ? d.1 : d.2
        }
        let k = order(xs)
        let j = order(ys)
        // x is a non-constant cubic, so k ≤ 3 unless the control points are NaN.
        guard k <= 3 else { return .nan }
        if j > k { return 0 }
        let xLead = coefficient(xs, k)
        let yLead = coefficient(ys, j)
        if j == k { return yLead / xLead }
        // Vertical tangent: y' ~ yLead h^(j−1)/(j−1)!, x' ~ xLead h^(k−1)/(k−1)!, h = s' − s.
        // The ratio's sign flips with h when k − j is odd; take h < 0 (h > 0 at s = 0).
        let side: Double = (s == 0 || (k - j) % 2 == 0) ? 1 : -1
        let sign = (yLead < 0) != (xLead < 0) ? -side : side
        return sign * .infinity
    }
}

extension CubicTimingBezier: Hashable {
    /// Equal when the control points, as given, are equal.
    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.start == rhs.start && lhs.end == rhs.end
    }

    /// Hashes the control points as given; the coefficients derive from them.
    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
    }
}
