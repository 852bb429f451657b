// HighPrecisionSettling.swift — settling equations in double-double: the root of λD − ln(1 + λ) +
// ln ε = 0 (with D = 1, u − ln(1 + u) + ln ε = 0, the critically damped unit motion's settle time
// u = ω0·D), and, below, SwiftUI's rule for `Spring(settlingDuration:dampingRatio:epsilon:)`.
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

// SwiftUI's rule for `Spring(settlingDuration:dampingRatio:epsilon:)`, as Respring
// (github.com/ktiays/Respring) re-implements it and its tests compare with SwiftUI: Newton's method
// on ε − (ζ/√(1 − ζ²))·e^(−ζDx) (ζ < 1) or (1 + Dx)·e^(−Dx) − ε (ζ = 1, the threshold negated for
// x < 0), a first run from 5/D of at most 12 steps and, if it fails, one from 1/D of at most 20;
// a run stops from its third step on at a step of at most ε, and has failed if the step before
// exceeded 10⁵·ε or an iterate is not finite. Written here apart from the library: the same rule,
// evaluated in double-double with the exact amplitude, start points and derivatives
// (ζD·(ζ/√(1 − ζ²))·e^(−ζDx), and −D²x·e^(−Dx)), so it shares the rule and none of its roundings.
extension HighPrecisionSettling {
    /// √a for a ≥ 0: one Newton step on the Double root (2⁻⁵³ → ~2⁻¹⁰⁵ relative).
    static func squareRoot(_ a: DoubleDouble) -> DoubleDouble {
        guard a.hi > 0 else { return DoubleDouble(0) }
        let s = DoubleDouble(a.hi.squareRoot())
        return s + (a - s * s) / (DoubleDouble(2) * s)
    }

    /// e^x, or infinity past the Double range (whose double-double arithmetic then gives NaN, as a
    /// diverging run does in Doubles), or 0 below it.
    static func boundedExp(_ x: DoubleDouble) -> DoubleDouble {
        if x.hi.isNaN { return x }
        if x.hi > 709 { return DoubleDouble(hi: .infinity, lo: 0) }
        if x.hi < -745 { return DoubleDouble(0) }
        return exp(x)
    }

    /// The natural frequency SwiftUI's rule gives for the clamped D and ζ (NaN where it diverges).
    static func settlingRule(duration D: Double, dampingRatio ζ: Double, epsilon ε: Double) -> DoubleDouble {
        let d = DoubleDouble(D), z = DoubleDouble(ζ), e = DoubleDouble(ε)
        let f: (DoubleDouble) -> (value: DoubleDouble, slope: DoubleDouble)
        if ζ >= 1 {
            f = { x in
                let u = d * x, decay = boundedExp(-u)
                return (decay * (u + DoubleDouble.one) - (x.hi < 0 ? -e : e), -(d * u) * decay)
            }
        } else {
            let amplitude = z / squareRoot(DoubleDouble.one - z * z), rate = d * z
            f = { x in
                let envelope = amplitude * boundedExp(-(rate * x))
                return (e - envelope, rate * envelope)
            }
        }
        func run(start: Double, maximumSteps: Int) -> (iterate: DoubleDouble, converged: Bool) {
            var x = DoubleDouble(start) / d, stepBefore = 0.0
            for index in 1...maximumSteps {
                let (value, slope) = f(x)
                let next = x - value / slope
                guard next.hi.isFinite, !next.lo.isNaN else { return (next, false) }
                let step = (next - x).hi
                if index >= 3 && Swift.abs(step) <= ε { return (next, stepBefore <= ε * 1e5) }
                stepBefore = -step
                x = next
            }
            return (x, true)
        }
        var result = DoubleDouble(.nan)
        for (start, maximumSteps) in [(5.0, 12), (1.0, 20)] {
            let attempt = run(start: start, maximumSteps: maximumSteps)
            result = attempt.iterate
            if attempt.converged { break }
        }
        return result
    }
}
