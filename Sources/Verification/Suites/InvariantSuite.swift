// InvariantSuite.swift — physics invariants of the closed form (energy never increases while
// c ≥ 0, convergence to the target, finite output over extreme parameters); continuity at
// interruptions is ContinuitySuite.

import AnimationMath

enum InvariantSuite {
    static let name = "invariants"

    /// E = ½mv² + ½k(x − T)² evaluated from the closed form carries a few ulps of E₀ of rounding;
    /// an increase larger than 1e-12 of E₀ between samples is real energy creation.
    static let energyTolerance = Tolerance(
        name: "energyNonIncreasing", metric: "maxRelError", value: 5e-15,
        reason: "measured 7.2e-16 of E₀ (rounding of x, v); any real gain is far larger")

    /// After 50 slow time constants the displacement is e^{−50} ≈ 2e-22 of the distance (times a
    /// polynomial factor at critical damping); 1e-13 is rounding of the target itself.
    static let convergenceTolerance = Tolerance(
        name: "convergesToTarget", metric: "maxRelError", value: 1e-15,
        reason: "after 50 slowest time constants the exact displacement is < 1e-20; measured identical; 4 ulps for rounding near T")

    /// Any non-finite value over the extreme grid fails.
    static let finiteTolerance = Tolerance(
        name: "finiteOutput", metric: "nonFiniteCount", value: 0,
        reason: "goal 3 of Spring.swift: no NaN, no overflow for finite parameters and c ≥ 0")

    static let suite = VerificationSuite(
        name: name, summary: "energy, convergence to the target, finite output"
    ) { configuration in
        var checks: [CheckReport] = []
        for implementation in configuration.springImplementations {
            checks.append(energyCheck(implementation))
            checks.append(convergenceCheck(implementation))
            checks.append(finiteCheck(implementation))
        }
        return checks
    }

    static func finish(_ implementation: SpringImplementation, _ checkName: String, metrics: [Metric],
                       worst: WorstCase?, tolerance: Tolerance) -> CheckReport {
        if implementation.isGated {
            return gatedCheck(CheckSubject(suite: name, name: checkName, kind: .invariant, source: CheckSource.physics, implementation: implementation.name, quickSet: true),
                              metrics: metrics, worst: worst, tolerance: tolerance)
        }
        let value = metrics.first { $0.name == tolerance.metric }?.value ?? .nan
        return infoCheck(suite: name, name: checkName, source: CheckSource.physics, implementation: implementation.name, quickSet: true,
                         metrics: metrics, worst: worst,
                         detail: "\(tolerance.metric) \(short(value)) (Hooke's tolerance \(short(tolerance.value)))")
    }

    static let dampedCases: [SpringCase] = SpringSuite.regimeGrid.filter { $0.parameters.dampingRatio >= 0 }

    static func energyCheck(_ implementation: SpringImplementation) -> CheckReport {
        var gain = ErrorStatistics()
        for c in dampedCases {
            let model = implementation.make(c.parameters)
            let p = c.physical
            func energy(_ t: Double) -> Double {
                let x = model.value(target: c.target, initialVelocity: c.initialVelocity, time: t)
                let v = model.velocity(target: c.target, initialVelocity: c.initialVelocity, time: t)
                return 0.5 * p.mass * v * v + 0.5 * p.stiffness * (x - c.target) * (x - c.target)
            }
            let e0 = energy(0)
            var previous = e0
            let span = 8 * c.parameters.response
            for i in 1...400 {
                let t = Double(i) * span / 400
                let e = energy(t)
                // Only increases count; a decrease is the physics.
                gain.add(Swift.max(0, e - previous), 0, scale: e0, location: WorstCase(c.description, time: t))
                previous = e
            }
        }
        return finish(implementation, "energy never increases (c ≥ 0)", metrics: gain.metrics(), worst: gain.worst,
                      tolerance: energyTolerance)
    }

    static func convergenceCheck(_ implementation: SpringImplementation) -> CheckReport {
        var stats = ErrorStatistics()
        for c in dampedCases where c.parameters.dampingRatio > 0 {
            let ω0 = c.parameters.naturalFrequency, ζ = c.parameters.dampingRatio
            // The slowest decay rate: ζω0 (ζ ≤ 1) or ω0(ζ − √(ζ² − 1)) = ω0/(ζ + √(ζ² − 1)).
            let rate = ζ <= 1 ? ζ * ω0 : ω0 / (ζ + ((ζ - 1) * (ζ + 1)).squareRoot())
            let t = 50 / rate
            let model = implementation.make(c.parameters)
            stats.add(model.value(target: c.target, initialVelocity: c.initialVelocity, time: t), c.target,
                      scale: c.positionScale, location: WorstCase(c.description, time: t))
        }
        return finish(implementation, "converges to the target", metrics: stats.metrics(), worst: stats.worst,
                      tolerance: convergenceTolerance)
    }

    static func finiteCheck(_ implementation: SpringImplementation) -> CheckReport {
        var nonFinite = 0, total = 0
        var worst: WorstCase?
        let responses: [Double] = [1e-6, 1e-3, 1, 1e3, 1e6]
        let ratios: [Double] = [0, 1e-12, 1 - 1e-15, 1, 1 + 1e-15, 1e3, 1e6]
        let times: [Double] = [0, 1e-300, 1e-9, 1, 1e3, 1e9, 1e300]
        for r in responses {
            for ζ in ratios {
                let model = implementation.make(SpringParameters(response: r, dampingRatio: ζ))
                for t in times {
                    for (T, v0) in [(1.0, 0.0), (-1e6, 3e6)] {
                        let values = [model.value(target: T, initialVelocity: v0, time: t),
                                      model.velocity(target: T, initialVelocity: v0, time: t)]
                        total += 2
                        for value in values where !value.isFinite {
                            nonFinite += 1
                            if worst == nil { worst = WorstCase("response \(r), ζ \(ζ), target \(T), v0 \(v0)", time: t) }
                        }
                    }
                }
            }
        }
        return finish(implementation, "finite output over extreme parameters",
                      metrics: [Metric("nonFiniteCount", Double(nonFinite), unit: "values", ulpEquivalent: 1),
                                Metric("evaluated", Double(total), better: .none)],
                      worst: worst, tolerance: finiteTolerance)
    }
}
