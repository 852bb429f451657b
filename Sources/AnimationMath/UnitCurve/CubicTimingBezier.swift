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
// Cost: the common path is straight-line code — a three-comparison search of 7 stored samples, one
// division for the initial guess, two Halley steps (a division each) and an acceptance test that is
// almost always true — less than half the instructions of a Newton loop started from s = p (4 to 5
// iterations and their bookkeeping); <doc:CostPerFrame> has the figures. The fast path is accepted for 96% of a 1/1000 grid
// on the presets and 95% of a random grid that includes progress within 1e-12 of the ends (3% on
// the bench's population falls back). The rest — mostly within a few percent of an end where x'
// vanishes (easeIn near 1, easeOut near 0) — finish in the safeguarded loop, started from the
// fast path's bracket and iterate: a few more evaluations of x there; at most 48 (the loop's 46
// and the fast path's 2) next to an interior zero of x' (a triple root of x(s) − p: the worst of
// p = ½ ± 1e-16…1e-1, 8002 points on a log scale, on (1, ·)(0, ·)); at most 52 for p < 1e-30 on
// curves with x'(0) = 0 (p = {1, 2, 5}·1e-31…1e-307 with x2 = 0, 0.05, …, 1: Newton's step only
// halves the error there, or takes a third off it when x''(0) = 0 too, so the loop's schedule
// forces bisections). A random search of 1.3 M solves next to zeros of x' (interior, and at
// either end) saw at most 53. Whatever the input the loop returns within 99 iterations
// (`safeguardedParameter` proves it), below the cap of 100. `hooke verify` holds the solver to these figures (curve-edges: the solver's cost), and
// its fast path to the acceptance rule below, decision by decision (the rule evaluated in
// double-double, at progresses constructed within 5e-8 of its bound on either side).
// `value(at:)` and `velocity(at:)` each solve once; `valueAndVelocity(at:)` solves once for both.
//
// Why the initial guess is good. x is sampled at s = k/8 when the curve is built (7 interior
// values, each within a few ulps: the Bernstein form). A progress p lies between two neighbouring
// samples, x(k/8) ≤ p < x((k+1)/8), found with three comparisons, and the chord through them gives
// s0. The chord misses the curve by at most (h²/8)·max|x''| with h = 1/8, so s0 is off by about
// (h²/8)·|x''/x'| ≈ 2e-3·|x''/x'|: ~5e-3 typically, at most 3e-2 measured over the presets and 300
// random curves. Halley's method converges cubically — e ↦ (C² − D)·e³ to leading order, with
// C = x''/(2x') and D = x'''/(6x') — so two steps take 5e-3 to ~1e-7 and then to ~1e-21, far below
// an ulp (Newton's method, e ↦ C·e², would need three). The result is accepted only when the last
// step's predicted error (C² + |D|)·|step|³ is below half an ulp of 1 and the step is short on the
// scale of the curve's local curvature (so that the prediction holds); otherwise the guess was not
// good enough, and the loop finishes the solve.
//
// Goals, in order:
//   1. never fail, never loop, never return NaN for a finite progress and finite control points;
//   2. full double accuracy wherever the curve is well conditioned;
//   3. speed: no allocation, no existential, no loop in the common case.
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

    // Layout: 15 doubles, 120 bytes, so that `UnitCurve` (one more byte for the case) keeps a stride
    // of 128 and is copied with a few vector moves. Whatever is cheap to recompute is computed on
    // use (the differences below, px0, y1 and y2) rather than stored: each is the same single
    // operation it would have been in `init`, so the results are the same, bit for bit.

    /// Bernstein coefficients of x: the control-point x clamped to [0, 1].
    @usableFromInline let x1: Double, x2: Double
    /// Power-basis derivative for Newton's and Halley's methods: x'(s) = px0 + s (px1 + s px2).
    @usableFromInline let px1: Double, px2: Double
    /// x at s = 1/8, 2/8, …, 7/8 (x(0) = 0 and x(1) = 1 are implicit), in Bernstein form: the nodes
    /// of the chord that gives the solver its initial guess. 56 bytes; increasing in s.
    @usableFromInline let xSamples: (Double, Double, Double, Double, Double, Double, Double)

    /// Bernstein coefficients of y: the control-point y as given.
    @inlinable var y1: Double { start.y }
    @inlinable var y2: Double { end.y }
    /// Differences for the Bernstein form of the derivative: x'(s) = 3 (t² x1 + 2 s t dx12 + s² dx23).
    @inlinable var dx12: Double { x2 - x1 }
    @inlinable var dx23: Double { 1 - x2 }
    @inlinable var dy12: Double { y2 - y1 }
    @inlinable var dy23: Double { 1 - y2 }
    /// The constant term of the power-basis derivative, x'(0).
    @inlinable var px0: Double { 3 * x1 }

    /// Newton's method stops when a step is at most this long. Two ulps of 1 (4.4e-16): a Newton
    /// step this small leaves an error of order step² (far below an ulp) near a simple root, and a
    /// bisection step this small means the bracket, which holds the root, is this narrow.
    @inlinable static var stepTolerance: Double { 2 * Double.ulpOfOne }

    /// Hard cap on solver iterations, never reached: `safeguardedParameter` returns by its 99th
    /// iteration (its documentation proves it: the bracket's width keeps within a target that
    /// shrinks by 1/√2 every iteration, from a segment's 1/8 to below `stepTolerance` in 98). The cap is that bound plus one, a guard against a flaw in the argument,
    /// not a limit any input meets.
    /// (Computed constants, not `static let`: a stored static is a lazily initialised global,
    /// read through an accessor call on every iteration of the solver.)
    @inlinable static var maxIterations: Int { 100 }

    /// The safeguarded loop's target width for a Newton step shrinks by this factor, 1/√2 rounded,
    /// at every iteration: the bracket must halve every two iterations on average, or the loop
    /// bisects (see `safeguardedParameter`).
    @inlinable static var scheduleFactor: Double { 0.7071067811865476 }

    /// The spacing of the stored samples of x(s): 1/8 (exact in binary, so the nodes k/8 are exact).
    /// Eight segments make the chord's guess good to ~5e-3 in s (see the header), close enough for
    /// two Halley steps to reach full precision; four would leave ~2e-2 and need a third step, and
    /// sixteen would store twice the samples without saving a step.
    @inlinable static var segmentWidth: Double { 0.125 }

    /// The fast path's result is accepted when the predicted error of its last Halley step,
    /// (C² + |D|)·|step|³, is below this: half an ulp of 1 (1.1e-16), below what the loop's
    /// `stepTolerance` leaves and below the rounding of x(s) − p itself.
    @inlinable static var acceptedTruncationError: Double { 0.5 * Double.ulpOfOne }

    /// The prediction above is the leading term of Halley's error; the terms after it are smaller
    /// by factors of about |C·step| and |D|·step² (x is a cubic, so there are no others). Accepting
    /// only when |C·step| is at most 1/8 keeps the rest within ~25% of the leading term, and rejects
    /// guesses that are not yet in the region of cubic convergence — e.g. p < 1e-30 on a curve with
    /// x'(0) = 0, where the steps are tiny in absolute terms but as long as s itself.
    /// |D|·step² needs no test of its own: where the predicted-error test and this one hold, it is
    /// far below 1/8. Were it above, the predicted-error test would give step < 2⁻⁵⁰ and x' < 2.5e-29
    /// at s₁, and this one |x''| < 1.5·√x' there, so |f| = |x(s₁) − p| < 3e-44 (Halley's step is
    /// within 8/7 of f/x' when |C·step| ≤ 1/8): a non-zero difference of doubles that small needs
    /// p < 5e-28, and x, x' and x'' all nearly 0 at one point — x1 and x2 near 0, s₁ near 0. There x'
    /// varies so little between the chord's guess and the root that the first Halley step lands
    /// within a small fraction of √x' of the root, and the second is far shorter than |D|·step² = 1/8
    /// needs (a replay in IEEE doubles over such curves finds |D|·step² ≤ 0.009 wherever the other
    /// tests hold).
    @inlinable static var asymptoticRatio: Double { 0.125 }

    @usableFromInline
    init(start: UnitPoint, end: UnitPoint) {
        self.start = start
        self.end = end
        // Clamp x to [0, 1] as SwiftUI does; NaN stays NaN (and the curve then evaluates to NaN).
        let x1 = start.x.isNaN ? start.x : Swift.min(Swift.max(start.x, 0), 1)
        let x2 = end.x.isNaN ? end.x : Swift.min(Swift.max(end.x, 0), 1)
        self.x1 = x1
        self.x2 = x2
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        px1 = 2 * bx
        px2 = 3 * ax
        let h = CubicTimingBezier.segmentWidth
        func sample(_ s: Double) -> Double {
            let t = 1 - s
            return s * (3 * t * (t * x1 + s * x2) + s * s)
        }
        xSamples = (sample(h), sample(2 * h), sample(3 * h), sample(4 * h), sample(5 * h), sample(6 * h),
                    sample(7 * h))
    }

    /// The linear Bézier (0, 0)(1, 1): what a `UnitCurve` that is not a Bézier stores in its
    /// `bezier` field, which it never reads.
    @inlinable static var placeholder: CubicTimingBezier {
        CubicTimingBezier(start: UnitPoint(x: 0, y: 0), end: UnitPoint(x: 1, y: 1))
    }

    /// x(s) in Bernstein form.
    @inlinable @inline(__always)
    func x(_ s: Double) -> Double { Self.bernstein(s, p1: x1, p2: x2) }

    /// y(s) in Bernstein form.
    @inlinable @inline(__always)
    func y(_ s: Double) -> Double { Self.bernstein(s, p1: y1, p2: y2) }

    /// One coordinate of the curve at s, from its control points' coordinates p1 and p2 (the ends
    /// being 0 and 1), in Bernstein form.
    @inlinable @inline(__always)
    static func bernstein(_ s: Double, p1: Double, p2: Double) -> Double {
        let t = 1 - s
        return s * (3 * t * (t * p1 + s * p2) + s * s)
    }

    /// The curve's value (output progress) at input progress `p`, clamped to [0, 1].
    /// NaN progress gives NaN. The ends are exact: 0 at p ≤ 0 and 1 at p ≥ 1.
    @inlinable @inline(__always)
    func value(at p: Double) -> Double {
        if p.isNaN { return p }
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        return y(parameter(forX: p).s)
    }

    /// dy/dx at input progress `p`, clamped to [0, 1]; see `UnitCurve.velocity(at:)`.
    @inlinable @inline(__always)
    func velocity(at p: Double) -> Double {
        if p.isNaN { return p }
        if p <= 0 { return endSlope(atParameter: 0) }
        if p >= 1 { return endSlope(atParameter: 1) }
        return slope(atParameter: parameter(forX: p).s)
    }

    /// Both `value(at:)` and `velocity(at:)` from one solve; each equal, bit for bit, to the
    /// separate call.
    @inlinable @inline(__always)
    func valueAndVelocity(at p: Double) -> (value: Double, velocity: Double) {
        if p.isNaN { return (p, p) }
        if p <= 0 { return (0, endSlope(atParameter: 0)) }
        if p >= 1 { return (1, endSlope(atParameter: 1)) }
        let s = parameter(forX: p).s
        return (y(s), slope(atParameter: s))
    }

    /// Solves x(s) = p for s in (0, 1), for p in (0, 1): a chord guess from the stored samples and
    /// two Halley steps, accepted when they have converged to leading order; otherwise the
    /// safeguarded loop `safeguardedParameter(forX:lo:hi:start:)` finishes from there. See the
    /// header for why the guess is good and what this costs.
    ///
    /// - Returns: The parameter `s` (NaN when the control points are NaN) and the number of
    ///   evaluations of x used (for tests): 2 on the fast path.
    @inlinable @inline(__always)
    func parameter(forX p: Double) -> (s: Double, iterations: Int) {
        // The segment [k h, (k + 1) h] with x(k h) ≤ p < x((k + 1) h), by a three-level binary
        // search written as selects (LLVM may still emit the three comparisons as branches): lo and
        // hi are the samples around p, sLo is k h. NaN samples compare false and leave hi NaN: the guess is NaN, the fast
        // path is rejected and the loop reports the NaN.
        let h = CubicTimingBezier.segmentWidth
        let q = xSamples
        let inUpperHalf = p >= q.3
        var lo = inUpperHalf ? q.3 : 0
        var hi = inUpperHalf ? 1 : q.3
        let quarter = inUpperHalf ? q.5 : q.1
        let inUpperQuarter = p >= quarter
        lo = inUpperQuarter ? quarter : lo
        hi = inUpperQuarter ? hi : quarter
        let eighth = inUpperHalf ? (inUpperQuarter ? q.6 : q.4) : (inUpperQuarter ? q.2 : q.0)
        let inUpperEighth = p >= eighth
        lo = inUpperEighth ? eighth : lo
        hi = inUpperEighth ? hi : eighth
        let sLo = (inUpperHalf ? 4 * h : 0) + (inUpperQuarter ? 2 * h : 0) + (inUpperEighth ? h : 0)
        // The chord's guess; hi > lo because lo ≤ p < hi.
        let guess = sLo + h * ((p - lo) / (hi - lo))
        let first = halleyStep(at: guess, toward: p)
        let s1 = guess - first.step
        let last = halleyStep(at: s1, toward: p)
        let s2 = s1 - last.step
        // Accept s2 when the leading term of Halley's error, (C² + |D|)·|step|³, is below
        // `acceptedTruncationError`, and |C·step| is small enough for it to dominate
        // (`asymptoticRatio`, which says why |D|·step² needs no test); with C = x''/(2x'),
        // D = x'''/(6x'), x''' = 2 px2, and everything multiplied through by 12 x'² (or 2 x') to
        // avoid divisions. The comparisons are false for NaN, and the strict `<` rejects x' = 0
        // (where Halley's step is 0 or NaN).
        let d1 = Swift.abs(last.d1), d2 = Swift.abs(last.d2), d3 = Swift.abs(2 * px2)
        let step = Swift.abs(last.step)
        let ratio = CubicTimingBezier.asymptoticRatio
        let predicted = (3 * d2 * d2 + 2 * d3 * d1) * (step * step * step)
        if predicted < 12 * d1 * d1 * CubicTimingBezier.acceptedTruncationError
            && d2 * step <= 2 * ratio * d1
            && s2 >= sLo && s2 <= sLo + h {
            return (s2, 2)
        }
        // The loop starts from s2 when it lies inside the bracket, else from the guess (exact when
        // p is a sample, e.g. x(½) = ½ on a symmetric curve, where x' may vanish and Halley's step
        // is 0/0). The guess is always in the closed bracket: 0 ≤ (p − lo)/(hi − lo) ≤ 1, since
        // rounding is monotone and lo ≤ p < hi. With NaN control points it is NaN, and so is x at
        // any start: the loop reports the NaN at its first evaluation.
        let start = s2 > sLo && s2 < sLo + h ? s2 : guess
        let solved = Self.safeguardedParameter(forX: p, lo: sLo, hi: sLo + h, start: start,
                                               x1: x1, x2: x2, px1: px1, px2: px2)
        return (solved.s, 2 + solved.iterations)
    }

    /// One Halley step for x(s) = p at s: step = 2 f x' / (2 x'² − f x''), f = x(s) − p, so that
    /// s − step is the next iterate; also x' and x'' at s (power basis, as for Newton's method:
    /// their rounding changes the step, not the root). NaN when x' = f = 0.
    @inlinable @inline(__always)
    func halleyStep(at s: Double, toward p: Double) -> (step: Double, d1: Double, d2: Double) {
        let f = x(s) - p
        let d1 = px0 + s * (px1 + s * px2)
        let d2 = px1 + s * (2 * px2)
        return (2 * f * d1 / (2 * d1 * d1 - f * d2), d1, d2)
    }

    /// Solves x(s) = p for s in [lo, hi], one of the segments of width `segmentWidth`, given
    /// x(lo) ≤ p < x(hi), starting at `start` inside that bracket: Newton's method inside a shrinking bracket, falling back to bisection (the
    /// "rtsafe" safeguard of Press et al., Numerical Recipes, §9.4), with a schedule that makes the
    /// bracket halve at least every two iterations on average (Dekker's and Brent's guarantee). The
    /// fast path's fallback, kept out of line so that callers inline only the fast path. Static,
    /// handed the four coefficients of x it reads: a call that took the curve itself would need its
    /// 120 bytes in memory, and callers would copy them there on every evaluation, the fast path's
    /// included.
    ///
    /// Each iteration evaluates f = x(s) − p once, replaces the end of the bracket on f's side by
    /// s, and stops when Newton's correction f/x'(s), or the step to the next point, is at most
    /// `stepTolerance`. The next point is Newton's when it lies strictly inside the bracket and the
    /// bracket is within the schedule — a target width that starts at the segment's 1/8 and shrinks
    /// by `scheduleFactor` (1/√2) at every iteration; otherwise the bracket's midpoint. Newton's step is taken from the
    /// last point, except after a bisection, when it is taken from the midpoint only if |f| there
    /// is no larger than at the point before it: where Newton's steps approach the root from one
    /// side and the far end of the bracket stays where it was, a bisection forced by the schedule
    /// does not throw the good iterate away.
    ///
    /// The bound. Let w_k be the bracket's exact width after the k-th evaluation, T_k the target at
    /// iteration k, and u = 2⁻⁵³. T₁ = 1/8 and T_k = fl(T_{k−1}·c) with c = fl(1/√2), within a
    /// relative 2⁻⁵³ of 1/√2, so T_k = c̃ᵏ⁻¹/8 with c̃ within a relative 2u of 1/√2, and
    /// T_{k−1} ≤ (1 + 3u)·√2·T_k. The bracket never grows: every point lies in the closed bracket.
    /// The midpoint lo + ½·fl(hi − lo), rounded, is within ½u·w + 2⁻⁵⁴ of the exact midpoint
    /// (fl(hi − lo) is within a relative u, halving is exact, and the sum is below 1, where half an
    /// ulp is at most 2⁻⁵⁴), so a bisection leaves w_{k+1} ≤ ½(1 + u)·w_k + 2⁻⁵⁴. Claim:
    /// w_{k+1} ≤ (1 + 2u)·T_k + 2⁻⁵³. A Newton step is taken only when fl(w_k) ≤ T_k, so then
    /// w_{k+1} ≤ w_k ≤ (1 + 2u)·T_k. A bisection at k = 1 leaves w₂ ≤ ½(1 + u)/8 + 2⁻⁵⁴; at
    /// k ≥ 2, with the claim at k − 1, it leaves w_{k+1} ≤ ½(1 + u)((1 + 2u)(1 + 3u)·√2·T_k + 2⁻⁵³)
    /// + 2⁻⁵⁴ < 0.71·T_k + 2⁻⁵³, within the claim. At k = 98, T_k = c̃⁹⁷/8 < (1 + 200u)·2⁻⁵¹·⁵ and
    /// w₉₉ < 0.71·2⁻⁵¹ + 2⁻⁵³ < 0.96·2⁻⁵¹ < `stepTolerance` = 2⁻⁵¹. Once the width is at most
    /// `stepTolerance` the iteration returns: s is an end of the bracket and the next point lies
    /// in it, so |next − s| is at most the width, and so is its rounding (the tolerance is a
    /// double). So the loop returns by its 99th iteration: the target's 97 shrinkings by 1/√2 take
    /// 1/8 to 2⁻⁵¹·⁵, the width's rounding adds at most 2⁻⁵³, and the first iteration is free. The
    /// rules alone come close: with Newton's point replaced by the worst point strictly inside the
    /// bracket they take 96. Newton's method does far better; see the header.
    ///
    /// - Returns: The parameter `s` (NaN when the control points are NaN) and the number of
    ///   iterations used.
    @usableFromInline @inline(never)
    static func safeguardedParameter(
        forX p: Double, lo: Double, hi: Double, start: Double, x1: Double, x2: Double, px1: Double, px2: Double
    ) -> (s: Double, iterations: Int) {
        let px0 = 3 * x1
        var lo = lo
        var hi = hi
        var s = start
        // The widest bracket that may take a Newton step; at first the segment's whole width.
        var target = CubicTimingBezier.segmentWidth
        // Newton's point from the last point, or after a bisection from the better of the midpoint
        // and the point before it, and |f| there (infinite once that point is taken).
        var candidate = Double.nan
        var residual = Double.infinity
        var iteration = 0
        while iteration < CubicTimingBezier.maxIterations {
            iteration += 1
            let f = bernstein(s, p1: x1, p2: x2) - p
            if f == 0 { return (s, iteration) }
            if f.isNaN { return (f, iteration) }
            if f < 0 { lo = s } else { hi = s }
            let derivative = px0 + s * (px1 + s * px2)
            let newtonStep = f / derivative
            let newton = s - newtonStep
            // Converged: the correction is below the tolerance. (Checked before the bracket test:
            // at convergence s is itself an end of the bracket and newton may round onto it.)
            if Swift.abs(newtonStep) <= CubicTimingBezier.stepTolerance { return (newton, iteration) }
            if Swift.abs(f) <= residual {
                residual = Swift.abs(f)
                candidate = newton
            }
            let width = hi - lo
            // The comparisons are false for NaN and infinite points (derivative 0), so those bisect.
            let next: Double
            if width <= target && candidate > lo && candidate < hi {
                next = candidate
                residual = .infinity
            } else {
                next = lo + 0.5 * width
            }
            target *= CubicTimingBezier.scheduleFactor
            if Swift.abs(next - s) <= CubicTimingBezier.stepTolerance { return (next, iteration) }
            s = next
        }
        return (s, iteration)
    }

    /// dy/dx at parameter `s`, with the limit taken where x'(s) = 0.
    ///
    /// Where x'(s) ≠ 0 this is y'(s)/x'(s), both in Bernstein form (which gives the exact zero of
    /// x' at symmetric points such as s = ½ for control points (1, ·), (0, ·)). For finite control
    /// points it is exact at the ends as well: at s = 0 every term but t² x1 is an exact 0 and
    /// t² = 1, so x'(0) = 3 x1 (an exact 0 when x1 = 0), and at s = 1 x'(1) = 3 (1 − x2); likewise
    /// for y. Where x'(s) = 0 the limit follows from the Taylor expansions of x' and
    /// y' about s (L'Hôpital): if y's expansion starts at the same order as x's, the ratio of the
    /// leading coefficients; at a higher order, 0; at a lower order, a vertical tangent: ±infinity,
    /// signed as the one-sided limit from the left (from the right at s = 0).
    @inlinable @inline(__always)
    func slope(atParameter s: Double) -> Double {
        // Derivatives of x and y at s, orders 1 through 3. Bernstein differences of the control
        // points: x' = 3 Σ Δ¹ b², x'' = 6 Σ Δ² b¹, x''' = 6 Δ³.
        let t = 1 - s
        let dx1 = 3 * (t * t * x1 + 2 * s * t * dx12 + s * s * dx23)
        let dy1 = 3 * (t * t * y1 + 2 * s * t * dy12 + s * s * dy23)
        if dx1 != 0 { return dy1 / dx1 }
        return Self.slopeLimit(atParameter: s, dx1: dx1, dy1: dy1, x1: x1, x2: x2, y1: y1, y2: y2)
    }

    /// dy/dx at an end of the curve (s = 0 or 1), as SwiftUI computes it: dy/ds over dx/ds from
    /// the power-basis coefficients c = 3·p₁, b = 3·(p₂ − p₁) − c, a = 1 − c − b (for x and for y),
    /// each derivative (3a·s + 2b)·s + c; 1 when the two are equal (including 0 = 0), otherwise their
    /// IEEE ratio — ±infinity when only dx/ds is 0. Not the limit `slope(atParameter:)` takes: at
    /// easeOut's start both derivatives are exactly 0 and the result is 1 (the limit is 1/0.58); at
    /// easeIn's end dy/ds is exactly 0 while dx/ds rounds to −2.2e-16, so the result is 0 (the
    /// limit is again 1/0.58). SwiftUI's own compatibility tests expect exactly these two values.
    @inlinable @inline(__always)
    func endSlope(atParameter s: Double) -> Double {
        func derivative(_ p1: Double, _ p2: Double) -> Double {
            let c = 3 * p1
            let b = 3 * (p2 - p1) - c
            let a = 1 - c - b
            return (3 * a * s + 2 * b) * s + c
        }
        let dx = derivative(x1, x2), dy = derivative(y1, y2)
        return dx == dy ? 1 : dy / dx
    }

    /// The L'Hôpital branch of `slope(atParameter:)`, for x'(s) = 0. Rare; kept out of line, and
    /// static for the reason `safeguardedParameter` is.
    @usableFromInline
    static func slopeLimit(
        atParameter s: Double, dx1: Double, dy1: Double, x1: Double, x2: Double, y1: Double, y2: Double
    ) -> Double {
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
