// AnimatorSuite.swift — the animator's chain and merge against hand-derived formulas.

import AnimationMath
import ReferenceSolver

enum AnimatorSuite {
    static let name = "animator"

    /// Chain vs the formula with curves from GSL: the animator adds a handful of roundings of
    /// values of size Δ to the curve's own ~1e-15 → 1e-13 of Δ.
    static let chainTolerance = Tolerance(
        name: "chainFormula", metric: "maxRelError", value: 2e-15,
        reason: "measured 3.8e-16 of Δ: a few additions of Δ-sized values on top of the curve's ulps (vs GSL Brent)")

    /// A merged `.spring` must be the integrator continued from its state: identical operations.
    static let mergeTolerance = Tolerance(
        name: "mergeKeepsState", metric: "maxRelError", value: 1e-15,
        reason: "the animator must do exactly the integrator's steps; only the base + offset addition rounds")

    static let suite = VerificationSuite(name: name, summary: "the animator's chain and merge vs hand-derived formulas") { _ in
        [try chainCheck(), mergeCheck()]
    }

    /// Two easeInOut changes, the second at s₂ while the first runs: presentation =
    /// from + r, r = a₁(V₁, t) then r += a₂(V₂ − r, t − s₂) (MergeAndChain.md), with a = Δ·curve(t/d).
    static func chainCheck() throws -> CheckReport {
        let from = 10.0, first = 110.0, second = -40.0, s2 = 0.2, d = 0.5
        var animator = Animator<Double>(value: from)
        animator.setValue(first, animation: .easeInOut(duration: d), at: 0)
        var stats = ErrorStatistics()
        var t = 0.0
        var changed = false
        func curve(_ p: Double) throws -> Double {
            try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: Swift.min(Swift.max(p, 0), 1))
        }
        var xs: [Double] = [], ys: [Double] = []
        while t <= 0.75 {
            if !changed && t >= s2 {
                animator.setValue(second, animation: .easeInOut(duration: d), at: s2)
                changed = true
            }
            let frame = animator.frame(at: t)
            let v1 = first - from, v2 = second - from
            var r: Double
            if t <= d { r = v1 * (try curve(t / d)) } else { r = v1 }
            var expected = from + r
            if changed {
                if t - s2 <= d { r += (v2 - r) * (try curve((t - s2) / d)); expected = from + r } else { expected = second }
            }
            stats.add(frame.value, expected, scale: Swift.abs(second - from) + Swift.abs(first - from),
                      location: WorstCase("easeInOut chain", time: t))
            xs.append(t); ys.append(frame.value)
            t += 1.0 / 120
        }
        return gatedCheck(suite: name, name: "chain of two easeInOut changes", kind: .reference, source: CheckSource.handChain, implementation: "Animator",
                          quickSet: true, metrics: stats.metrics(), worst: stats.worst, tolerance: chainTolerance,
                          series: [SampleSeries(name: "presentation, easeInOut chained at 0.2 s", xLabel: "t (s)",
                                                yLabel: "value", x: xs, y: ys)])
    }

    /// A `.spring` merged at 0.3 s: the integrator continues with its offset, velocity and force
    /// toward the new total (same response, so no blend).
    static func mergeCheck() -> CheckReport {
        let from = 0.0, first = 100.0, second = 30.0, merge = 0.3
        let animation = Animation.spring(response: 0.5, dampingFraction: 0.7)
        var animator = Animator<Double>(value: from)
        animator.setValue(first, animation: animation, at: 0)
        let k = SpringIntegratorState<Double>.stiffness(response: 0.5)
        var integrator = SpringIntegratorState<Double>()
        var stats = ErrorStatistics()
        var t = 0.0
        var interval = first - from
        var merged = false
        var finished = false
        while t < 2 {
            if !merged && t >= merge {
                animator.setValue(second, animation: animation, at: t)
                // shouldMerge samples the running spring at the merge time with the interval before
                // the change (advancing it there toward the old target), then restarts its clock at
                // the merge time; the new interval applies from the next step on.
                integrator.advance(interval: interval, to: t, stiffness: k, dampingRatio: 0.7)
                integrator.time = t
                interval = second - from
                merged = true
            }
            let frame = animator.frame(at: t)
            // Once the integrator reports rest the animation is removed and the value is the target;
            // stepping on would let it drift back over the finish threshold.
            if !finished { finished = integrator.advance(interval: interval, to: t, stiffness: k, dampingRatio: 0.7) }
            let expected = finished ? from + interval : from + integrator.offset
            stats.add(frame.value, expected, scale: 100, location: WorstCase(".spring merged at \(merge)", time: t))
            t += 1.0 / 60
        }
        return gatedCheck(suite: name, name: ".spring merge keeps offset, velocity and force", kind: .consistency, source: CheckSource.library + ": SpringIntegratorState continued by hand", implementation: "Animator",
                          quickSet: true, metrics: stats.metrics(), worst: stats.worst, tolerance: mergeTolerance,
                          detail: "animator vs integrator continued by hand: max \(short(stats.maxRelative)) of Δ")
    }
}
