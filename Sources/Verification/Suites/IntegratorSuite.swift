// IntegratorSuite.swift — SwiftUI's `.spring` integrator: the library against the rule, its departure
// from the exact ODE, and its observed order of convergence (with SwiftUI's F₀ = 0 and with a
// consistent initial force, to separate the initial-condition effect).

import AnimationMath
import ReferenceSolver

#if canImport(Glibc)
import Glibc
#endif

enum IntegratorSuite {
    static let name = "integrator"

    /// The library's integrator and the rule's step looped at h = 1/300 (IntegratorRule calls the
    /// library's one step function) perform the same IEEE operations in the same order: they must
    /// agree exactly (0 ulps); what this checks is `advance`'s clock (one step per 1/300 s).
    static let identicalTolerance = Tolerance(
        name: "sameOperations", metric: "maxAbsError", value: 0,
        reason: "IntegratorRule at h = 1/300 loops SpringIntegratorState's own step; IEEE arithmetic is deterministic")

    /// Cases for the departure and convergence studies: one per regime the `.spring` family uses.
    static let cases: [(label: String, response: Double, ratio: Double)] = [
        ("ζ 0", 0.5, 0), ("ζ 0.3", 0.5, 0.3), ("ζ 0.825", 0.5, 0.825), ("ζ 1", 0.5, 1), ("ζ 2", 0.5, 2),
    ]

    /// Steps of the convergence study: 1/300 (SwiftUI's), halved three times.
    static let steps: [Double] = [1.0 / 300, 1.0 / 600, 1.0 / 1200, 1.0 / 2400]

    static let suite = VerificationSuite(
        name: name, summary: "the .spring 1/300 s integrator: rule, departure from the ODE, convergence order"
    ) { configuration in
        [try ruleCheck(configuration), try identicalCheck(), try departureCheck()] + (try convergenceChecks())
    }

    /// The `.spring` animation from rest vs the rule evaluated by GSL: measured 1.1e-14 of Δ.
    static let ruleTolerance = Tolerance(
        name: "springVsRule", metric: "maxRelError", value: 5e-14,
        reason: "matrix powers (GSL BLAS) vs sequential steps round differently; measured 1.1e-14 of Δ")

    /// `.spring(response:dampingFraction:)` frames at 60 Hz (until it finishes) against the rule
    /// evaluated as powers of its step matrix, with SwiftUI's documented 45 000 stiffness cap —
    /// two of the cases have responses below the cap (0.01 s and 0.02 s).
    static func ruleCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        var stats = ErrorStatistics()
        let delta = 100.0
        for (response, ζ) in [(0.5, 0.3), (0.5, 1.0), (1.8, 0.3), (0.15, 0.86), (0.01, 0.7), (0.02, 1.0)] {
            let animation = configuration.fluidSpring(response, ζ, 0)
            var context = AnimationContext<Double>()
            let frequency = 2 * Double.pi / response
            let rule = FixedStepSpringReference(stiffness: Swift.min(frequency * frequency, 45_000), dampingRatio: ζ)
            var state = FixedStepSpringReference.State(), clock = 0.0
            for frame in 0...180 {
                let t = Double(frame) / 60
                let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: t)
                state = try rule.advance(state, toward: delta, steps: steps)
                clock = reached
                guard let x = animation.animate(value: delta, time: t, context: &context) else { break }
                stats.add(x, state.position, scale: delta, location: WorstCase("response \(response), ζ \(ζ)", time: t))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: ".spring from rest vs the rule (incl. responses below the stiffness cap)",
                          kind: .reference, source: AnimatorSuite.mergeSource, implementation: "Animation.spring",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: ruleTolerance)
    }

    /// `SpringIntegratorState.advance` vs `IntegratorRule` at h = 1/300.
    static func identicalCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        for c in cases {
            let k = SpringIntegratorState<Double>.stiffness(response: c.response)
            let rule = IntegratorRule(stiffness: k, dampingRatio: c.ratio, step: steps[0])
            let count = 301
            let expected = rule.run(interval: 1, initialForce: .zero, stride: 1, count: count)
            var state = SpringIntegratorState<Double>()
            for i in 1..<count {
                // Ask for a time inside step i so exactly i steps have run.
                state.advance(interval: 1, to: (Double(i) - 0.5) / 300, stiffness: k, dampingRatio: c.ratio)
                stats.add(state.offset, expected.x[i], scale: 1, location: WorstCase(c.label, time: Double(i) / 300))
                stats.add(state.velocity, expected.v[i], scale: 1, location: WorstCase(c.label + " (velocity)", time: Double(i) / 300))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "library = rule at h = 1/300", kind: .consistency, source: CheckSource.library + ": IntegratorRule, the library's step looped with a free h", implementation: "SpringIntegratorState",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: identicalTolerance)
    }

    /// The `.spring` animation at 60 Hz frames against the exact ODE: how far SwiftUI's motion is
    /// from the physics its parameters describe (measured, not a failure).
    static func departureCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        var series: [SampleSeries] = []
        for c in cases {
            let animation = Animation.spring(response: c.response, dampingFraction: c.ratio)
            var context = AnimationContext<Double>()
            let times = (0...120).map { Double($0) / 60 }
            let ω0 = 2 * Double.pi / c.response
            let problem = OscillatorProblem(stiffness: ω0 * ω0, damping: 2 * c.ratio * ω0, target: 1)
            let ref = try OscillatorReference.solve(problem, at: times)
            var residual: [Double] = []
            for (i, t) in times.enumerated() {
                let x = animation.animate(value: 1.0, time: t, context: &context) ?? 1
                stats.add(x, ref.positions[i], scale: 1, location: WorstCase("response \(c.response), \(c.label)", time: t))
                residual.append(x - ref.positions[i])
            }
            if c.label == "ζ 0.825" {
                series.append(SampleSeries(name: ".spring − exact ODE, response 0.5, ζ 0.825", xLabel: "t (s)",
                                           yLabel: "(x − x_ref)/Δ", x: times, y: residual))
            }
        }
        return infoCheck(suite: name, name: "departure from the exact ODE (60 Hz frames)", source: CheckSource.gsl, implementation: "Animation.spring",
                         quickSet: true, metrics: stats.metrics(), worst: stats.worst,
                         detail: "SwiftUI's motion differs from its spring's physics by up to \(short(stats.maxRelative)) of Δ (rms \(short(stats.rmsRelative)))",
                         series: series)
    }

    /// Observed order: the max error over 0…1 s (on the 1/300 s grid every step size hits) at
    /// h, h/2, h/4, h/8, and p = log2(E(h)/E(h/2)), for F₀ = 0 and F₀ consistent.
    static func convergenceChecks() throws -> [CheckReport] {
        var reports: [CheckReport] = []
        let sampleCount = 301  // 0…1 s at 1/300 s
        let times = (0..<sampleCount).map { Double($0) / 300 }
        for start in [IntegratorRule.InitialForce.zero, .consistent] {
            var metrics: [Metric] = []
            var details: [String] = []
            for c in cases {
                let ω0 = 2 * Double.pi / c.response
                let k = ω0 * ω0
                let ref = try OscillatorReference.solve(
                    OscillatorProblem(stiffness: k, damping: 2 * c.ratio * ω0, target: 1), at: times)
                var errors: [Double] = []
                for (index, h) in steps.enumerated() {
                    let stride = 1 << index
                    let run = IntegratorRule(stiffness: k, dampingRatio: c.ratio, step: h)
                        .run(interval: 1, initialForce: start, stride: stride, count: sampleCount)
                    var worst = 0.0
                    for i in 0..<sampleCount { worst = Swift.max(worst, Swift.abs(run.x[i] - ref.positions[i])) }
                    errors.append(worst)
                }
                let orders = (0..<(errors.count - 1)).map { log2(errors[$0] / errors[$0 + 1]) }
                let tag = c.label.replacingOccurrences(of: " ", with: "")
                metrics.append(Metric("error[h=1/300,\(tag)]", errors[0], unit: "relative to Δ"))
                metrics.append(Metric("error[h=1/2400,\(tag)]", errors[3], unit: "relative to Δ"))
                for (j, p) in orders.enumerated() {
                    metrics.append(Metric("order[\(j),\(tag)]", p, unit: "log2 ratio", better: .none))
                }
                details.append("\(c.label): p = " + orders.map { short($0) }.joined(separator: ", "))
            }
            let startName = start == .zero ? "F₀ = 0 (SwiftUI)" : "F₀ = kΔ (consistent)"
            reports.append(infoCheck(
                suite: name, name: "convergence order, \(startName)", source: CheckSource.gsl, implementation: "IntegratorRule", quickSet: true,
                metrics: metrics, worst: nil, detail: details.joined(separator: "; ")))
        }
        return reports
    }
}
