import AnimationMath

/// Four animations' Bézier timing curves at once (one AVX register per coefficient, two SSE2
/// registers on the baseline ISA), solved by
/// `CubicTimingBezier.parameter(forX:)`'s fast path operation for operation: the chord guess from x
/// sampled at s = k/8, two Halley steps, the same acceptance test, then y and dy/dx in Bernstein
/// form as `slope(atParameter:)` forms them for 0 < s < 1. So every solve it accepts is
/// bit-identical to the model's; the few it does not (`solved` false: ~3 %, close to an end where
/// x' vanishes, or progress at or beyond the ends) the caller finishes with the model
/// (`UnitCurve.valueAndVelocity`). Shared by the `curve` and `keyframes` fast kernels.
///
/// The solve is split in two (`guess`, then `solve`) so a kernel can run each over a block of
/// animations in its own loop: the whole chain of dependent divisions in one loop body is longer
/// than the processor's out-of-order window, and one group of four would wait for the last.
struct BezierLanes {
    typealias Quad = SIMD4<Double>
    typealias Mask = SIMDMask<SIMD4<Int64>>
    /// x clamped to [0, 1], `CubicTimingBezier`'s power-basis derivative coefficients, y.
    var x1: Quad, x2: Quad, px1: Quad, px2: Quad, y1: Quad, y2: Quad
    /// x at s = k/8, k = 1…7.
    var q0: Quad, q1: Quad, q2: Quad, q3: Quad, q4: Quad, q5: Quad, q6: Quad

    static let h = 0.125

    /// `CubicTimingBezier.init`'s coefficients for control points (x1, y1), (x2, y2), the same
    /// operations (so the same bits), in all four lanes.
    init(x1 a: Double, y1 b: Double, x2 c: Double, y2 d: Double) {
        let c1 = Self.coefficients(x1: a, y1: b, x2: c, y2: d)
        self.init(lanes: (0..<Self.coefficientCount).map { Quad(repeating: c1[$0]) })
    }

    /// One curve's 13 coefficients in the order of the stored properties.
    static func coefficients(x1 a: Double, y1 b: Double, x2 c: Double, y2 d: Double) -> [Double] {
        // x clamped to [0, 1] as `UnitCurve.bezier` does.
        let x1 = min(max(a, 0), 1), x2 = min(max(c, 0), 1)
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        func sample(_ k: Double) -> Double {
            let s = k * h, t = 1 - s
            return s * (3 * t * (t * x1 + s * x2) + s * s)
        }
        return [x1, x2, 2 * bx, 3 * ax, b, d] + (1...7).map { sample(Double($0)) }
    }

    static let coefficientCount = 13

    init(lanes c: [Quad]) {
        (x1, x2, px1, px2, y1, y2) = (c[0], c[1], c[2], c[3], c[4], c[5])
        (q0, q1, q2, q3, q4, q5, q6) = (c[6], c[7], c[8], c[9], c[10], c[11], c[12])
    }

    /// Lanes i…i + 3 of 13 coefficient columns (`BezierColumns.Bases`).
    @inline(__always)
    init(_ c: BezierColumns.Bases, _ i: Int) {
        @inline(__always) func load(_ base: UnsafeMutablePointer<Double>) -> Quad {
            UnsafeRawPointer(base + i).loadUnaligned(as: Quad.self)
        }
        (x1, x2, px1, px2, y1, y2) = (load(c.0), load(c.1), load(c.2), load(c.3), load(c.4), load(c.5))
        (q0, q1, q2, q3, q4, q5, q6) = (load(c.6), load(c.7), load(c.8), load(c.9), load(c.10), load(c.11), load(c.12))
    }

    /// The chord guess between the samples around p (three selects), and the start of its eighth, sLo.
    @inline(__always)
    func guess(_ p: Quad) -> (guess: Quad, low: Quad) {
        let h = Quad(repeating: Self.h), zero = Quad.zero, one = Quad(repeating: 1)
        let upperHalf = p .>= q3
        var lo = zero.replacing(with: q3, where: upperHalf)
        var hi = q3.replacing(with: one, where: upperHalf)
        let quarter = q1.replacing(with: q5, where: upperHalf)
        let upperQuarter = p .>= quarter
        lo.replace(with: quarter, where: upperQuarter)
        hi.replace(with: quarter, where: .!upperQuarter)
        let low = q0.replacing(with: q2, where: upperQuarter)
        let high = q4.replacing(with: q6, where: upperQuarter)
        let eighth = low.replacing(with: high, where: upperHalf)
        let upperEighth = p .>= eighth
        lo.replace(with: eighth, where: upperEighth)
        hi.replace(with: eighth, where: .!upperEighth)
        let sLo = zero.replacing(with: 4 * h, where: upperHalf) + zero.replacing(with: 2 * h, where: upperQuarter)
            + zero.replacing(with: h, where: upperEighth)
        return (sLo + h * ((p - lo) / (hi - lo)), sLo)
    }

    /// One Halley step of `CubicTimingBezier.halleyStep` from s: the next s, the step, x' and x''.
    @inline(__always)
    func halleyStep(_ s: Quad, _ p: Quad) -> (Quad, Quad, Quad, Quad) {
        let t: Quad = 1 - s
        let x: Quad = s * (3 * t * (t * x1 + s * x2) + s * s)
        let f: Quad = x - p
        let d1: Quad = 3 * x1 + s * (px1 + s * px2)
        let d2: Quad = px1 + s * (2 * px2)
        let numerator: Quad = 2 * f * d1
        let denominator: Quad = 2 * d1 * d1 - f * d2
        let step: Quad = numerator / denominator
        return (s - step, step, d1, d2)
    }

    /// The derivative of a Bernstein cubic with inner control values c1, c2 at s (u = 1 − s), as
    /// `slope(atParameter:)` forms it: 3 (u² c1 + 2 s u (c2 − c1) + s² (1 − c2)).
    @inline(__always)
    static func derivative(_ s: Quad, _ u: Quad, _ c1: Quad, _ c2: Quad) -> Quad {
        let a: Quad = u * u * c1
        let b: Quad = 2 * s * u * (c2 - c1)
        let c: Quad = s * s * (1 - c2)
        return 3 * (a + b + c)
    }

    /// |x| lane by lane (the comparisons it feeds do not see the sign of a zero). A select, not
    /// `pointwiseMax`, which the optimiser leaves as a call.
    @inline(__always) static func magnitude(_ x: Quad) -> Quad { x.replacing(with: -x, where: x .< Quad.zero) }

    /// p clamped to [0, 1] lane by lane, as `UnitCurve.clamp` (NaN stays NaN).
    @inline(__always) static func clamp(_ p: Quad) -> Quad {
        p.replacing(with: Quad.zero, where: p .< Quad.zero).replacing(with: Quad(repeating: 1), where: p .> Quad(repeating: 1))
    }

    /// From `guess(p)`: two Halley steps and the model's acceptance test (the leading term of
    /// Halley's error below half an ulp), then y(s) and dy/dx. `solved` is false where the model
    /// would not accept the fast path, where p is not strictly inside (0, 1), or x' = 0: there the
    /// value and slope mean nothing and the caller asks the model.
    @inline(__always)
    func solve(_ p: Quad, guess: Quad, low sLo: Quad) -> (value: Quad, slope: Quad, solved: Mask) {
        let h = Quad(repeating: Self.h), zero = Quad.zero, one = Quad(repeating: 1)
        let ratio = 0.125, accepted = 0.5 * Double.ulpOfOne
        let (sA, _, _, _) = halleyStep(guess, p)
        let (s, lastStep, d1, d2) = halleyStep(sA, p)
        let ad1: Quad = Self.magnitude(d1), ad2: Quad = Self.magnitude(d2)
        let ad3: Quad = Self.magnitude(2 * px2), step: Quad = Self.magnitude(lastStep)
        let cube: Quad = step * step * step
        let predicted: Quad = (3 * ad2 * ad2 + 2 * ad3 * ad1) * cube
        let bound: Quad = 12 * ad1 * ad1 * accepted
        var ok = predicted .< bound
        ok .&= ad2 * step .<= 2 * ratio * ad1
        ok .&= (s .>= sLo) .& (s .<= sLo + h)
        let u: Quad = 1 - s
        let value: Quad = s * (3 * u * (u * y1 + s * y2) + s * s)
        let dx: Quad = Self.derivative(s, u, x1, x2)
        let dy: Quad = Self.derivative(s, u, y1, y2)
        ok .&= (p .> zero) .& (p .< one) .& (dx .!= zero)
        return (value, dy / dx, ok)
    }
}

/// Where a Bézier kernel gets four animations' curves: constants of a group, or columns.
protocol BezierSource {
    /// The curves of slots i…i + 3.
    func lanes(_ i: Int) -> BezierLanes
    /// The model's curve of slot i (for the solves the fast path does not accept).
    func model(_ i: Int) -> UnitCurve
}

/// One curve for every animation of a group.
struct SharedBezier: BezierSource {
    let curve: BezierLanes
    let unitCurve: UnitCurve

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        curve = BezierLanes(x1: x1, y1: y1, x2: x2, y2: y2)
        unitCurve = .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
    }

    @inline(__always) func lanes(_ i: Int) -> BezierLanes { curve }
    @inline(__always) func model(_ i: Int) -> UnitCurve { unitCurve }
}

/// 13 coefficient columns of per-animation Bézier curves (`BezierLanes`' stored properties, in order).
struct BezierColumns {
    typealias Base = UnsafeMutablePointer<Double>
    typealias Bases = (Base, Base, Base, Base, Base, Base, Base, Base, Base, Base, Base, Base, Base)
    let columns: [Column<Double>]

    /// `count` curves; `control(i)` gives curve i's control points.
    init(count: Int, control: (Int) -> (x1: Double, y1: Double, x2: Double, y2: Double)) {
        let all = (0..<count).map { i in let c = control(i); return BezierLanes.coefficients(x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2) }
        columns = (0..<BezierLanes.coefficientCount).map { k in Column(count: max(count, 1)) { i in i < count ? all[i][k] : 0 } }
    }

    /// The columns' base addresses, read once per frame (held in registers or on the stack, where
    /// no store to a column can alias them).
    var bases: Bases {
        let c = columns  // no allocation: subscripts of the stored array
        return (c[0].base, c[1].base, c[2].base, c[3].base, c[4].base, c[5].base, c[6].base, c[7].base, c[8].base,
                c[9].base, c[10].base, c[11].base, c[12].base)
    }

    func free() { for column in columns { column.free() } }
}
