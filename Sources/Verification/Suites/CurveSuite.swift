// CurveSuite.swift — every timing curve: Béziers (presets and seeded random ones) against GSL's
// Brent inversion, the circular curves against their defining formulas, SwiftUI's measured
// figures, and timing-curve animations against Δ·curve(t/d).

import AnimationMath
import ReferenceSolver
import HookeSupport

#if canImport(Glibc)
import Glibc
#endif

enum CurveSuite {
    static let name = "curves"

    /// Curve value vs y(s_GSL): the library's solver and Brent both reach s to ~2 ulps; the value
    /// error is that times the local slope |dy/dx|: measured 1.2e-15 (random 8), 2.4e-15 (random 200).
    static let bezierTolerance = Tolerance(
        name: "bezierVsBrent", metric: "maxAbsError", value: 1e-14,
        reason: "measured 2.4e-15 worst (random 200): both solvers resolve s to ~2 ulps, times the slope")

    /// The seven presets alone: their control points are tame (slopes of x(s) bounded away from 0),
    /// so both solvers land within an ulp or two of the same root and the worst difference is a
    /// few ulps of 1, far below the random curves' steep cases that set `bezierTolerance`.
    static let presetBezierTolerance = Tolerance(
        name: "presetBezierVsBrent", metric: "maxAbsError", value: 2e-15,
        reason: "measured 3.3e-16 (1.5 ulps of 1, easeIn at progress 0.675); 6× for libm differences between machines")

    /// The circular curves against their textbook formulas: the library rearranges them to avoid
    /// cancellation, the textbook forms round a few ulps of 1 → 1e-15 absolute.
    static let circularTolerance = Tolerance(
        name: "circularFormula", metric: "maxAbsError", value: 1e-15,
        reason: "few ulps of 1 between rearranged and textbook forms")

    /// SwiftUI's measured numbers are given to 2–3 significant digits (AnimationMath.docc/TimingCurves.md).
    static let measuredTolerance = Tolerance(
        name: "measuredOnSwiftUI", metric: "maxAbsError", value: 0.005,
        reason: "the device measurements are quoted to two decimals")

    static let suite = VerificationSuite(
        name: name, summary: "timing curves vs GSL Brent inversion and their formulas; timing-curve animations"
    ) { configuration in
        var checks: [CheckReport] = []
        let presets: [(String, Double, Double, Double, Double)] = [
            ("easeIn", 0.42, 0, 1, 1), ("easeOut", 0, 0, 0.58, 1), ("easeInOut", 0.42, 0, 0.58, 1),
            ("linear", 0, 0, 1, 1),
        ]
        checks.append(try bezierCheck(configuration, presets, label: "presets", quickSet: true, seeded: false,
                                      tolerance: presetBezierTolerance))
        var generator = SplitMix64(seed: configuration.seed &+ 7)
        func randomCurves(_ count: Int) -> [(String, Double, Double, Double, Double)] {
            (0..<count).map { i in
                ("random #\(i)", generator.uniform(0.05, 0.95), generator.uniform(-1, 2),
                 generator.uniform(0.05, 0.95), generator.uniform(-1, 2))
            }
        }
        checks.append(try bezierCheck(configuration, randomCurves(8), label: "random 8", quickSet: true, seeded: true))
        checks.append(try endVelocityCheck(presets + randomCurves(8)))
        if !configuration.quick {
            checks.append(try bezierCheck(configuration, randomCurves(200), label: "random 200", quickSet: false, seeded: true))
        }
        checks.append(circularCheck())
        checks.append(measuredCheck())
        checks.append(try animationCheck())
        return checks
    }

    static let progressGrid: [Double] = (0...200).map { Double($0) / 200 }

    static func bezierCheck(_ configuration: VerificationConfiguration, _ curves: [(String, Double, Double, Double, Double)], label: String,
                            quickSet: Bool, seeded: Bool, tolerance: Tolerance = bezierTolerance) throws -> CheckReport {
        var stats = ErrorStatistics()
        for (curveName, x1, y1, x2, y2) in curves {
            let curve = configuration.bezier(x1, y1, x2, y2)
            for p in progressGrid {
                let reference = try BezierReference.curveValue(x1: x1, y1: y1, x2: x2, y2: y2, progress: p)
                stats.add(curve(p), reference, scale: 1,
                          location: WorstCase("\(curveName) (\(x1), \(y1))(\(x2), \(y2)) at progress \(p)"))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "Bézier inversion vs GSL Brent: \(label)", kind: .reference, source: CheckSource.brent, implementation: "UnitCurve",
                          quickSet: quickSet, seeded: seeded), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: tolerance)
    }

    /// Progress values near the ends, where `velocity(at:)` switches between the slope at the solved
    /// parameter and the end slope: 10⁻⁹, 10⁻⁷, 10⁻⁵, 10⁻³ from either end.
    static let endProgress: [Double] = [1e-9, 1e-7, 1e-5, 1e-3].flatMap { [$0, 1 - $0] }

    /// The velocity near the ends against dy/dx = y′(s)/x′(s) of the textbook cubic at GSL Brent's
    /// root s: the root is bracketed to 2 ulps, and the slope moves with s by at most a few times
    /// the curve's second derivative, so the two agree to a few ulps of 1 + |slope|.
    static let endVelocityTolerance = Tolerance(
        name: "endVelocityVsBrent", metric: "maxRelError", value: 1e-13,
        reason: "measured 2.7e-14 of 1 + |slope| (at a preset, the same for every seed): the slope at Brent's root (bracketed to 2 ulps of s) vs the library's solve")

    static func endVelocityCheck(_ curves: [(String, Double, Double, Double, Double)]) throws -> CheckReport {
        func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let t = 1 - s
            return 3 * t * t * c1 + 6 * t * s * (c2 - c1) + 3 * s * s * (1 - c2)
        }
        var stats = ErrorStatistics()
        for (curveName, x1, y1, x2, y2) in curves {
            let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
            for p in endProgress {
                let s = try BezierReference.parameter(x1: x1, x2: x2, forX: p)
                let slope = derivative(s, y1, y2) / derivative(s, x1, x2)
                stats.add(curve.velocity(at: p), slope, scale: 1 + Swift.abs(slope),
                          location: WorstCase("\(curveName) (\(x1), \(y1))(\(x2), \(y2)) at progress \(p)"))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "Bézier velocity near the ends vs the slope at GSL Brent's root: presets and random 8",
                                       kind: .reference, source: CheckSource.brentSlope, implementation: "UnitCurve", quickSet: true, seeded: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: endVelocityTolerance)
    }

    static func circularCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let formulas: [(String, UnitCurve, (Double) -> Double)] = [
            ("circularEaseIn", .circularEaseIn, { p in 1 - (1 - p * p).squareRoot() }),
            ("circularEaseOut", .circularEaseOut, { p in (1 - (1 - p) * (1 - p)).squareRoot() }),
            ("circularEaseInOut", .circularEaseInOut, { p in
                p < 0.5 ? 0.5 * (1 - (1 - 4 * p * p).squareRoot()) : 0.5 * ((-4 * p * p + 8 * p - 3).squareRoot() + 1)
            }),
        ]
        for (curveName, curve, formula) in formulas {
            for p in progressGrid {
                stats.add(curve.value(at: p), formula(p), scale: 1, location: WorstCase("\(curveName) at \(p)"))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "circular curves vs their formulas", kind: .reference, source: CheckSource.textbookCircular, implementation: "UnitCurve",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: circularTolerance)
    }

    static func measuredCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let odd = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 2), endControlPoint: UnitPoint(x: 1.5, y: -1))
        stats.add(UnitCurve.easeInOut.velocity(at: 0.5), 1.72, scale: 1, location: WorstCase("easeInOut velocity(0.5) = 1.72"))
        stats.add(odd.value(at: 0.5), 0.5, scale: 1, location: WorstCase("(−0.5, 2)(1.5, −1) value(0.5) = 0.5"))
        stats.add(odd.velocity(at: 0.5), -1.0, scale: 1, location: WorstCase("(−0.5, 2)(1.5, −1) velocity(0.5) = −1.0"))
        // Its own implementation label: the figures are SwiftUI's printed digits (1.72), so the
        // error is the print's rounding, not UnitCurve's; the label keeps it out of UnitCurve's row
        // in the report's headline (which takes the worst error per implementation).
        return gatedCheck(CheckSubject(suite: name, name: "figures measured on SwiftUI", kind: .reference, source: CheckSource.swiftUIPrinted, implementation: "UnitCurve vs printed digits", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: measuredTolerance)
    }

    /// Timing-curve animations: Δ·curve(t/d) with the curve from GSL, and nil after d.
    static func animationCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        var lateValues = 0
        let delta = 250.0, duration = 0.35
        let animations: [(String, Animation, (Double, Double, Double, Double))] = [
            ("easeIn", .easeIn, (0.42, 0, 1, 1)), ("easeOut", .easeOut, (0, 0, 0.58, 1)),
            ("easeInOut", .easeInOut, (0.42, 0, 0.58, 1)), ("linear", .linear, (0, 0, 1, 1)),
            ("timingCurve", .timingCurve(0.2, 1.4, 0.6, -0.3, duration: duration), (0.2, 1.4, 0.6, -0.3)),
        ]
        for (label, animation, c) in animations {
            var context = AnimationContext<Double>()
            for i in 0...42 {
                let t = Double(i) / 120
                let value = animation.animate(value: delta, time: t, context: &context)
                if t <= duration {
                    let p = t / duration
                    let expected = delta * (try BezierReference.curveValue(x1: c.0, y1: c.1, x2: c.2, y2: c.3, progress: p))
                    stats.add(value ?? .nan, expected, scale: delta, location: WorstCase(label, time: t))
                } else if value != nil {
                    lateValues += 1
                    stats.add(.nan, 0, scale: delta, location: WorstCase("\(label): a value after the duration", time: t))
                }
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "timing-curve animations = Δ·curve(t/d), nil after d",
                          kind: .reference, source: CheckSource.brent, implementation: "Animation.timingCurve", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "pt", absoluteScale: delta)
                              + [Metric("valuesAfterDuration", Double(lateValues), ulpEquivalent: 1)],
                          worst: stats.worst,
                          tolerance: Tolerance(name: "timingCurveVsBrent", metric: "maxRelError", value: 4e-15,
                                               reason: "measured 4.6e-16 of Δ: one Bézier solve and one multiplication"))
    }
}
