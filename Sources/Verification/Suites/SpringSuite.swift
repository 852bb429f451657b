// SpringSuite.swift — closed-form springs (Hooke's `Spring` and SwiftUI's model) against the GSL
// reference: positions, velocities, forces, the `update` step and retargeting, on a regime grid
// (undamped, underdamped, ζ = 1 ± 1e-9, critical, overdamped up to ζ = 50, very stiff, very slow)
// and on seeded random cases; plus SwiftUI's documented numbers and errata.

import AnimationMath
import ReferenceSolver
import HookeSupport

enum SpringSuite {
    static let name = "spring"

    /// Closed form against the reference, relative to the distance. The reference floors at ~1e-13
    /// of the distance (ReferenceSolver's contract; 1.1e-13 measured against the double-double
    /// reference), the closed form is within 11 ulps (ulps suite); measured worst 5.8e-13 (forces,
    /// the stiff overdamped case, where GSL's bsimp floor is ~1e-12 of k·distance).
    static let closedFormTolerance = Tolerance(
        name: "closedFormVsReference", metric: "maxRelError", value: 2e-12,
        reason: "GSL floors at 1e-13 of the distance (1e-12 stiff/bsimp); measured 5.8e-13 worst (forces)")

    /// Retargeting a hundred or a thousand times (0.137 s apart, mid-segment samples): measured
    /// 6.7e-16 of the distance for both — no drift at all.
    static let retargetTolerance = Tolerance(
        name: "retargetDrift", metric: "maxRelError", value: 5e-15,
        reason: "measured 6.7e-16 (3 ulps) after 100 and after 1000 restarts: no drift allowed")

    /// Apple's documented example numbers, printed to 17 digits: within 8 ulps (the conversions
    /// round 3–4 times, Spring+ResponseDampingRatio.swift).
    static let documentedTolerance = Tolerance(
        name: "documentedExamples", metric: "maxUlps", value: 4,
        reason: "Apple's examples are printed with 17 digits; measured 0 (Hooke) and 1 ulp (SwiftUI's model)")

    static let suite = VerificationSuite(
        name: name, summary: "closed-form springs vs GSL: positions, velocities, forces, update, retargets"
    ) { configuration in
        var checks: [CheckReport] = []
        for implementation in configuration.springImplementations {
            checks += gridChecks(implementation, cases: regimeGrid, label: "regime grid", quickSet: true, seeded: false)
            checks += gridChecks(implementation, cases: randomCases(seed: configuration.seed, count: quickRandomCount),
                                 label: "random \(quickRandomCount)", quickSet: true, seeded: true)
            if !configuration.quick {
                checks += gridChecks(implementation,
                                     cases: randomCases(seed: configuration.seed &+ 1, count: fullRandomCount),
                                     label: "random \(fullRandomCount)", quickSet: false, seeded: true)
            }
            checks.append(updateCheck(implementation))
            checks.append(retargetCheck(implementation, count: quickRetargets, quickSet: true))
            if !configuration.quick {
                checks.append(retargetCheck(implementation, count: fullRetargets, quickSet: false))
            }
        }
        checks += documentedChecks(configuration)
        checks += erratumChecks()
        return checks
    }

    static let quickRandomCount = 16
    static let fullRandomCount = 400
    static let quickRetargets = 100
    static let fullRetargets = 1000
    /// Samples per case over 0…8 response times.
    static let samplesPerCase = 80

    /// Every regime — undamped, under-, near-critical, critical and overdamped — with and without an
    /// initial velocity, very stiff and very slow springs, a mass other than 1, and a large distance.
    static let regimeGrid: [SpringCase] = {
        var cases: [SpringCase] = []
        let ratios: [Double] = [0, 0.15, 0.5, 0.9, 1 - 1e-9, 1, 1 + 1e-9, 1.5, 5, 50]
        for ratio in ratios {
            cases.append(SpringCase("ζ \(ratio)", SpringParameters(response: 0.5, dampingRatio: ratio)))
        }
        for ratio in [0.3, 1.0, 3.0] {
            cases.append(SpringCase("v0 ζ \(ratio)", SpringParameters(response: 0.5, dampingRatio: ratio),
                                    target: 1, initialVelocity: -9))
        }
        cases.append(SpringCase("very stiff", SpringParameters(response: 1e-3, dampingRatio: 0.7)))
        cases.append(SpringCase("very stiff overdamped", SpringParameters(response: 1e-3, dampingRatio: 20)))
        cases.append(SpringCase("very slow", SpringParameters(response: 100, dampingRatio: 0.3)))
        cases.append(SpringCase("mass 3", SpringParameters(mass: 3, stiffness: 200, damping: 12), target: -250, initialVelocity: 40))
        cases.append(SpringCase("large distance", SpringParameters(response: 0.4, dampingRatio: 0.8), target: 1e6))
        return cases
    }()

    /// Seeded random cases over every regime: response log-uniform in [1e-3, 1e2]; ζ from four
    /// families (uniform in [0, 1.2], near critical 1 ± 10^U(−12, −3), log-uniform in [1, 100], 0);
    /// target ±10^U(−1, 3); v0 uniform in ±3ω0|target|.
    static func randomCases(seed: UInt64, count: Int) -> [SpringCase] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let response = generator.logUniform(1e-3, 1e2)
            let family = generator.next() % 4
            let ratio: Double
            switch family {
            case 0: ratio = generator.uniform(0, 1.2)
            case 1: ratio = 1 + (generator.next() & 1 == 0 ? 1 : -1) * generator.logUniform(1e-12, 1e-3)
            case 2: ratio = generator.logUniform(1, 100)
            default: ratio = 0
            }
            let target = (generator.next() & 1 == 0 ? 1 : -1) * generator.logUniform(0.1, 1000)
            let ω0 = 2 * Double.pi / response
            let velocity = generator.uniform(-3, 3) * ω0 * Swift.abs(target)
            return SpringCase("random #\(index)", SpringParameters(response: response, dampingRatio: ratio),
                              target: target, initialVelocity: velocity)
        }
    }

    /// The sample times of a case: 0…8 response times (undamped and slow cases included).
    static func times(for springCase: SpringCase, count: Int = samplesPerCase) -> [Double] {
        let span = 8 * springCase.parameters.response
        return (0...count).map { Double($0) * span / Double(count) }
    }

    static func reference(_ springCase: SpringCase, at times: [Double], retargets: [OscillatorProblem.Retarget] = [])
        throws -> ReferenceTrajectory
    {
        let p = springCase.physical
        let problem = OscillatorProblem(mass: p.mass, stiffness: p.stiffness, damping: p.damping,
                                        initialPosition: 0, initialVelocity: springCase.initialVelocity,
                                        target: springCase.target, retargets: retargets)
        return try OscillatorReference.solve(problem, at: times)
    }

    /// Positions, velocities and forces of `implementation` on `cases`.
    static func gridChecks(_ implementation: SpringImplementation, cases: [SpringCase], label: String,
                           quickSet: Bool, seeded: Bool) -> [CheckReport] {
        var positions = ErrorStatistics(), velocities = ErrorStatistics(), forces = ErrorStatistics()
        var trajectory: [SampleSeries] = []
        do {
            for springCase in cases {
                let times = times(for: springCase)
                let ref = try reference(springCase, at: times)
                let model = implementation.make(springCase.parameters)
                let p = springCase.physical
                let (T, v0) = (springCase.target, springCase.initialVelocity)
                var residuals: [Double] = []
                for (i, t) in times.enumerated() {
                    let x = model.value(target: T, initialVelocity: v0, time: t)
                    let v = model.velocity(target: T, initialVelocity: v0, time: t)
                    let f = model.force(target: T, initialVelocity: v0, time: t)
                    let refForce = p.stiffness * (T - ref.positions[i]) - p.damping * ref.velocities[i]
                    positions.add(x, ref.positions[i], scale: springCase.positionScale,
                                  location: WorstCase(springCase.description, time: t))
                    velocities.add(v, ref.velocities[i], scale: springCase.velocityScale,
                                   location: WorstCase(springCase.description, time: t))
                    forces.add(f, refForce, scale: springCase.forceScale,
                               location: WorstCase(springCase.description, time: t))
                    residuals.append((x - ref.positions[i]) / springCase.positionScale)
                }
                if trajectory.isEmpty && springCase.label == "ζ 1.000000001" {
                    trajectory = [SampleSeries(name: "position error, \(springCase.label)", xLabel: "t (s)",
                                               yLabel: "(x − x_ref)/distance", x: times, y: residuals)]
                }
            }
        } catch {
            return [erroredCheck(suite: name, name: "positions: \(label)", implementation: implementation.name,
                                 quickSet: quickSet, error: error)]
        }
        return [
            finish(implementation, "positions: \(label)", positions, quickSet, seeded, series: trajectory),
            finish(implementation, "velocities: \(label)", velocities, quickSet, seeded),
            finish(implementation, "forces: \(label)", forces, quickSet, seeded),
        ]
    }

    static func finish(_ implementation: SpringImplementation, _ checkName: String, _ stats: ErrorStatistics,
                       _ quickSet: Bool, _ seeded: Bool, tolerance: Tolerance = closedFormTolerance,
                       source: String = CheckSource.gsl, series: [SampleSeries] = []) -> CheckReport {
        let metrics = stats.metrics()
        if implementation.isGated {
            return gatedCheck(CheckSubject(suite: name, name: checkName, kind: .reference, source: source, implementation: implementation.name, quickSet: quickSet,
                              seeded: seeded), metrics: metrics, worst: stats.worst, tolerance: tolerance, series: series)
        }
        return infoCheck(suite: name, name: checkName, source: source, implementation: implementation.name, quickSet: quickSet,
                         seeded: seeded, metrics: metrics, worst: stats.worst,
                         detail: "SwiftUI's own error vs physics: max \(short(stats.maxRelative)) of the distance, rms \(short(stats.rmsRelative))",
                         series: series)
    }

    /// `update(value:velocity:target:deltaTime:)` at 60 Hz over 8 response times vs the reference.
    static func updateCheck(_ implementation: SpringImplementation) -> CheckReport {
        var stats = ErrorStatistics()
        let frame = 1.0 / 60.0
        do {
            for springCase in regimeGrid where springCase.parameters.response >= 0.1 && springCase.parameters.response <= 2 {
                let model = implementation.make(springCase.parameters)
                let count = Int((8 * springCase.parameters.response / frame).rounded(.up))
                let times = (0...count).map { Double($0) * frame }
                let ref = try reference(springCase, at: times)
                var x = 0.0, v = springCase.initialVelocity
                for (i, t) in times.enumerated() {
                    if i > 0 { model.update(value: &x, velocity: &v, target: springCase.target, deltaTime: frame) }
                    stats.add(x, ref.positions[i], scale: springCase.positionScale,
                              location: WorstCase(springCase.description, time: t))
                }
            }
        } catch {
            return erroredCheck(suite: name, name: "update: 60 Hz steps", implementation: implementation.name,
                                quickSet: true, error: error)
        }
        return finish(implementation, "update: 60 Hz steps", stats, true, false)
    }

    /// Restarting the closed form at each of `count` retargets (position and velocity carried over,
    /// `RetargetedSpring`, the rule `hooke eval spring` uses) against one reference solve with the
    /// same piecewise target.
    static func retargetCheck(_ implementation: SpringImplementation, count: Int, quickSet: Bool) -> CheckReport {
        let checkName = "retargets: \(count) in a row"
        let springCase = SpringCase("retargets", SpringParameters(response: 0.4, dampingRatio: 0.6))
        let spacing = 0.137  // not a multiple of anything the spring cares about
        let events = (1...count).map { OscillatorProblem.Retarget(time: Double($0) * spacing, target: $0 % 2 == 0 ? 1 : -2) }
        let times = (0...count).map { Double($0) * spacing + spacing / 2 }
        var stats = ErrorStatistics()
        do {
            let ref = try reference(springCase, at: times, retargets: events)
            let model = implementation.make(springCase.parameters)
            var motion = RetargetedSpring(from: 0, velocity: 0, to: 1, retargets: events.map { ($0.time, $0.target) })
            for (i, t) in times.enumerated() {
                let x = motion.sample(at: t) { displacement, velocity, elapsed in
                    (model.value(target: displacement, initialVelocity: velocity, time: elapsed),
                     model.velocity(target: displacement, initialVelocity: velocity, time: elapsed))
                }.value
                stats.add(x, ref.positions[i], scale: 3, location: WorstCase("after \(motion.applied) retargets", time: t))
            }
        } catch {
            return erroredCheck(suite: name, name: checkName, implementation: implementation.name, quickSet: quickSet, error: error)
        }
        return finish(implementation, checkName, stats, quickSet, false, tolerance: retargetTolerance)
    }

    /// Apple's documented examples, for Hooke and for SwiftUI's model.
    static func documentedChecks(_ configuration: VerificationConfiguration) -> [CheckReport] {
        struct Example { var label: String; var computed: Double; var documented: Double }
        func check(_ implementation: String, _ examples: [Example]) -> CheckReport {
            var stats = ErrorStatistics()
            for e in examples {
                stats.add(e.computed, e.documented, scale: Swift.abs(e.documented), location: WorstCase(e.label))
            }
            return gatedCheck(CheckSubject(suite: name, name: "Apple's documented examples", kind: .reference, source: CheckSource.appleSpring, implementation: implementation,
                              quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: documentedTolerance)
        }
        let hooke = Spring(duration: 0.5, bounce: 0.3)
        let hookeMSD = Spring(mass: 1, stiffness: 100, damping: 10)
        let model = SwiftUISpringModel(duration: 0.5, bounce: 0.3)
        let modelMSD = SwiftUISpringModel(mass: 1, stiffness: 100, damping: 10, allowOverDamping: false)
        return [
            check(SpringImplementation.hooke.name, [
                Example(label: "(0.5, 0.3).stiffness", computed: hooke.stiffness, documented: 157.91367041742973),
                Example(label: "(0.5, 0.3).damping", computed: hooke.damping, documented: 17.59291886010284),
                Example(label: "(1, 100, 10).duration", computed: hookeMSD.duration, documented: 0.6283185307179586),
                Example(label: "(1, 100, 10).bounce", computed: hookeMSD.bounce, documented: 0.5),
                Example(label: "Spring().settlingDuration", computed: configuration.settlingDuration(Spring()), documented: 0.7999999999999999),
            ]),
            check(SpringImplementation.swiftUIModel.name, [
                Example(label: "(0.5, 0.3).stiffness", computed: model.stiffness, documented: 157.91367041742973),
                Example(label: "(0.5, 0.3).damping", computed: model.damping, documented: 17.59291886010284),
                Example(label: "(1, 100, 10).duration", computed: modelMSD.duration, documented: 0.6283185307179586),
                Example(label: "(1, 100, 10).bounce", computed: modelMSD.bounce, documented: 0.5),
            ]),
        ]
    }

    /// The two SwiftUI errata, reproduced by the model and measured against physics.
    static func erratumChecks() -> [CheckReport] {
        let implementation = SpringImplementation.swiftUIModel.name
        // Overdamped velocity: model − true derivative = target.
        var stats = ErrorStatistics()
        var physics = ErrorStatistics()
        for ratio in [1.5, 5.0, 50.0] {
            for target in [1.0, -40.0] {
                let parameters = SpringParameters(response: 0.5, dampingRatio: ratio)
                let model = SwiftUISpringModel(response: 0.5, dampingRatio: ratio)
                let hooke = parameters.spring
                let scale = parameters.naturalFrequency * Swift.abs(target)
                for i in 0...40 {
                    let t = Double(i) * 0.05
                    let modelVelocity = model.velocity(target: target, initialVelocity: 0, time: t)
                    let trueVelocity = hooke.velocity(target: target, initialVelocity: 0, time: t)
                    stats.add(modelVelocity - trueVelocity, target, scale: Swift.abs(target),
                              location: WorstCase("ζ \(ratio), target \(target)", time: t))
                    physics.add(modelVelocity, trueVelocity, scale: scale,
                                location: WorstCase("ζ \(ratio), target \(target)", time: t))
                }
            }
        }
        let velocity = infoCheck(
            suite: name, name: "erratum: overdamped velocity adds the target",
            source: "Hooke's Spring.velocity (the true derivative, checked against GSL in this suite)",
            implementation: implementation, quickSet: true,
            metrics: stats.metrics() + [Metric("errorVsPhysics", physics.maxRelative, unit: "relative to ω0·distance")],
            worst: stats.worst,
            detail: "the model's velocity minus the derivative equals the target to \(short(stats.maxRelative)); SwiftUI's velocity is off by up to \(short(physics.maxRelative)) of ω0·distance")
        // Stiffness getter: m(ω² + λ²) for duration 0.5, bounce −0.2 is 335.57 instead of 157.91.
        let model = SwiftUISpringModel(duration: 0.5, bounce: -0.2)
        let hooke = Spring(duration: 0.5, bounce: -0.2)
        var getter = ErrorStatistics()
        getter.add(model.stiffness, hooke.swiftUIStiffness, scale: hooke.swiftUIStiffness,
                   location: WorstCase("duration 0.5, bounce −0.2"))
        let wrong = Swift.abs(model.stiffness - hooke.stiffness) / hooke.stiffness
        let stiffness = infoCheck(
            suite: name, name: "erratum: stiffness getter m(ω² + λ²)", source: "k = m·ω0², from the spring's definition",
            implementation: implementation, quickSet: true,
            metrics: getter.metrics() + [Metric("modelStiffness", model.stiffness, better: .none),
                                         Metric("trueStiffness", hooke.stiffness, better: .none),
                                         Metric("errorVsPhysics", wrong, unit: "relative")],
            worst: getter.worst,
            detail: "SwiftUI's getter gives \(short(model.stiffness)) where k = \(short(hooke.stiffness)) (\(short(wrong * 100))% off); Hooke's swiftUIStiffness agrees to \(short(getter.maxUlps)) ulps")
        return [velocity, stiffness]
    }
}
