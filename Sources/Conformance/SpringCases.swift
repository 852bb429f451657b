import Foundation
import HookeSupport

/// The spring cases: every regime, stiffness over six decades, initial velocity toward and away,
/// retargets and reversals, and the sampling grids frame-stepped engines get wrong; then seeded
/// random springs. Judged against the GSL reference (physics).
enum SpringCases {
    static func all() -> [ConformanceCase] {
        regimes() + nearCritical() + overdampedVelocity() + stiffnesses() + velocities() + retargets()
            + grids() + farFromZero() + random(count: 150, seed: 0x5EED_0001)
    }

    // MARK: - Building blocks

    /// The spring in every parameterisation, from mass, stiffness and damping (exact formulas:
    /// response = 2π√(m/k), ζ = c/(2√(km)), duration = response, bounce = 1 − ζ for ζ ≤ 1 and
    /// 1/ζ − 1 above, SwiftUI's map).
    static func parameters(mass: Double = 1, stiffness: Double, damping: Double) -> SpringRequest.Parameters {
        let response = 2 * Double.pi * (mass / stiffness).squareRoot()
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return .init(mass: mass, stiffness: stiffness, damping: damping, response: response, dampingRatio: ratio,
                     duration: response, bounce: ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }

    /// The spring of `response` and damping ratio `ratio`, mass `mass`.
    static func parameters(response: Double, ratio: Double, mass: Double = 1) -> SpringRequest.Parameters {
        let ω0 = 2 * Double.pi / response
        let stiffness = mass * ω0 * ω0
        var result = parameters(mass: mass, stiffness: stiffness, damping: 2 * ratio * mass * ω0)
        result.response = response  // as given, not recomputed through k
        result.duration = response
        result.dampingRatio = ratio
        result.bounce = ratio <= 1 ? 1 - ratio : 1 / ratio - 1
        return result
    }

    static func make(_ id: String, _ probe: String, _ spring: SpringRequest.Parameters, from: Double = 0, to: Double = 1,
                     velocity: Double = 0, retargets: [(Double, Double)] = [], times: [Double]) -> ConformanceCase {
        ConformanceCase(id: "spring/" + id, probe: probe, request: .spring(SpringRequest(
            spring: spring, from: from, to: to, velocity: velocity,
            retargets: retargets.map { SpringRequest.Retarget(time: $0.0, to: $0.1) }, times: times)))
    }

    static func name(_ value: Double) -> String { formatShort(value, digits: 6) }

    // MARK: - Groups

    static func regimes() -> [ConformanceCase] {
        let ratios: [Double] = [0, 1e-3, 0.01, 0.1, 0.3, 0.5, 0.7, 0.9, 1, 1.2, 2, 5, 10, 30, 100]
        return [0.35, 1.2].flatMap { response in
            ratios.map { ratio in
                let regime = ratio == 0 ? "undamped" : ratio < 1 ? "underdamped" : ratio == 1 ? "critically damped" : "overdamped"
                return make("regime/zeta-\(name(ratio))/response-\(name(response))",
                            "\(regime) spring, ζ = \(name(ratio)), response \(name(response)) s, 60 Hz over 3 s",
                            parameters(response: response, ratio: ratio), times: SampleGrid.uniform(rate: 60, until: 3))
            }
        }
    }

    static func nearCritical() -> [ConformanceCase] {
        [1e-6, 1e-9, 1e-12].flatMap { offset in
            [(1 - offset, "below"), (1 + offset, "above")].flatMap { ratio, side in
                [0.0, -3.0].map { velocity in
                    make("near-critical/\(side)-\(name(offset))/velocity-\(name(velocity))",
                         "ζ = 1 \(side == "below" ? "−" : "+") \(name(offset)): closed forms that divide by √|1 − ζ²| cancel here",
                         parameters(response: 0.5, ratio: ratio), velocity: velocity, times: SampleGrid.uniform(rate: 60, until: 2))
                }
            }
        }
    }

    static func overdampedVelocity() -> [ConformanceCase] {
        var cases = [1.5, 4, 20].flatMap { ratio in
            [8.0, -8.0].map { velocity in
                make("overdamped/zeta-\(name(ratio))/velocity-\(name(velocity))",
                     "overdamped ζ = \(name(ratio)) with initial velocity \(velocity > 0 ? "toward" : "away from") the target",
                     parameters(response: 0.4, ratio: ratio), velocity: velocity, times: SampleGrid.uniform(rate: 120, until: 2))
            }
        }
        cases.append(make("overdamped/velocity-erratum",
                          "SwiftUI's own overdamped velocity adds the target to the derivative (an erratum): velocities here are physics, not SwiftUI",
                          parameters(response: 0.5, ratio: 2), from: 100, to: 250, velocity: -300,
                          times: SampleGrid.uniform(rate: 60, until: 2)))
        return cases
    }

    static func stiffnesses() -> [ConformanceCase] {
        [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6].flatMap { stiffness in
            [0.15, 1, 3].map { ratio in
                let spring = parameters(stiffness: stiffness, damping: 2 * ratio * stiffness.squareRoot())
                let rate = max(60, (40 / spring.response).rounded())
                return make("stiffness/k-\(name(stiffness))/zeta-\(name(ratio))",
                            "stiffness \(name(stiffness)) (mass 1), ζ = \(name(ratio)), sampled at \(name(rate)) Hz",
                            spring, times: SampleGrid.uniform(rate: rate, until: min(12, max(0.05, 4 * spring.response))))
            }
        }
    }

    static func velocities() -> [ConformanceCase] {
        [3.0, -3, 30, -30].flatMap { velocity in
            [0.4, 1].map { ratio in
                make("velocity/v-\(name(velocity))/zeta-\(name(ratio))",
                     "initial velocity \(name(velocity))/s \(velocity > 0 ? "toward" : "away from") the target, ζ = \(name(ratio))",
                     parameters(response: 0.5, ratio: ratio), velocity: velocity, times: SampleGrid.uniform(rate: 60, until: 2))
            }
        }
    }

    static func retargets() -> [ConformanceCase] {
        let grid = SampleGrid.uniform(rate: 60, until: 2.5)
        var cases: [ConformanceCase] = []
        for ratio in [0.3, 1] {
            cases.append(make("retarget/further/zeta-\(name(ratio))", "retargeted further in the same direction mid-flight (0 → 1, then → 2 at 0.2 s)",
                              parameters(response: 0.5, ratio: ratio), retargets: [(0.2, 2)], times: grid))
        }
        for ratio in [0.2, 0.8, 1, 2] {
            cases.append(make("retarget/reversal/zeta-\(name(ratio))", "reversed mid-flight (0 → 1, back to 0 at 0.15 s): velocity must carry over",
                              parameters(response: 0.5, ratio: ratio), retargets: [(0.15, 0)], times: grid))
        }
        for ratio in [0.5, 1] {
            cases.append(make("retarget/several/zeta-\(name(ratio))", "three retargets mid-flight (→ 1, −1, 0.5 at 0.1, 0.25, 0.4 s)",
                              parameters(response: 0.5, ratio: ratio), retargets: [(0.1, 1), (0.25, -1), (0.4, 0.5)], times: grid))
        }
        cases += [
            make("retarget/at-zero", "a retarget at t = 0 replaces the target from the start",
                 parameters(response: 0.5, ratio: 0.7), retargets: [(0, -2)], times: grid),
            make("retarget/same-target", "a retarget to the current target changes nothing",
                 parameters(response: 0.5, ratio: 0.4), retargets: [(0.3, 1)], times: grid),
            make("retarget/on-a-frame", "a retarget exactly at a frame's time: the sample there is the continuous state",
                 parameters(response: 0.5, ratio: 0.5), retargets: [(0.25, -1)], times: grid),
            make("retarget/between-frames", "a retarget between two frames (at 0.2583 s): it happens at its time, not at the next frame",
                 parameters(response: 0.5, ratio: 0.5), retargets: [(0.2583, -1)], times: grid),
            make("retarget/same-time", "two retargets at the same time: the last one wins",
                 parameters(response: 0.5, ratio: 0.5), retargets: [(0.3, 5), (0.3, -1)], times: grid),
            make("retarget/undamped", "an undamped spring retargeted: the oscillation continues about the new target",
                 parameters(response: 0.5, ratio: 0), retargets: [(0.4, 3)], times: grid),
            make("retarget/many", "twenty retargets, one every 0.1 s, alternating ±1: no drift",
                 parameters(response: 0.3, ratio: 0.6), retargets: (1...20).map { (Double($0) / 10, $0 % 2 == 0 ? 1 : -1) },
                 times: SampleGrid.uniform(rate: 60, until: 3)),
        ]
        return cases
    }

    static func grids() -> [ConformanceCase] {
        var random = SplitMix64(seed: 0x5EED_0002)
        let springs = [(0.5, 0.6), (0.3, 0.2)]
        var cases: [ConformanceCase] = []
        for (response, ratio) in springs {
            let spring = parameters(response: response, ratio: ratio)
            let label = "response-\(name(response))-zeta-\(name(ratio))"
            for rate in [30.0, 60, 120, 240] {
                cases.append(make("grid/\(Int(rate))hz/\(label)", "a \(Int(rate)) Hz frame grid",
                                  spring, times: SampleGrid.uniform(rate: rate, until: 2)))
            }
            for seed in 1...2 {
                cases.append(make("grid/jitter-2ms/\(seed)/\(label)", "60 Hz frames each up to ±2 ms early or late",
                                  spring, times: SampleGrid.jittered(rate: 60, until: 2, jitter: 0.002, random: &random)))
                cases.append(make("grid/dropped/\(seed)/\(label)", "60 Hz with runs of 2–6 dropped frames",
                                  spring, times: SampleGrid.dropped(rate: 60, until: 2, random: &random)))
            }
            for gap in [0.08, 0.25] {
                cases.append(make("grid/gap-\(Int(gap * 1000))ms/\(label)", "a \(Int(gap * 1000)) ms gap between frames mid-motion (over the 64 ms many engines clamp a step to)",
                                  spring, times: SampleGrid.gap(rate: 60, until: 2, gapStart: 0.1, gap: gap)))
            }
        }
        for gap in [1.2, 3.0] {
            for ratio in [0.05, 0.3] {
                cases.append(make("grid/gap-\(name(gap))s/zeta-\(name(ratio))", "a \(name(gap)) s gap mid-motion (where frame-stepped engines reset or clamp)",
                                  parameters(response: 1, ratio: ratio), times: SampleGrid.gap(rate: 60, until: 6, gapStart: 0.2, gap: gap)))
            }
        }
        return cases
    }

    static func farFromZero() -> [ConformanceCase] {
        let start = 100_000.0123
        var random = SplitMix64(seed: 0x5EED_0003)
        var cases = [0.05, 0.5, 1, 3].map { ratio in
            make("far-from-zero/zeta-\(name(ratio))", "at rest until t = 1e5 s, then moved: times this large lose precision in single precision or in t − t0 formed late",
                 parameters(response: 0.5, ratio: ratio), from: 0, to: 0, retargets: [(start, 1)],
                 times: [0] + SampleGrid.uniform(rate: 60, until: 2, start: start))
        }
        let jittered = SampleGrid.jittered(rate: 60, until: 2, jitter: 0.002, random: &random).map { $0 + start }
        cases.append(make("far-from-zero/jitter", "at t ≈ 1e5 s with ±2 ms jitter",
                          parameters(response: 0.5, ratio: 0.5), from: 0, to: 0, retargets: [(start, 1)], times: [0] + jittered))
        return cases
    }

    /// Seeded random springs: response 0.05–3 s, ζ over 1e-3…100 (a tenth exactly critical), mass
    /// 0.1–10, distances 0.01–1e4 with offsets, velocities, up to three retargets, a grid of
    /// 30–240 Hz, some jittered or with dropped frames.
    static func random(count: Int, seed: UInt64) -> [ConformanceCase] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let response = random.logUniform(0.05, 3)
            let pick = random.uniform(0, 1)
            let ratio = pick < 0.2 ? random.logUniform(1e-3, 0.1) : pick < 0.7 ? random.uniform(0.1, 1)
                : pick < 0.8 ? 1 : random.logUniform(1, 100)
            let mass = random.logUniform(0.1, 10)
            let scale = random.logUniform(0.01, 1e4)
            let from = random.uniform(-10, 10) * scale
            let to = from + random.uniform(-1, 1) * scale
            let velocity = random.uniform(-5, 5) * scale * 2 * Double.pi / response
            let until = min(6, max(1, 3 * response))
            let retargets = (0..<Int(random.next() % 4)).map { _ in
                (random.uniform(0, until / 2), from + random.uniform(-1, 1) * scale)
            }.sorted { $0.0 < $1.0 }
            let rate = [30.0, 60, 120, 240][Int(random.next() % 4)]
            let style = random.uniform(0, 1)
            let times = style < 0.3 ? SampleGrid.jittered(rate: rate, until: until, jitter: 0.002, random: &random)
                : style < 0.5 ? SampleGrid.dropped(rate: rate, until: until, random: &random)
                : SampleGrid.uniform(rate: rate, until: until)
            return make("random/\(index)", "seeded random spring: response \(name(response)) s, ζ = \(name(ratio)), mass \(name(mass)), \(retargets.count) retargets, \(Int(rate)) Hz",
                        parameters(response: response, ratio: ratio, mass: mass), from: from, to: to, velocity: velocity,
                        retargets: retargets, times: times)
        }
    }
}
