// SpringClosedFormTests.swift — the closed form against solutions worked by hand, in every regime;
// continuity across critical damping (no cancellation); extreme parameters stay finite.

import AnimationMath
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Library and hand formula each round a handful of times (an exp, a sin/cos, a few products) on
/// terms of the order of the motion's scale, and both form the phase as fl(ω·t) from the same ω.
/// Each side is then good to ~5e-16 of the scale; 1e-14 is 10× the worst of the two combined and
/// 10× tighter than AccuracyContracts.md's 1e-13 contract.
private let handClosedFormTolerance = 1e-14

/// Growing motions (ζ < 0) are compared relative to their own envelope e^{|λ|t}·scale: the same
/// few roundings, but the hand formula's A·e^{r1 t} + B·e^{r2 t} can lose a few more bits where
/// the terms nearly cancel early on. 5e-14.
private let growingClosedFormTolerance = 5e-14

/// ζ = 1 ± 1e-12 against ζ = 1: the true motions differ by |∂x/∂ζ|·1e-12, and |∂x/∂ζ| ≤ 1 in units
/// of the position scale for these motions (it is (ω0t)²e^{−ω0t}/2-like, at most ≈ 0.3 for v0 = 0,
/// measured ≤ 0.8 with v0). So 2e-12 passes the exact answer with margin, while a formulation
/// that cancels (e.g. (e^{r1t} − e^{r2t})/(r1 − r2) with r1 − r2 ≈ 3e-6·ω0) errs by ~ε/1e-6 ≈ 1e-10.
private let nearCriticalTolerance = 2e-12

/// For larger offsets Δζ = 1e-9 … 1e-3 the same sensitivity bound applies: |x(ζ) − x(1)| ≤
/// `nearCriticalSensitivity`·|Δζ| (first order, with the second-order term O(Δζ²) far below it).
private let nearCriticalSensitivity = 1.0

/// Velocities at the same offsets have sensitivity ≤ 1 in units of the velocity scale as well.
private let nearCriticalVelocitySensitivity = 1.0

private struct Motion: Sendable, CustomStringConvertible {
    var target: Double
    var v0: Double
    var description: String { "T \(target), v0 \(v0)" }
}

private let motions: [Motion] = [
    Motion(target: 1, v0: 0), Motion(target: -3, v0: 5), Motion(target: 2.5, v0: -20),
    Motion(target: 0, v0: 1),
]

private func sampleTimes(upTo end: Double, count: Int = 400) -> [Double] {
    (0...count).map { end * Double($0) / Double(count) }
}

/// Compares position and velocity of `spring` against `hand` for every motion and sample time and
/// returns the worst relative error (position and velocity errors are each divided by their scale).
private func worstError(
    _ spring: Spring, ω0: Double, until end: Double, envelope: (Double) -> Double = { _ in 1 },
    hand: (Motion, Double) -> SpringHandSample
) -> SpringWorstError {
    var worst = SpringWorstError()
    for motion in motions {
        let xScale = SpringErrorScale.position(target: motion.target, initialVelocity: motion.v0, naturalFrequency: ω0)
        let vScale = SpringErrorScale.velocity(target: motion.target, initialVelocity: motion.v0, naturalFrequency: ω0)
        for t in sampleTimes(upTo: end) {
            let expected = hand(motion, t)
            let x = spring.value(target: motion.target, initialVelocity: motion.v0, time: t)
            let v = spring.velocity(target: motion.target, initialVelocity: motion.v0, time: t)
            worst.record(abs(x - expected.position) / (xScale * envelope(t)), "\(spring) \(motion) t \(t) position")
            worst.record(abs(v - expected.velocity) / (vScale * envelope(t)), "\(spring) \(motion) t \(t) velocity")
        }
    }
    return worst
}

@Suite("Spring: closed forms")
struct SpringClosedFormTests {
    /// value(fromValue:toValue:) adds the start to the relative motion, one rounding more than the
    /// relative value: an ulp of the result (≈ 13). Achieved: exact.
    static let fromValueShiftRounding = 13.0.ulp

    @Test("critically damped matches the hand solution", arguments: [0.5, 2.0, 1e-3])
    func criticallyDampedMatchesHandSolution(response: Double) {
        let ω0 = 2 * Double.pi / response
        let spring = Spring(response: response, dampingRatio: 1)
        let worst = worstError(spring, ω0: ω0, until: 8 * response) { m, t in
            SpringHandSolution.critical(ω0: ω0, target: m.target, v0: m.v0, t: t)
        }
        print("critical response \(response): worst \(worst)")
        #expect(worst.error <= handClosedFormTolerance, "\(worst)")
    }

    @Test("undamped matches the hand solution", arguments: [0.8, 0.05])
    func undampedMatchesHandSolution(response: Double) {
        let ω0 = 2 * Double.pi / response
        let spring = Spring(response: response, dampingRatio: 0)
        let worst = worstError(spring, ω0: ω0, until: 25 * response) { m, t in
            SpringHandSolution.undamped(ω0: ω0, target: m.target, v0: m.v0, t: t)
        }
        print("undamped response \(response): worst \(worst)")
        #expect(worst.error <= handClosedFormTolerance, "\(worst)")
    }

    /// k = 100, c = 10, m = 1: λ = 5, ω0 = 10, ω_d = √75.
    @Test("underdamped matches the hand solution")
    func underdampedMatchesHandSolution() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        let worst = worstError(spring, ω0: 10, until: 6) { m, t in
            SpringHandSolution.oscillating(ω0: 10, λ: 5, target: m.target, v0: m.v0, t: t)
        }
        print("underdamped k 100 c 10: worst \(worst)")
        #expect(worst.error <= handClosedFormTolerance, "\(worst)")
    }

    /// k = 4, c = 5, m = 1: λ = 2.5, ω0 = 2, μ = 1.5, roots −1 and −4 exactly; with T = 1, v0 = 0,
    /// x = 1 − (4/3)e^{−t} + (1/3)e^{−4t}.
    @Test("overdamped matches the hand solution with exact roots")
    func overdampedMatchesHandSolutionWithExactRoots() {
        let spring = Spring(mass: 1, stiffness: 4, damping: 5, allowOverDamping: true)
        #expect(spring.regime == .overdamped)
        let worst = worstError(spring, ω0: 2, until: 12) { m, t in
            SpringHandSolution.twoExponentials(r1: -1, r2: -4, target: m.target, v0: m.v0, t: t)
        }
        print("overdamped roots -1, -4: worst \(worst)")
        #expect(worst.error <= handClosedFormTolerance, "\(worst)")
        // Written out for T = 1, v0 = 0 at t = 0.7.
        let t = 0.7
        let x = 1 - 4.0 / 3.0 * exp(-t) + 1.0 / 3.0 * exp(-4 * t)
        #expect(abs(spring.value(target: 1.0, time: t) - x) <= handClosedFormTolerance)
        // The velocity is the true derivative, not SwiftUI's overdamped erratum (derivative + target).
        let v = 4.0 / 3.0 * exp(-t) - 4.0 / 3.0 * exp(-4 * t)
        #expect(abs(spring.velocity(target: 1.0, time: t) - v) <= handClosedFormTolerance)
        // At rest: the true velocity 4/3·e^{−40} is 5.7e-18 (as computed).
        let restVelocity = 1e-16
        #expect(abs(spring.velocity(target: 1.0, time: 40)) < restVelocity)
    }

    /// Strongly overdamped springs against the two-exponential form with roots formed stably:
    /// r2 = −(λ + μ), r1 = −ω0²/(λ + μ) (r1 − r2 has no cancellation for ζ ≥ 1.25).
    @Test("strongly overdamped matches two exponentials", arguments: [1.25, 2, 50, 1000], [1e-4, 1, 1e4])
    func stronglyOverdampedMatchesTwoExponentials(dampingRatio ζ: Double, response: Double) {
        let spring = Spring(response: response, dampingRatio: ζ)
        let ω0 = 2 * Double.pi / response
        let λ = ζ * ω0, μ = ω0 * ((ζ - 1) * (ζ + 1)).squareRoot()
        let r2 = -(λ + μ), r1 = -ω0 * ω0 / (λ + μ)
        // The slow mode lasts about 1/|r1| = (λ + μ)/ω0²: sample to 20 of those.
        let worst = worstError(spring, ω0: ω0, until: 20 / -r1) { m, t in
            SpringHandSolution.twoExponentials(r1: r1, r2: r2, target: m.target, v0: m.v0, t: t)
        }
        print("overdamped ζ \(ζ) response \(response): worst \(worst)")
        #expect(worst.error <= handClosedFormTolerance, "\(worst)")
    }

    /// ζ = −0.1 (growing oscillation) and ζ = −3 (growing without oscillation), relative to the
    /// growing envelope.
    @Test("negative damping grows as the hand solution")
    func negativeDampingGrowsAsTheHandSolution() {
        let ω0 = 2 * Double.pi
        let oscillating = Spring(response: 1, dampingRatio: -0.1)
        let λ = -0.1 * ω0
        let worstOscillating = worstError(oscillating, ω0: ω0, until: 5, envelope: { exp(-λ * $0) * 2 }) { m, t in
            SpringHandSolution.oscillating(ω0: ω0, λ: λ, target: m.target, v0: m.v0, t: t)
        }
        print("negative damping ζ -0.1: worst \(worstOscillating)")
        #expect(worstOscillating.error <= growingClosedFormTolerance, "\(worstOscillating)")

        let growing = Spring(response: 1, dampingRatio: -3)
        let λ3 = -3 * ω0, μ = ω0 * 8.0.squareRoot()
        let fast = μ - λ3, slow = ω0 * ω0 / fast  // roots −λ ± μ, the smaller formed stably
        let worstGrowing = worstError(growing, ω0: ω0, until: 1, envelope: { exp(fast * $0) }) { m, t in
            SpringHandSolution.twoExponentials(r1: fast, r2: slow, target: m.target, v0: m.v0, t: t)
        }
        print("negative damping ζ -3: worst \(worstGrowing)")
        #expect(worstGrowing.error <= growingClosedFormTolerance, "\(worstGrowing)")
    }

    /// The force along the motion is m·x'' = k(T − x) − c·x' at the same state.
    @Test("force along the motion matches force at the state", arguments: [0.0, 0.3, 1, 1.7, 40], [2.0, 0.5])
    func forceAlongTheMotionMatchesForceAtTheState(dampingRatio ζ: Double, mass: Double) {
        let base = Spring(response: 0.6, dampingRatio: ζ)
        let spring = Spring(mass: mass, stiffness: base.stiffness * mass, damping: base.damping * mass,
                            allowOverDamping: true)
        let (k, c, ω0) = (spring.stiffness, spring.damping, spring.naturalFrequency)
        var worst = SpringWorstError()
        for motion in motions {
            let scale = k * SpringErrorScale.position(target: motion.target, initialVelocity: motion.v0, naturalFrequency: ω0)
                + c * SpringErrorScale.velocity(target: motion.target, initialVelocity: motion.v0, naturalFrequency: ω0)
            for t in sampleTimes(upTo: 3, count: 100) {
                let x = spring.value(target: motion.target, initialVelocity: motion.v0, time: t)
                let v = spring.velocity(target: motion.target, initialVelocity: motion.v0, time: t)
                let atState = spring.force(target: motion.target, position: x, velocity: v)
                let along = spring.force(target: motion.target, initialVelocity: motion.v0, time: t)
                worst.record(abs(along - atState) / scale, "\(motion) t \(t)")
                // And by hand: k(T − x) − c·v.
                #expect(abs(atState - (k * (motion.target - x) - c * v)) <= handClosedFormTolerance * scale)
            }
        }
        #expect(worst.error <= handClosedFormTolerance, "\(worst)")
    }

    /// ζ = 1 − 1e-12, 1 and 1 + 1e-12 are three different formulas (trigonometric, critical,
    /// hyperbolic) that must agree to the physical sensitivity: proof that neither side cancels.
    @Test("continuous across critical damping", arguments: [0.5, 3e-3, 40])
    func continuousAcrossCriticalDamping(response: Double) {
        let critical = Spring(response: response, dampingRatio: 1)
        let ω0 = critical.naturalFrequency
        var worst = SpringWorstError()
        var worstAtTightest = SpringWorstError()  // |Δζ| = 1e-12, relative to the scales
        for offset in [-1e-12, 1e-12, -1e-9, 1e-9, -1e-6, 1e-6, -1e-3, 1e-3] {
            let spring = Spring(response: response, dampingRatio: 1 + offset)
            #expect(spring.regime == (offset < 0 ? .underdamped : .overdamped))
            let xAllowed = max(nearCriticalTolerance, nearCriticalSensitivity * abs(offset))
            let vAllowed = max(nearCriticalTolerance, nearCriticalVelocitySensitivity * abs(offset))
            for motion in motions {
                let xScale = SpringErrorScale.position(target: motion.target, initialVelocity: motion.v0, naturalFrequency: ω0)
                let vScale = SpringErrorScale.velocity(target: motion.target, initialVelocity: motion.v0, naturalFrequency: ω0)
                for t in sampleTimes(upTo: 6 * response, count: 300) {
                    let dx = abs(spring.value(target: motion.target, initialVelocity: motion.v0, time: t)
                        - critical.value(target: motion.target, initialVelocity: motion.v0, time: t)) / xScale
                    let dv = abs(spring.velocity(target: motion.target, initialVelocity: motion.v0, time: t)
                        - critical.velocity(target: motion.target, initialVelocity: motion.v0, time: t)) / vScale
                    worst.record(max(dx / xAllowed, dv / vAllowed), "ζ 1\(offset < 0 ? "" : "+")\(offset) \(motion) t \(t)")
                    if abs(offset) == 1e-12 { worstAtTightest.record(max(dx, dv), "ζ 1\(offset < 0 ? "" : "+")\(offset) \(motion) t \(t)") }
                }
            }
        }
        print("near-critical response \(response): worst error / allowed \(worst); at ζ = 1 ± 1e-12: \(worstAtTightest)")
        #expect(worst.error <= 1, "\(worst)")
    }

    /// Extreme parameters and times: every output finite for ζ ≥ 0, and settled motions at the target.
    @Test("extreme parameters stay finite", arguments: [0, 1e-9, 0.5, 1 - 1e-12, 1, 1 + 1e-12, 50, 1000], [1e-4, 1, 1e4])
    func extremeParametersStayFinite(dampingRatio ζ: Double, response: Double) {
        let spring = Spring(response: response, dampingRatio: ζ)
        for t in [0, 1e-9, 1e-4, 0.37, 1e3, 1e6] {
            for motion in motions {
                let x = spring.value(target: motion.target, initialVelocity: motion.v0, time: t)
                let v = spring.velocity(target: motion.target, initialVelocity: motion.v0, time: t)
                let f = spring.force(target: motion.target, initialVelocity: motion.v0, time: t)
                #expect(x.isFinite && v.isFinite && f.isFinite, "\(spring) \(motion) t \(t): \(x) \(v) \(f)")
            }
            let m = spring.transition(deltaTime: t)
            #expect(m.m11.isFinite && m.m12.isFinite && m.m21.isFinite && m.m22.isFinite, "\(spring) t \(t): \(m)")
        }
        // Fast, damped springs have long settled at t = 1e6 (the exponentials underflow cleanly).
        if response <= 1, ζ >= 0.5, ζ <= 50 {
            #expect(abs(spring.value(target: 1.0, initialVelocity: 3, time: 1e6) - 1) <= handClosedFormTolerance)
            #expect(abs(spring.velocity(target: 1.0, initialVelocity: 3, time: 1e6)) <= handClosedFormTolerance)
        }
    }

    @Test("generic values are component-wise")
    func genericValuesAreComponentWise() {
        // The same scalar coefficients scale each component, in the same order of operations,
        // so a vector's components equal the scalar results bit for bit.
        for spring in [Spring.bouncy, .smooth, Spring(response: 0.4, dampingRatio: 3)] {
            let target = SpringTestVector(x: 2, y: -7), v0 = SpringTestVector(x: -1, y: 4)
            for t in [0, 0.05, 0.3, 2] {
                let x = spring.value(target: target, initialVelocity: v0, time: t)
                #expect(x.x == spring.value(target: 2.0, initialVelocity: -1, time: t))
                #expect(x.y == spring.value(target: -7.0, initialVelocity: 4, time: t))
                let v = spring.velocity(target: target, initialVelocity: v0, time: t)
                #expect(v.x == spring.velocity(target: 2.0, initialVelocity: -1, time: t))
                #expect(v.y == spring.velocity(target: -7.0, initialVelocity: 4, time: t))
            }
        }
    }

    /// Float rounds each coefficient to Float (as SwiftUI's Float conformance does): within a few
    /// Float ulps of the motion's scale. 4 ulps of Float covers the coefficient and sum roundings.
    @Test("Float values follow the Double values")
    func floatValuesFollowTheDoubleValues() {
        let floatTolerance = 4 * Double(Float.ulpOfOne)
        let spring = Spring.snappy
        let scale = SpringErrorScale.position(target: 3, initialVelocity: -2, naturalFrequency: spring.naturalFrequency)
        for t in sampleTimes(upTo: 1, count: 50) {
            let f = spring.value(target: Float(3), initialVelocity: Float(-2), time: t)
            let d = spring.value(target: 3.0, initialVelocity: -2, time: t)
            #expect(abs(Double(f) - d) <= floatTolerance * scale, "t \(t): \(f) vs \(d)")
        }
    }

    @Test("the fromValue variants shift the motion")
    func fromValueVariantsShiftTheMotion() {
        let spring = Spring.bouncy
        for t in [0, 0.1, 0.45, 3] {
            let shifted = spring.value(fromValue: 10.0, toValue: 13.0, initialVelocity: 2, time: t)
            let relative = spring.value(target: 3.0, initialVelocity: 2, time: t)
            #expect(abs(shifted - (10 + relative)) <= Self.fromValueShiftRounding)
            #expect(spring.velocity(fromValue: 10.0, toValue: 13.0, initialVelocity: 2, time: t)
                == spring.velocity(target: 3.0, initialVelocity: 2, time: t))
            #expect(spring.force(fromValue: 10.0, toValue: 13.0, initialVelocity: 2, time: t)
                == spring.force(target: 3.0, initialVelocity: 2, time: t))
        }
        let x = 11.5, v = -0.25
        let force = spring.force(fromValue: 10.0, toValue: 13.0, position: x, velocity: v)
        let expected = spring.stiffness * (13 - x) - spring.damping * v
        #expect(abs(force - expected) <= handClosedFormTolerance * abs(expected))
        #expect(spring.value(target: 5.0, time: 0) == 0)
    }
}
