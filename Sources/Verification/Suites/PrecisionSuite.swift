// PrecisionSuite.swift — the closed forms against the double-double reference: near-critical
// springs at a tolerance that a cancelling formula cannot meet, the worst error in ulps of the
// spring's value and velocity over the regime grid and of the Bézier inversion, and the agreement
// of the two independent references (GSL's integrator and the double-double matrix exponential).

import AnimationMath
import HookeSupport

enum PrecisionSuite {
    static let name = "ulps"

    /// Near-critical springs vs the double-double reference: Hooke's closed form measures 1.7e-16 of
    /// the distance there (one ulp); a formula that subtracts the two exponentials of the overdamped solution
    /// loses ulp/(2μt) — 3e-13 at ζ = 1 + 1e-7 and 1e-10 at ζ = 1 + 1e-12 — so 1e-14 catches it.
    static let nearCriticalTolerance = Tolerance(
        name: "nearCriticalVsDoubleDouble", metric: "maxRelError", value: 2e-15,
        reason: "measured 1.7e-16 (1 ulp); exp(a) − exp(b) loses ≥ 3e-13 at ζ = 1 ± 1e-7 and 1e-10 at 1e-12")

    /// Worst value error over the regime grid, in ulps of the distance: dominated by the rounding
    /// of the phase ωt (ulp(50 rad) ≈ 7e-15 on the 8-period undamped case): measured 11 ulps.
    static let valueUlpsTolerance = Tolerance(
        name: "springValueUlps", metric: "maxUlps", value: 64,
        reason: "measured 11 ulps (undamped, t = 2.65 s): the phase ωt ≈ 33 rad rounds to ulp(ωt)")

    /// Velocity, in ulps of ω0·distance: the same phase rounding.
    static let velocityUlpsTolerance = Tolerance(
        name: "springVelocityUlps", metric: "maxUlps", value: 128,
        reason: "measured 25 ulps of ω0·distance (undamped, t = 2.75 s): the phase rounding, as for the value")

    /// Bézier inversion, in ulps of 1: the solver resolves s to ~4.4e-16 and the value carries that
    /// times the slope |dy/dx| (≤ ~10 on these curves).
    static let bezierUlpsTolerance = Tolerance(
        name: "bezierUlps", metric: "maxUlps", value: 32,
        reason: "measured 5.5 ulps: s resolved to ~2 ulps, times the slope |dy/dx| of the steepest random curve")

    /// The two references against each other: GSL's tolerance is 1e-13 of the distance (1e-12 on
    /// stiff bsimp runs); the double-double one is exact to 1e-25.
    static let referencesAgreeTolerance = Tolerance(
        name: "referencesAgree", metric: "maxRelError", value: 1e-12,
        reason: "measured 1.1e-13 (undamped, 8 periods): GSL's own floor; the double-double reference is good to 1e-25")

    static let suite = VerificationSuite(
        name: name, summary: "closed forms vs a double-double reference: near-critical springs, worst ulps, Bézier inversion"
    ) { configuration in
        var checks: [CheckReport] = []
        for implementation in configuration.springImplementations {
            checks.append(nearCriticalCheck(implementation))
            checks += ulpsChecks(implementation)
        }
        checks.append(try referencesAgreeCheck())
        checks.append(bezierUlpsCheck(configuration))
        return checks
    }

    static let nearCriticalCases: [SpringCase] = {
        var cases: [SpringCase] = []
        for exponent in 7...12 {
            for sign in [1.0, -1.0] {
                let ratio = 1 + sign * Double(sign: .plus, exponent: 0, significand: 1) * pow10(-exponent)
                cases.append(SpringCase("ζ 1 \(sign > 0 ? "+" : "−") 1e-\(exponent)",
                                        SpringParameters(response: 0.5, dampingRatio: ratio)))
                cases.append(SpringCase("ζ 1 \(sign > 0 ? "+" : "−") 1e-\(exponent), v0",
                                        SpringParameters(response: 0.5, dampingRatio: ratio), target: 1, initialVelocity: 40))
            }
        }
        return cases
    }()

    static func pow10(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<Swift.abs(n) { value *= 10 }
        return n < 0 ? 1 / value : value
    }

    /// Positions and velocities of `cases` against the double-double reference.
    static func compare(_ implementation: SpringImplementation, _ cases: [SpringCase])
        -> (positions: ErrorStatistics, velocities: ErrorStatistics)
    {
        var positions = ErrorStatistics(), velocities = ErrorStatistics()
        for springCase in cases {
            let model = implementation.make(springCase.parameters)
            let reference = HighPrecisionOscillator(springCase.parameters)
            let (T, v0) = (springCase.target, springCase.initialVelocity)
            for t in SpringSuite.times(for: springCase) {
                let exact = reference.state(target: T, initialVelocity: v0, time: t)
                positions.add(model.value(target: T, initialVelocity: v0, time: t), exact.value.double,
                              scale: springCase.positionScale, location: WorstCase(springCase.description, time: t))
                velocities.add(model.velocity(target: T, initialVelocity: v0, time: t), exact.velocity.double,
                               scale: springCase.velocityScale, location: WorstCase(springCase.description, time: t))
            }
        }
        return (positions, velocities)
    }

    static func nearCriticalCheck(_ implementation: SpringImplementation) -> CheckReport {
        var (stats, velocities) = compare(implementation, nearCriticalCases)
        stats.merge(velocities)
        let checkName = "near-critical ζ = 1 ± 1e-7…1e-12: positions and velocities"
        if implementation.isGated {
            return gatedCheck(CheckSubject(suite: name, name: checkName, kind: .reference, source: CheckSource.doubleDouble,
                              implementation: implementation.name, quickSet: true), metrics: stats.metrics(),
                              worst: stats.worst, tolerance: nearCriticalTolerance)
        }
        return infoCheck(suite: name, name: checkName, source: CheckSource.doubleDouble, implementation: implementation.name,
                         quickSet: true, metrics: stats.metrics(), worst: stats.worst,
                         detail: "SwiftUI's two-exponential form near critical: up to \(short(stats.maxRelative)) of the distance (\(short(stats.maxUlps)) ulps)")
    }

    static func ulpsChecks(_ implementation: SpringImplementation) -> [CheckReport] {
        let (positions, velocities) = compare(implementation, SpringSuite.regimeGrid)
        func check(_ label: String, _ stats: ErrorStatistics, _ tolerance: Tolerance, _ unit: String) -> CheckReport {
            let detail = "worst \(short(stats.maxUlps)) ulps of \(unit) (\(short(stats.maxRelative)) relative)"
            if implementation.isGated {
                return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference, source: CheckSource.doubleDouble,
                                  implementation: implementation.name, quickSet: true), metrics: stats.metrics(),
                                  worst: stats.worst, tolerance: tolerance, detail: detail)
            }
            return infoCheck(suite: name, name: label, source: CheckSource.doubleDouble, implementation: implementation.name,
                             quickSet: true, metrics: stats.metrics(), worst: stats.worst, detail: detail)
        }
        return [check("value: ulps over the regime grid", positions, valueUlpsTolerance, "the distance"),
                check("velocity: ulps over the regime grid", velocities, velocityUlpsTolerance, "ω0·distance")]
    }

    /// GSL's integrator and the double-double matrix exponential on the regime grid.
    static func referencesAgreeCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        for springCase in SpringSuite.regimeGrid {
            let times = SpringSuite.times(for: springCase)
            let gsl = try SpringSuite.reference(springCase, at: times)
            let reference = HighPrecisionOscillator(springCase.parameters)
            for (i, t) in times.enumerated() {
                let exact = reference.state(target: springCase.target, initialVelocity: springCase.initialVelocity, time: t)
                stats.add(gsl.positions[i], exact.value.double, scale: springCase.positionScale,
                          location: WorstCase(springCase.description, time: t))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "GSL vs double-double: the two references agree", kind: .reference,
                          source: CheckSource.doubleDouble + " vs " + CheckSource.gsl, implementation: "ReferenceSolver",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: referencesAgreeTolerance)
    }

    static func bezierUlpsCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        var generator = SplitMix64(seed: configuration.seed &+ 7)
        var curves: [(String, Double, Double, Double, Double)] = [
            ("easeIn", 0.42, 0, 1, 1), ("easeOut", 0, 0, 0.58, 1), ("easeInOut", 0.42, 0, 0.58, 1), ("linear", 0, 0, 1, 1),
        ]
        for i in 0..<8 {
            curves.append(("random #\(i)", generator.uniform(0.05, 0.95), generator.uniform(-1, 2),
                           generator.uniform(0.05, 0.95), generator.uniform(-1, 2)))
        }
        var stats = ErrorStatistics()
        for (curveName, x1, y1, x2, y2) in curves {
            let curve = configuration.bezier(x1, y1, x2, y2)
            let reference = HighPrecisionBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            for p in CurveSuite.progressGrid {
                stats.add(curve(p), reference.value(at: p).double, scale: 1,
                          location: WorstCase("\(curveName) (\(x1), \(y1))(\(x2), \(y2)) at progress \(p)"))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "Bézier inversion: ulps over presets and random 8", kind: .reference,
                          source: "double-double Newton on x(s) = progress, then y(s)", implementation: "UnitCurve",
                          quickSet: true, seeded: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: bezierUlpsTolerance,
                          detail: "worst \(short(stats.maxUlps)) ulps of 1 (\(short(stats.maxAbsolute)) absolute)")
    }
}
