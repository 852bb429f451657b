// SettlingSuite.swift — SwiftUI's `settlingDuration` (its definition, as Hooke implements it)
// against the true ε-settle time from the reference, for the presets and a grid.

import AnimationMath
import ReferenceSolver

enum SettlingSuite {
    static let name = "settling"

    /// For ζ ≥ 1 SwiftUI's grid search returns the first 0.1 s grid point after which the motion
    /// stays within ε, so it lies in [true − 0.1, true + 0.1] (the grid can straddle the crossing
    /// either way by one spacing); 1e-9 s covers the reference's bisection.
    static let gridBracketTolerance = Tolerance(
        name: "gridSearchBracket", metric: "maxAbsError", value: 0.1 + 1e-9,
        reason: "SwiftUI's ζ ≥ 1 search works on a 0.1 s grid: within one grid spacing of the true settle time")

    static let suite = VerificationSuite(
        name: name, summary: "SwiftUI's settlingDuration vs the true ε-settle time (presets and a grid)"
    ) { configuration in
        var presets: [(String, Spring)] = [("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
                                           ("Spring()", Spring())]
        for r in [0.3, 1.0] {
            for ζ in [0.2, 0.5, 0.8, 0.95, 1, 1.5, 3] {
                presets.append(("response \(r), ζ \(ζ)", Spring(response: r, dampingRatio: ζ)))
            }
        }
        var under = ErrorStatistics(), over = ErrorStatistics()
        var xs: [Double] = [], ys: [Double] = []
        for (label, spring) in presets {
            let truth = try OscillatorReference.settleTime(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, target: 1, epsilon: 0.001)
            let swiftUI = configuration.settlingDuration(spring)
            let location = WorstCase("\(label): SwiftUI \(swiftUI) s, true \(truth) s")
            if spring.dampingRatio < 1 {
                under.add(swiftUI, truth, scale: truth, location: location)
            } else {
                over.add(swiftUI, truth, scale: truth, location: location)
            }
            xs.append(truth)
            ys.append(swiftUI)
        }
        let series = [SampleSeries(name: "settlingDuration vs true ε-settle time", xLabel: "true (s)",
                                   yLabel: "SwiftUI (s)", x: xs, y: ys)]
        return [
            infoCheck(suite: name, name: "settlingDuration vs true settle, ζ < 1", source: CheckSource.gslSettle, implementation: "Spring.settlingDuration",
                      quickSet: true, metrics: under.metrics(absoluteUnit: "s"), worst: under.worst,
                      detail: "envelope estimate differs from the true ε-settle time by up to \(short(under.maxAbsolute)) s (\(short(under.maxRelative * 100))%)",
                      series: series),
            gatedCheck(CheckSubject(suite: name, name: "settlingDuration vs true settle, ζ ≥ 1", kind: .reference, source: CheckSource.gslSettle, implementation: "Spring.settlingDuration",
                       quickSet: true), metrics: over.metrics(absoluteUnit: "s"), worst: over.worst,
                       tolerance: gridBracketTolerance,
                       detail: "0.1 s grid search within \(short(over.maxAbsolute)) s of the true settle time (tolerance one grid step)"),
        ]
    }
}
