// StabilitySuite.swift — where SwiftUI's 1/300 s `.spring` rule stays bounded: the boundary in ζ
// for each response, found by running the rule, next to the formula derived by hand
// (`SpringIntegratorState.maximumStableDampingRatio`: ζ·a + a²/4 < 1, a = √k/300).
//
// A finding, not a pass/fail check: what SwiftUI shows past the boundary is unknown; the map says
// where Hooke (and, if it runs the same rule, SwiftUI) diverges, and how well the formula predicts it.

import AnimationMath
import Foundation
import HookeSupport

enum StabilitySuite {
    static let name = "stability"

    /// Responses of the map, from under the stiffness cap (0.0296 s) to slow springs.
    static let responses: [Double] = [0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.5, 1, 2.2, 5]

    /// How long each run lasts: 3000 steps. Just past the boundary the growth per step is 1 + O(ζ −
    /// ζ_max), so a finite run places the measured boundary slightly above the true one (~0.3 %).
    static let runSeconds = 10.0

    /// A run diverged when it leaves this many distances from the target (a stable run overshoots
    /// by less than one distance) or stops being finite.
    static let divergenceFactor = 1e3

    static let suite = VerificationSuite(
        name: name, summary: "where the .spring 1/300 s integrator stays bounded: ζ against response, run vs formula"
    ) { _ in
        [boundaryCheck()]
    }

    /// Whether the rule, started at rest toward Δ = 1, stays within `divergenceFactor` for `runSeconds`.
    static func staysBounded(stiffness: Double, dampingRatio: Double) -> Bool {
        var state = SpringIntegratorState<Double>()
        var t = 0.0
        while t < runSeconds {
            t += 1.0 / 60
            state.advance(interval: 1, to: t, stiffness: stiffness, dampingRatio: dampingRatio)
            let deviation = Swift.abs(state.offset - 1)
            if !(deviation <= divergenceFactor) { return false }  // NaN too
        }
        return true
    }

    /// For each response, the boundary ζ by bisection on runs of the rule, against the formula.
    static func boundaryCheck() -> CheckReport {
        var metrics: [Metric] = []
        var worst = 0.0
        var worstCase: WorstCase?
        var rows: [String] = []
        var xs: [Double] = [], measured: [Double] = [], predicted: [Double] = []
        for response in responses {
            let k = SpringIntegratorState<Double>.stiffness(response: response)
            let formula = SpringIntegratorState<Double>.maximumStableDampingRatio(stiffness: k)
            var lo = 0.0, hi = 4 * formula
            for _ in 0..<40 {
                let mid = (lo + hi) / 2
                if staysBounded(stiffness: k, dampingRatio: mid) { lo = mid } else { hi = mid }
            }
            let difference = (lo - formula) / formula
            metrics.append(Metric("zetaMax[r=\(response)]", lo, unit: "damping ratio", better: .none))
            metrics.append(Metric("formula[r=\(response)]", formula, unit: "damping ratio", better: .none))
            if Swift.abs(difference) >= worst {
                worst = Swift.abs(difference)
                worstCase = WorstCase("response \(response): run \(short(lo)), formula \(short(formula))")
            }
            rows.append("r \(response): \(formatShort(lo, digits: 4)) (formula \(formatShort(formula, digits: 4)))")
            xs.append(response); measured.append(lo); predicted.append(formula)
        }
        metrics.insert(Metric("maxRelError", worst, unit: "relative to the formula's ζ_max", better: .none), at: 0)
        let detail = "the rule stays bounded iff ζ·a + a²/4 < 1, a = √k·h, h = 1/300 s, k = min((2π/response)², 45 000): "
            + "ζ_max = (1 − a²/4)/a = 1.237 at the stiffness cap (response ≤ 0.0296 s). Boundary found by running the rule "
            + "for \(Int(runSeconds)) s (bisection on ζ) vs the formula, worst difference \(short(worst)) (a finite run "
            + "overestimates): " + rows.joined(separator: "; ")
        return infoCheck(suite: name, name: "stability boundary of the .spring rule (ζ_max against response)",
                         source: "the step matrix's eigenvalues (Jury's criterion), derived by hand; runs of SpringIntegratorState",
                         implementation: "SpringIntegratorState", quickSet: true, metrics: metrics, worst: worstCase,
                         detail: detail,
                         series: [SampleSeries(name: "largest stable ζ, by running the rule", xLabel: "response (s)",
                                               yLabel: "ζ_max", x: xs, y: measured),
                                  SampleSeries(name: "largest stable ζ, formula", xLabel: "response (s)",
                                               yLabel: "ζ_max", x: xs, y: predicted)])
    }
}
