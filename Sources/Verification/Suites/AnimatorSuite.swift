// AnimatorSuite.swift — the animator's chain against the chain formula (curves from GSL's Brent
// root), and its `.spring` merges — with and without a response blend — against SwiftUI's rule
// evaluated by GSL (`FixedStepSpringReference`: powers of the rule's step matrix), given the same
// events and the documented merge order.

import AnimationMath
import ReferenceSolver

enum AnimatorSuite {
    static let name = "animator"

    /// Chain vs the formula with curves from GSL: the animator adds a handful of roundings of
    /// values of size Δ to the curve's own ulps.
    static let chainTolerance = Tolerance(
        name: "chainFormula", metric: "maxRelError", value: 2e-15,
        reason: "measured 3.8e-16 of Δ: a few additions of Δ-sized values on top of the curve's ulps (vs GSL Brent)")

    /// Merges vs the rule evaluated by GSL: the two evaluate the same steps in a different order
    /// (matrix powers vs sequential updates); measured ~1e-15 of the distance.
    static let mergeTolerance = Tolerance(
        name: "mergeVsRule", metric: "maxRelError", value: 4e-14,
        reason: "matrix powers (GSL BLAS) vs sequential steps round differently; measured 4.1e-15 of the distance (blend)")

    static let mergeSource = "SwiftUI's 1/300 s rule and merge order (fitted to a device recording, AnimationMath.docc/MergeAndChain.md) evaluated by GSL BLAS as step-matrix powers (FixedStepSpringReference); the rule is shared with the library, the evaluation is not"

    static let suite = VerificationSuite(name: name, summary: "the animator's chain vs the chain formula; .spring merges vs the rule evaluated by GSL") {
        configuration in
        [try chainCheck(configuration), try mergeCheck(configuration, blend: false), try mergeCheck(configuration, blend: true)]
    }

    /// Two easeInOut changes, the second at s₂ while the first runs: presentation =
    /// from + r, r = a₁(V₁, t) then r += a₂(V₂ − r, t − s₂) (AnimationMath.docc/MergeAndChain.md), with a = Δ·curve(t/d).
    static func chainCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        let from = 10.0, first = 110.0, second = -40.0, s2 = 0.2, d = 0.5
        var animator = configuration.animator.make(from)
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
        return gatedCheck(CheckSubject(suite: name, name: "chain of two easeInOut changes", kind: .reference, source: CheckSource.handChain,
                          implementation: "Animator", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: chainTolerance,
                          series: [SampleSeries(name: "presentation, easeInOut chained at 0.2 s", xLabel: "t (s)",
                                                yLabel: "value", x: xs, y: ys)])
    }

    /// `.spring`s merged at two mid-flight changes (0 → 100, → 30 at 0.3 s, → 80 at 0.55 s), frames
    /// at 60 Hz, against the rule: at a change the state is advanced to the change time toward the
    /// *old* target, the clock restarts there, and the steps go toward the new one. With `blend`,
    /// the responses differ (0.5 → 0.3 → 0.8, blendDuration 0.4) and the rule's stiffness follows
    /// the smoothstep response blend frame by frame: r = r_new + (r_old − r_new)·(1 − p²(3 − 2p)).
    static func mergeCheck(_ configuration: VerificationConfiguration, blend: Bool) throws -> CheckReport {
        let ζ = 0.7, blendDuration = blend ? 0.4 : 0
        let changes: [(time: Double, target: Double, response: Double)] =
            blend ? [(0.3, 30, 0.3), (0.55, 80, 0.8)] : [(0.3, 30, 0.5), (0.55, 80, 0.5)]
        let from = 0.0, first = 100.0, firstResponse = 0.5
        var animator = configuration.animator.make(from)
        animator.setValue(first, animation: configuration.fluidSpring(firstResponse, ζ, blendDuration), at: 0)
        var state = FixedStepSpringReference.State(), clock = 0.0, interval = first - from
        var response = firstResponse, blendStart = 0.0, blendInterval = 0.0
        func effectiveResponse(_ time: Double) -> Double {
            guard blendDuration > 0, blendInterval != 0 else { return response }
            let p = Swift.min(Swift.max((time - blendStart) / blendDuration, 0), 1)
            return response + blendInterval * (1 - p * p * (3 - 2 * p))
        }
        func rule(_ time: Double) -> FixedStepSpringReference {
            let frequency = 2 * Double.pi / effectiveResponse(time)
            return FixedStepSpringReference(stiffness: Swift.min(frequency * frequency, 45_000), dampingRatio: ζ)
        }
        var stats = ErrorStatistics()
        var next = 0
        var xs: [Double] = [], ys: [Double] = []
        for frameIndex in 0...120 {
            let time = Double(frameIndex) / 60
            while next < changes.count, changes[next].time <= time {
                let change = changes[next]
                animator.setValue(change.target, animation: configuration.fluidSpring(change.response, ζ, blendDuration),
                                  at: change.time)
                let (steps, _) = FixedStepSpringReference.stepCount(from: clock, to: change.time)
                state = try rule(change.time).advance(state, toward: interval, steps: steps)
                blendInterval = effectiveResponse(change.time) - change.response
                response = change.response
                blendStart = change.time
                clock = change.time
                interval = change.target - from
                next += 1
            }
            let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: time)
            state = try rule(time).advance(state, toward: interval, steps: steps)
            clock = reached
            let frame = animator.frame(at: time)
            guard animator.isAnimating else { break }  // at rest: the model, no longer the rule
            stats.add(frame.value, from + state.position, scale: 100, location: WorstCase(blend ? "blended merges" : "merges", time: time))
            xs.append(time); ys.append(frame.value - from - state.position)
        }
        let label = blend ? ".spring merges with a response blend vs the rule (smoothstep)" : ".spring merges vs the rule (old target up to the change)"
        return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference, source: mergeSource, implementation: "Animator",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: mergeTolerance,
                          detail: "max \(short(stats.maxRelative)) of the distance over \(stats.count) frames",
                          series: [SampleSeries(name: label, xLabel: "t (s)", yLabel: "animator − rule", x: xs, y: ys)])
    }
}
