// HighPrecisionSettling.swift — the roots of the equations `Spring(settlingDuration:dampingRatio:
// epsilon:)` solves, in double-double: λD − ln(1 + λ) + ln ε = 0 for ζ < 1, and u − ln(1 + u) +
// ln ε = 0 for ζ = 1 (u = ω0·D, the same equation with D = 1).
//
// Logarithms: Newton's method on e^y = 1 + t from the Double log1p, y ← y + (1 + t)·e^(−y) − 1,
// twice (quadratic: 10⁻¹⁶ → 10⁻³²); ln ε likewise, on e^y = ε when ε ≤ 1/2. For |y| ≤ 1/4 the step is summed as t·e^(−y) + (e^(−y) − 1),
// with e^x − 1 by its Taylor series, so ln(1 + t) keeps ~10⁻³¹ relative accuracy as t → 0 — which
// the root needs when ε → 1 and D → 1, where λD and ln(1 + λ) agree to within λ² and g′ ~ λ.
// Larger |x| take e^x by scaling and squaring (Taylor at |x|/2^s ≤ 1/4; at most 12 squarings for
// |x| ≤ 700, so ~10⁻²⁸ relative). The root: bisection in Double on the sign of the double-double
// function to 2⁻³⁰ of the bracket, then Newton in double-double from its upper end (the function
// is convex and increasing past its minimum, so the steps fall monotonically onto the root).
//
// It shares only the equation with the library: not its series for λ − ln(1 + λ), its start point,
// its derivative or its stopping rule. Its error is below 10⁻²³ of the root for ε ≥ 10⁻³⁰⁰: the
// function's absolute error, ~10⁻³¹ of its largest term, over g′·λ, which is at least ~λ² near
// ε = 1 = D, with λ ≥ 1.5·10⁻⁸ there because ln ε ≤ −2⁻⁵³ — ten million times below an ulp.

import Foundation
import HookeSupport

enum HighPrecisionSettling {
    /// e^x − 1 for |x| ≤ 1/4 by its Taylor series, to ~10⁻³¹ relative.
    static func expm1Series(_ x: DoubleDouble) -> DoubleDouble {
        var term = x, sum = x
        for n in 2...40 {
            term = term * x / DoubleDouble(Double(n))
            sum = sum + term
            if Swift.abs(term.hi) < 0x1p-110 * Swift.abs(sum.hi) { break }
        }
        return sum
    }

    /// e^x by scaling and squaring: (1 + expm1(x/2^s))^(2^s) with |x|/2^s ≤ 1/4.
    static func exp(_ x: DoubleDouble) -> DoubleDouble {
        var s = 0, scale = 1.0
        while Swift.abs(x.hi) * scale > 0.25 {
            scale *= 0.5
            s += 1
        }
        var e = DoubleDouble.one + expm1Series(x * DoubleDouble(scale))  // exact scaling: a power of two
        for _ in 0..<s { e = e * e }
        return e
    }

    /// ln(1 + t) for t > −1, given as a double-double.
    static func log1p(_ t: DoubleDouble) -> DoubleDouble {
        var y = DoubleDouble(Foundation.log1p(t.hi))
        for _ in 0..<2 {
            let step: DoubleDouble
            if Swift.abs(y.hi) <= 0.25 {
                let e = expm1Series(-y)
                step = t * (DoubleDouble.one + e) + e
            } else {
                step = (DoubleDouble.one + t) * exp(-y) - DoubleDouble.one
            }
            y = y + step
        }
        return y
    }

    /// ln a for a Double a > 0: ln(1 + (a − 1)) when a > 1/2 (a − 1 is then exact), else Newton on
    /// e^y = a, y ← y + a·e^(−y) − 1 (|y| ≥ ln 2 there).
    static func log(_ a: Double) -> DoubleDouble {
        if a > 0.5 { return log1p(DoubleDouble(a - 1)) }
        var y = DoubleDouble(Foundation.log(a))
        for _ in 0..<2 { y = y + (DoubleDouble(a) * exp(-y) - DoubleDouble.one) }
        return y
    }

    /// The root λ > max(0, 1/D − 1) of λD − ln(1 + λ) + ln ε = 0, for 0 < ε < 1 and D > 0.
    static func root(duration D: Double, epsilon ε: Double) -> DoubleDouble {
        precondition(ε > 0 && ε < 1 && D > 0, "the settling equation has a root only for 0 < ε < 1, D > 0")
        let logε = log(ε)
        let d = DoubleDouble(D)
        func g(_ λ: DoubleDouble) -> DoubleDouble { λ * d - log1p(λ) + logε }
        // g < 0 at its minimum λ = max(0, 1/D − 1) (g(0) = ln ε < 0), and g > 0 once λD exceeds
        // ln(1 + λ) − ln ε.
        var lo = Swift.max(0, 1 / D - 1), hi = Swift.max(1, lo) * 2
        while g(DoubleDouble(hi)).hi <= 0 {
            lo = hi
            hi *= 2
        }
        while hi - lo > 0x1p-30 * hi {
            let mid = lo + (hi - lo) / 2
            if g(DoubleDouble(mid)).hi <= 0 { lo = mid } else { hi = mid }
        }
        var λ = DoubleDouble(hi)
        for _ in 0..<8 {
            let slope = d - DoubleDouble.one / (DoubleDouble.one + λ)
            let step = g(λ) / slope
            λ = λ - step
            if Swift.abs(step.hi) < 0x1p-106 * λ.hi { break }
        }
        return λ
    }
}
