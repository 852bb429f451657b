// SpringReferenceTests.swift — the closed form against the GSL reference (module ReferenceSolver)
// on a seeded random grid that covers every regime.

import AnimationMath
import HookeSupport
import ReferenceSolver
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The reference's own contract (OscillatorReference.swift, AccuracyContracts.md): rk8pd at
/// epsabs = epsrel = 1e-13 stays below ~1e-13 of the distance (measured 1e-15 … 1e-14) and bsimp
/// on stiff springs below 1e-12; the closed form is good to ~1e-15 (SpringClosedFormTests). The
/// difference is therefore the reference's error, bounded by 1e-12 relative to the distance
/// (position) and to distance·ω0 (velocity). A formulation that cancelled near critical damping
/// or for ζ ≫ 1 would exceed it by orders of magnitude.
private let referenceTolerance = 1e-12

/// The damping-ratio families the grid draws from, so that every regime is sampled.
private enum DampingFamily: CaseIterable {
    case undamped, underdamped, justBelowCritical, critical, justAboveCritical, overdamped,
         stronglyOverdamped, negative

    func draw<G: RandomNumberGenerator>(using g: inout G) -> Double {
        switch self {
        case .undamped: return 0
        case .underdamped: return Double.random(in: 0.01..<0.99, using: &g)
        case .justBelowCritical: return 1 - pow(10, -Double.random(in: 6...12, using: &g))
        case .critical: return 1
        case .justAboveCritical: return 1 + pow(10, -Double.random(in: 6...12, using: &g))
        case .overdamped: return Double.random(in: 1.01...5, using: &g)
        case .stronglyOverdamped: return pow(10, Double.random(in: 1...3, using: &g))  // 10 … 1000
        case .negative: return -Double.random(in: 0.01...0.3, using: &g)
        }
    }
}

@Suite("Spring against GSL")
struct SpringReferenceTests {
    static let seed: UInt64 = 0x5EED_0F_B00C_E

    @Test("the closed form matches the GSL reference on a seeded grid")
    func closedFormMatchesGSLReferenceOnSeededGrid() throws {
        var generator = SplitMix64(seed: Self.seed)
        var worstPosition = SpringWorstError(), worstVelocity = SpringWorstError()
        let springsPerFamily = 25, samplesPerSpring = 16
        for family in DampingFamily.allCases {
            for _ in 0..<springsPerFamily {
                let ζ = family.draw(using: &generator)
                let response = pow(10, Double.random(in: -3...1, using: &generator))     // 1 ms … 10 s
                let mass = pow(10, Double.random(in: -1...1, using: &generator))         // 0.1 … 10
                let target = Double.random(in: -100...100, using: &generator)
                let ω0 = 2 * Double.pi / response
                let v0 = Double.random(in: -2...2, using: &generator) * ω0 * abs(target)
                let k = mass * ω0 * ω0, c = 4 * Double.pi * ζ * mass / response
                let spring = Spring(mass: mass, stiffness: k, damping: c, allowOverDamping: true)

                // Sample the interesting part of the motion: a few responses, or a few slow-mode
                // time constants (λ + μ)/ω0² ≈ 2ζ/ω0 for strongly overdamped springs.
                let span = 6 * response * max(1, ζ)
                let times = (0..<samplesPerSpring).map { _ in Double.random(in: 0...span, using: &generator) }.sorted()
                let problem = OscillatorProblem(mass: mass, stiffness: k, damping: c,
                                                initialPosition: 0, initialVelocity: v0, target: target)
                let reference = try OscillatorReference.solve(problem, at: times)

                let xScale = SpringErrorScale.position(target: target, initialVelocity: v0, naturalFrequency: ω0)
                let vScale = SpringErrorScale.velocity(target: target, initialVelocity: v0, naturalFrequency: ω0)
                for (i, t) in times.enumerated() {
                    // Growing motions are compared relative to their envelope e^{|λ|t}.
                    let envelope = exp(max(0, -spring.decayConstant * t))
                    let x = spring.value(target: target, initialVelocity: v0, time: t)
                    let v = spring.velocity(target: target, initialVelocity: v0, time: t)
                    let context = "seed \(Self.seed) \(family) ζ \(ζ) response \(response) mass \(mass) T \(target) v0 \(v0) t \(t) [\(reference.stepper)]"
                    worstPosition.record(abs(x - reference.positions[i]) / (xScale * envelope), context)
                    worstVelocity.record(abs(v - reference.velocities[i]) / (vScale * envelope), context)
                }
            }
        }
        print("GSL cross-check, worst position error / distance: \(worstPosition)")
        print("GSL cross-check, worst velocity error / (distance·ω0): \(worstVelocity)")
        #expect(worstPosition.error <= referenceTolerance, "\(worstPosition)")
        #expect(worstVelocity.error <= referenceTolerance, "\(worstVelocity)")
    }
}
