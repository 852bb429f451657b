// HighPrecisionOscillator.swift — a second, independent reference for the damped oscillator: the
// exact state-transition matrix exp(A·t) of m·x'' + c·x' + k·(x − T) = 0, A = [[0, 1], [−k/m, −c/m]],
// computed in double-double by scaling and squaring (Taylor series of exp(A·t/2^s) with
// ‖A·t/2^s‖ ≤ 1/4, then s squarings).
//
// It shares nothing with Hooke's closed form (no regime branches, no exp/sin/cos, no expm1) and
// nothing with GSL's integrator (no steps, no error control). Its error is a few parts in 10³⁰
// times the squarings' growth — below 10⁻²⁵ of the scale over the grids here — so the difference
// from a Double computation is that computation's own error, measurable in ulps. The spring's
// parameters are taken as exact: for (response, ζ) the Double ω0 = 2π/response (the value every
// implementation starts from), then k = ω0² and c/m = 2ζω0 in double-double; for (m, k, c) the
// three Doubles.

import HookeSupport

struct HighPrecisionOscillator: Sendable {
    /// A = [[0, 1], [−a21, −a22]]: a21 = k/m, a22 = c/m.
    var a21: DoubleDouble
    var a22: DoubleDouble

    init(_ parameters: SpringParameters) {
        switch parameters.form {
        case let .responseDampingRatio(response, ratio):
            let ω0 = DoubleDouble(2 * Double.pi / response)
            a21 = ω0 * ω0
            a22 = DoubleDouble(2 * ratio) * ω0
        case let .physical(mass, stiffness, damping):
            a21 = DoubleDouble(stiffness) / DoubleDouble(mass)
            a22 = DoubleDouble(damping) / DoubleDouble(mass)
        }
    }

    /// exp(A·t) as (m11, m12, m21, m22) on (displacement, velocity).
    func transition(_ t: Double) -> (DoubleDouble, DoubleDouble, DoubleDouble, DoubleDouble) {
        let time = DoubleDouble(t)
        // B = A·t/2^s with ‖B‖∞ ≤ 1/4.
        let norm = Swift.max(Swift.abs(t), Swift.abs(a21.double * t) + Swift.abs(a22.double * t))
        var s = 0
        var scale = 1.0
        while norm * scale > 0.25 {
            scale *= 0.5
            s += 1
        }
        let dt = time * DoubleDouble(scale)  // exact: scale is a power of two
        let b12 = dt, b21 = -(a21 * dt), b22 = -(a22 * dt)
        // Taylor: E = Σ Bⁿ/n!, term by term until the term is below 2⁻¹¹⁰ of E.
        var e11 = DoubleDouble.one, e12 = DoubleDouble.zero, e21 = DoubleDouble.zero, e22 = DoubleDouble.one
        var t11 = DoubleDouble.one, t12 = DoubleDouble.zero, t21 = DoubleDouble.zero, t22 = DoubleDouble.one
        for n in 1...60 {
            // term ← term·B / n (B11 = 0).
            let inverse = DoubleDouble(1) / DoubleDouble(Double(n))
            let n11 = t12 * b21, n12 = t11 * b12 + t12 * b22
            let n21 = t22 * b21, n22 = t21 * b12 + t22 * b22
            t11 = n11 * inverse; t12 = n12 * inverse; t21 = n21 * inverse; t22 = n22 * inverse
            e11 = e11 + t11; e12 = e12 + t12; e21 = e21 + t21; e22 = e22 + t22
            let size = Swift.max(Swift.abs(t11.hi), Swift.abs(t12.hi) / Swift.max(Swift.abs(dt.hi), .leastNormalMagnitude),
                                 Swift.abs(t21.hi), Swift.abs(t22.hi))
            if size < 0x1p-110 { break }
        }
        for _ in 0..<s {
            let n11 = e11 * e11 + e12 * e21, n12 = e11 * e12 + e12 * e22
            let n21 = e21 * e11 + e22 * e21, n22 = e21 * e12 + e22 * e22
            e11 = n11; e12 = n12; e21 = n21; e22 = n22
        }
        return (e11, e12, e21, e22)
    }

    /// Position and velocity at `t` of the motion from 0 with velocity `v0` toward `target`.
    func state(target: Double, initialVelocity v0: Double, time t: Double) -> (value: DoubleDouble, velocity: DoubleDouble) {
        let (m11, m12, m21, m22) = transition(t)
        let d0 = DoubleDouble(-target), v = DoubleDouble(v0)
        return (DoubleDouble(target) + m11 * d0 + m12 * v, m21 * d0 + m22 * v)
    }
}

/// The cubic timing Bézier (0,0), (x1,y1), (x2,y2), (1,1) evaluated in double-double: s with
/// x(s) = progress by bisection in Double to 2⁻⁴⁰ and then Newton in double-double (quadratic:
/// three steps reach 10⁻³⁰), and y(s). Independent of Hooke's solver and of GSL's Brent.
struct HighPrecisionBezier: Sendable {
    var x1: Double, y1: Double, x2: Double, y2: Double

    /// B(s) for control values c1, c2: 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³.
    static func bezier(_ s: DoubleDouble, _ c1: Double, _ c2: Double) -> DoubleDouble {
        let u = DoubleDouble.one - s
        let three = DoubleDouble(3)
        return three * u * u * s * DoubleDouble(c1) + three * u * s * s * DoubleDouble(c2) + s * s * s
    }

    /// dB/ds = 3(1−s)²·c1 + 6(1−s)s·(c2 − c1) + 3s²·(1 − c2).
    static func derivative(_ s: DoubleDouble, _ c1: Double, _ c2: Double) -> DoubleDouble {
        let u = DoubleDouble.one - s
        return DoubleDouble(3) * u * u * DoubleDouble(c1) + DoubleDouble(6) * u * s * (DoubleDouble(c2) - DoubleDouble(c1))
            + DoubleDouble(3) * s * s * (DoubleDouble.one - DoubleDouble(c2))
    }

    /// y at x = progress (x1, x2 in [0, 1], so x(s) is monotone).
    func value(at progress: Double) -> DoubleDouble {
        if progress <= 0 { return .zero }
        if progress >= 1 { return .one }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = 0.5 * (lo + hi)
            if Self.bezier(DoubleDouble(mid), x1, x2).double < progress { lo = mid } else { hi = mid }
        }
        var s = DoubleDouble(0.5 * (lo + hi))
        let p = DoubleDouble(progress)
        for _ in 0..<4 {
            let slope = Self.derivative(s, x1, x2)
            if slope.hi == 0 { break }
            s = s - (Self.bezier(s, x1, x2) - p) / slope
        }
        return Self.bezier(s, y1, y2)
    }
}
