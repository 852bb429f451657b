// SpringDefinitionSuite.swift — what `Spring` and the spring animations define by a formula, each
// against an evaluation of that definition apart from the library: the stored parameters and the
// regime against their closed forms from (m, k, c); `valueAndVelocity` against GSL; interpolating
// springs that grow (ζ < 0, the hyperbolic branch at ζ ≤ −1) or carry a mass against GSL; and the
// time each spring animation reports logical completion. (Settling durations: SettlingSuite.)

import AnimationMath
import Foundation
import ReferenceSolver

enum SpringDefinitionSuite {
    static let name = "spring-definitions"

    /// Closed forms evaluated in a different order from the library's (√(k/m) vs √k/√m and the like):
    /// a few ulps of the scale.
    static let closedFormTolerance = Tolerance(
        name: "closedForm", metric: "maxRelError", value: 1e-14,
        reason: "a few roundings on each side, taken in a different order; measured identical (≤ 2 ulps expected elsewhere)")

    /// GSL at 1e-13 does better than its tolerance on these short, smooth spans.
    static let gslTolerance = Tolerance(
        name: "closedFormVsGSL", metric: "maxRelError", value: 1e-14,
        reason: "GSL rk8pd at 1e-13 on two periods; measured 1.1e-15")

    /// Growing motions (ζ < 0) over a period: the reference's relative error grows with the motion.
    static let growingTolerance = Tolerance(
        name: "growingVsGSL", metric: "maxRelError", value: 5e-13,
        reason: "GSL at 1e-13 on motions growing ×1e7 in a period, relative to the motion's size; measured 8.0e-14")

    /// Spring's growing motions (ζ < 0) over at most two periods, against GSL.
    static let growingSpringTolerance = Tolerance(
        name: "growingSpringVsGSL", metric: "maxRelError", value: 3e-13,
        reason: "GSL at 1e-13 on motions growing up to 1e7-fold, relative to the displacement; measured 3.7e-14")

    /// The frame that first reports logical completion must be the rule's, exactly.
    static let frameTolerance = Tolerance(
        name: "sameFrame", metric: "maxAbsError", value: 0,
        reason: "a comparison of a frame time with a duration: the same frame or a fault")

    /// A regime (or ω = 0 at critical damping) follows the rule or does not.
    static let ruleTolerance = Tolerance(
        name: "sameRegime", metric: "maxAbsError", value: 0,
        reason: "a regime is right or wrong: no mismatch is allowed")

    static let suite = VerificationSuite(
        name: name, summary: "Spring's parameters and regime; valueAndVelocity; growing and massive interpolating springs; logical completion"
    ) { configuration in
        [
            parametersCheck(),
            overDampingClampCheck(),
            regimeEdgeCheck(),
            try valueAndVelocityCheck(),
            try growingCheck(),
            try interpolatingCheck(configuration),
            logicalCompletionCheck(configuration),
        ]
    }

    // MARK: Parameters and regime

    /// (m, k, c): under-, critically and overdamped, undamped, growing (oscillating and not).
    static let parameterCases: [(m: Double, k: Double, c: Double)] = [
        (1, 100, 4), (2.5, 40, 3), (1, 100, 20), (4, 9, 12), (1, 100, 60), (0.5, 300, 40), (1, 39.5, 0),
        (1, 100, -4), (3, 12, -12), (1, 100, -60),
    ]

    /// ω0 = √(k/m), λ = c/(2m), ζ = c/(2√(km)), ω = ω0·√(1 − ζ²) (ζ² < 1), 0 (ζ² = 1), −ω0·√(ζ² − 1)
    /// (ζ² > 1); the regime by ζ: < 0 negative damping, 0 undamped, (0, 1) under, 1 critical, > 1 over.
    static func parametersCheck() -> CheckReport {
        var stats = ErrorStatistics()
        for (m, k, c) in parameterCases {
            let spring = Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            let ω0 = (k / m).squareRoot()
            let λ = c / (2 * m)
            let ζ = c / (2 * (k * m).squareRoot())
            let ω = closedFormAngularFrequency(ω0: ω0, ζ: ζ)
            let label = "m \(m), k \(k), c \(c)"
            stats.add(spring.naturalFrequency, ω0, scale: ω0, location: WorstCase("\(label): naturalFrequency"))
            stats.add(spring.decayConstant, λ, scale: ω0, location: WorstCase("\(label): decayConstant"))
            stats.add(spring.angularFrequency, ω, scale: ω0, location: WorstCase("\(label): angularFrequency"))
            stats.add(spring.dampingRatio, ζ, scale: Swift.max(1, Swift.abs(ζ)), location: WorstCase("\(label): dampingRatio"))
            let regime = regimeByDampingRatio(ζ)
            // A wrong regime is an infinite error.
            stats.add(spring.regime == regime ? 0 : .nan, 0, scale: 1,
                      location: WorstCase("\(label): regime \(spring.regime.rawValue), ζ = \(ζ) is \(regime.rawValue)"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "ω0, λ, ω, ζ and the regime = their closed forms from (m, k, c)",
                                       kind: .reference, source: "the definitions ω0 = √(k/m), λ = c/2m, ζ = c/(2√(km)), ω = ω0√(1 − ζ²) (signed), the regime by ζ",
                                       implementation: "Spring", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: closedFormTolerance)
    }

    /// ω by its definition, signed: ω0√(1 − ζ²) below critical, 0 at it, −ω0√(ζ² − 1) above.
    static func closedFormAngularFrequency(ω0: Double, ζ: Double) -> Double {
        ζ * ζ < 1 ? ω0 * (1 - ζ * ζ).squareRoot() : ζ * ζ == 1 ? 0 : -ω0 * (ζ * ζ - 1).squareRoot()
    }

    /// The regime ζ names: < 0 negative damping, 0 undamped, (0, 1) under, 1 critical, > 1 over.
    static func regimeByDampingRatio(_ ζ: Double) -> Spring.Regime {
        ζ < 0 ? .negativeDamping : ζ == 0 ? .undamped : ζ < 1 ? .underdamped : ζ == 1 ? .criticallyDamped : .overdamped
    }

    /// `init(mass:stiffness:damping:)` with its default `allowOverDamping: false`: "such cases
    /// [over-damping] should instead be treated as critically damped" (Apple's documentation of the
    /// parameter). So ζ > 1 gives ζ = 1, ω = 0 and the regime `.criticallyDamped`, with ω0 = √(k/m)
    /// kept (the stiffness: Hooke's documented reading, as Apple does not say which parameter gives
    /// way); every other case (ζ ≤ 1, negative damping included: not over-damping) is the spring the
    /// parameters define, as with `allowOverDamping: true`.
    static func overDampingClampCheck() -> CheckReport {
        var stats = ErrorStatistics()
        for (m, k, c) in parameterCases + [(1, 100, 20.000001), (2, 50, 40)] {
            let spring = Spring(mass: m, stiffness: k, damping: c)
            let ω0 = (k / m).squareRoot()
            let given = c / (2 * (k * m).squareRoot())
            let ζ = given > 1 ? 1 : given
            let ω = closedFormAngularFrequency(ω0: ω0, ζ: ζ)
            let label = "m \(m), k \(k), c \(c) (ζ \(short(given)))"
            stats.add(spring.naturalFrequency, ω0, scale: ω0, location: WorstCase("\(label): naturalFrequency"))
            stats.add(spring.angularFrequency, ω, scale: ω0, location: WorstCase("\(label): angularFrequency"))
            stats.add(spring.dampingRatio, ζ, scale: Swift.max(1, Swift.abs(ζ)), location: WorstCase("\(label): dampingRatio"))
            let regime = regimeByDampingRatio(ζ)
            stats.add(spring.regime == regime ? 0 : .nan, 0, scale: 1,
                      location: WorstCase("\(label): regime \(spring.regime.rawValue), documented \(regime.rawValue)"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "allowOverDamping false: damping above critical is critical damping (ζ 1, ω 0), the rest as given",
                                       kind: .reference, source: "Apple's documentation of Spring.init(mass:stiffness:damping:allowOverDamping:) (false: over-damping treated as critically damped); the closed forms of parametersCheck",
                                       implementation: "Spring", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: closedFormTolerance)
    }

    /// The regime at its edges, by the rule stated apart from the library: ζ decides (< 0 negative
    /// damping, 0 undamped, (0, 1) under, 1 critical, > 1 over) whatever ω0 is, a zero response
    /// (ω0 = 2π/0 = ∞) included; a NaN parameter — or λ = ζ·ω0 NaN (ζ = 0 with ω0 = ∞) — makes the
    /// spring `.overdamped` (Spring.Regime's documented convention), and its values NaN. At ζ = ±1
    /// with a non-NaN ω0 the stored ω is exactly 0, the sign convention's name for critical damping.
    /// Springs made by `init(response:dampingRatio:)`, `init(duration:bounce:)` (bounce ≤ −1 gives
    /// ζ = NaN) and `init(mass:stiffness:damping:)` with a negative stiffness (ω0 = √(k/m) NaN).
    static func regimeEdgeCheck() -> CheckReport {
        var stats = ErrorStatistics()
        // (label, spring, ω0 and ζ by their definitions)
        var cases: [(label: String, spring: Spring, ω0: Double, ζ: Double)] = []
        for r in [0.5, 0, Double.nan] {
            for ζ in [1, -1, 0, 0.5, 2, -0.5, -2, Double.nan] {
                cases.append(("response \(r), ζ \(ζ)", Spring(response: r, dampingRatio: ζ), 2 * Double.pi / Swift.abs(r), ζ))
            }
        }
        cases.append(("duration 0.5, bounce −1", Spring(duration: 0.5, bounce: -1), 4 * Double.pi, .nan))
        cases.append(("duration NaN, bounce 0", Spring(duration: .nan, bounce: 0), .nan, 1))
        cases.append(("duration 0, bounce 0", Spring(duration: 0, bounce: 0), .infinity, 1))
        // A negative stiffness: ω0 = √(k/m) is NaN, with and without damping.
        for (k, c) in [(-100.0, 0.0), (-100, 5)] {
            cases.append(("m 1, k \(k), c \(c)", Spring(mass: 1, stiffness: k, damping: c, allowOverDamping: true),
                          (k / 1).squareRoot(), c / (2 * (k * 1).squareRoot())))
        }
        for (label, spring, ω0, ζ) in cases {
            let λ = ζ * ω0
            let regime: Spring.Regime = ω0.isNaN || λ.isNaN ? .overdamped : ζ < 0 ? .negativeDamping : ζ == 0 ? .undamped
                : ζ < 1 ? .underdamped : ζ == 1 ? .criticallyDamped : .overdamped
            stats.require(spring.regime == regime,
                          WorstCase("\(label): regime \(spring.regime.rawValue), the rule says \(regime.rawValue)"))
            if Swift.abs(ζ) == 1 && !ω0.isNaN {
                stats.require(spring.angularFrequency == 0,
                              WorstCase("\(label): ω \(spring.angularFrequency), critical damping stores 0"))
            }
            if ω0.isNaN || λ.isNaN {
                let (x, v) = spring.valueAndVelocity(target: 1.0, initialVelocity: 0.0, time: 0.5)
                stats.require(x.isNaN && v.isNaN, WorstCase("\(label): value \(x), velocity \(v); a NaN spring's values are NaN"))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "the regime at its edges (ζ = ±1, zero and NaN responses, NaN ζ, negative stiffness) = the rule by ζ; NaN springs evaluate to NaN",
                                       kind: .reference, source: "the regime by ζ whatever ω0 (Spring.Regime's documentation), NaN parameters .overdamped (its documented convention); ω = 0 names critical damping",
                                       implementation: "Spring.regime", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: ruleTolerance)
    }

    // MARK: Evaluation

    /// `valueAndVelocity(target:initialVelocity:time:)` against GSL's positions and velocities.
    static func valueAndVelocityCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        let cases: [(m: Double, k: Double, c: Double, target: Double, v0: Double)] = [
            (1, 100, 4, 1, 0), (2.5, 40, 3, -80, 30), (1, 100, 20, 5, -12), (1, 100, 60, 1, 4),
        ]
        for (m, k, c, target, v0) in cases {
            let spring = Spring(mass: m, stiffness: k, damping: c, allowOverDamping: true)
            let ω0 = (k / m).squareRoot()
            let times = (0...60).map { Double($0) / 60 * 8 / ω0 }
            let reference = try OscillatorReference.solve(
                OscillatorProblem(mass: m, stiffness: k, damping: c, initialVelocity: v0, target: target), at: times)
            let scale = Swift.abs(target) + Swift.abs(v0) / ω0
            for (i, t) in times.enumerated() {
                let (x, v) = spring.valueAndVelocity(target: target, initialVelocity: v0, time: t)
                let location = WorstCase("m \(m), k \(k), c \(c), T \(target), v0 \(v0)", time: t)
                stats.add(x, reference.positions[i], scale: scale, location: location)
                stats.add(v, reference.velocities[i], scale: scale * ω0, location: location)
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "Spring.valueAndVelocity vs GSL (position and velocity)",
                                       kind: .reference, source: CheckSource.gsl, implementation: "Spring", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: gslTolerance)
    }

    /// `Spring.valueAndVelocity` with negative damping — growing with oscillation (ζ = −0.2), at
    /// ζ = −1 and without oscillation (ζ = −3, the overdamped form with λ < 0) — against GSL, over
    /// two undamped periods or the span in which the motion grows 1e7-fold, whichever is shorter;
    /// errors relative to the larger of the distance and the displacement (times ω0 for velocities).
    static func growingCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        let cases: [(m: Double, k: Double, c: Double, target: Double, v0: Double)] = [
            (1, 100, -4, 1, 0), (1, 100, -20, 2, -3), (2, 50, -60, -1, 4),
        ]
        for (m, k, c, target, v0) in cases {
            let spring = Spring(mass: m, stiffness: k, damping: c)
            let ω0 = (k / m).squareRoot(), λ = c / (2 * m)
            let rate = -λ + Swift.max(0, λ * λ - ω0 * ω0).squareRoot()  // the fastest growth
            let span = Swift.min(Foundation.log(1e7) / rate, 4 * Double.pi / ω0)  // ≤ 2 undamped periods
            let times = (0...60).map { Double($0) / 60 * span }
            let reference = try OscillatorReference.solve(
                OscillatorProblem(mass: m, stiffness: k, damping: c, initialVelocity: v0, target: target), at: times)
            let distance = Swift.abs(target) + Swift.abs(v0) / ω0
            for (i, t) in times.enumerated() {
                let (x, v) = spring.valueAndVelocity(target: target, initialVelocity: v0, time: t)
                let scale = Swift.max(distance, Swift.abs(reference.positions[i] - target))
                let location = WorstCase("m \(m), k \(k), c \(c), T \(target), v0 \(v0)", time: t)
                stats.add(x, reference.positions[i], scale: scale, location: location)
                stats.add(v, reference.velocities[i], scale: Swift.max(scale * ω0, Swift.abs(reference.velocities[i])), location: location)
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "Spring.valueAndVelocity with negative damping (ζ −0.2, −1, −3) vs GSL",
                                       kind: .reference, source: CheckSource.gsl, implementation: "Spring", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: growingSpringTolerance)
    }

    /// Interpolating springs with a mass other than 1 and with negative damping — oscillating growth
    /// (−1 < ζ < 0, up to 1e-7 from −1, where it oscillates about 2200 times slower than ω0), the
    /// hyperbolic branch (ζ < −1) and its boundary ζ = −1 — with and without an
    /// initial velocity, against GSL over two undamped periods: values relative to the larger of
    /// the distance and the reference value (the motion grows), velocities likewise times ω0.
    static func interpolatingCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        var stats = ErrorStatistics()
        let cases: [(m: Double, k: Double, ζ: Double, v0: Double)] = [
            (2.5, 40, 0.3, 0), (0.5, 80, 0.7, 2), (4, 16, 2, -1), (1, 4, -0.3, 0), (1, 4, -0.9999999, 1), (1, 4, -1, 0),
            (1, 4, -1.5, 0), (1, 4, -1.5, 3), (2, 8, -3, -1),
        ]
        let delta = 50.0
        for (m, k, ζ, v0) in cases {
            let c = ζ * 2 * (k * m).squareRoot()
            let ω0 = (k / m).squareRoot()
            let animation = configuration.interpolatingSpring(m, k, c, v0)
            var context = AnimationContext<Double>()
            let periods = ζ < 0 ? 1.0 : 2.0  // a growing motion reaches e^(|λ|+μ)·T within one period
            let times = (0...80).map { Double($0) / 80 * periods * 2 * Double.pi / ω0 }
            // SwiftUI's ζ ≥ 1 stand-in: the critically damped motion with the same k and m.
            let damping = ζ >= 1 ? 2 * (k * m).squareRoot() : c
            let reference = try OscillatorReference.solve(
                OscillatorProblem(mass: m, stiffness: k, damping: damping, initialVelocity: v0 * delta, target: delta), at: times)
            for (i, t) in times.enumerated() {
                guard let x = animation.animate(value: delta, time: t, context: &context) else { break }
                let v = animation.velocity(value: delta, time: t, context: context) ?? .nan
                let scale = Swift.max(Swift.abs(delta) * (1 + Swift.abs(v0) / ω0), Swift.abs(reference.positions[i]))
                let location = WorstCase("m \(m), k \(k), ζ \(ζ), v0 \(v0)", time: t)
                stats.add(x, reference.positions[i], scale: scale, location: location)
                stats.add(v, reference.velocities[i], scale: Swift.max(scale * ω0, Swift.abs(reference.velocities[i])), location: location)
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "interpolatingSpring with mass ≠ 1 and with negative damping (ζ −0.3, −0.9999999, −1, −1.5, −3) vs GSL",
                                       kind: .reference, source: CheckSource.gsl + " (ζ ≥ 1 with c = 2√(km), SwiftUI's stand-in)",
                                       implementation: "InterpolatingSpringAnimation", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: growingTolerance)
    }

    // MARK: Logical completion

    /// The first 60 Hz frame that reports logical completion: for `.spring(response: r)` the first
    /// with t ≥ r, for `interpolatingSpring(mass:stiffness:…)` the first with t ≥ 2π/√k (the mass
    /// left out, as SwiftUI does; the cases with m ≠ 1 tell the two apart).
    static func logicalCompletionCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        var stats = ErrorStatistics()
        let frames = (0...240).map { Double($0) / 60 }
        func firstFlagged(_ animation: Animation) -> Double {
            var context = AnimationContext<Double>()
            for t in frames {
                _ = animation.animate(value: 10.0, time: t, context: &context)
                if context.isLogicallyComplete { return t }
            }
            return .nan
        }
        for (response, ζ) in [(0.29, 1.0), (0.55, 0.4), (1.13, 0.8)] {
            let expected = frames.first { $0 >= response }!
            let got = firstFlagged(configuration.fluidSpring(response, ζ, 0))
            stats.add(got, expected, scale: 1, location: WorstCase(".spring(response: \(response), ζ \(ζ)): flagged at \(got) s, rule \(expected) s"))
        }
        for (m, k, c) in [(1.0, 100.0, 10.0), (4.0, 30.0, 2.0), (0.25, 9.0, 1.0)] {
            let expected = frames.first { $0 >= 2 * Double.pi / k.squareRoot() }!
            let got = firstFlagged(configuration.interpolatingSpring(m, k, c, 0))
            stats.add(got, expected, scale: 1, location: WorstCase("interpolatingSpring(m \(m), k \(k), c \(c)): flagged at \(got) s, rule \(expected) s"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "logical completion: .spring at its response, interpolatingSpring at 2π/√k",
                                       kind: .reference, source: "unverified: the open re-implementations' rules (.spring: time since start ≥ response; interpolatingSpring: t ≥ 2π/√stiffness)",
                                       implementation: "Animation.spring/interpolatingSpring", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "s"), worst: stats.worst, tolerance: frameTolerance)
    }
}
