// KeyframeSpringReferenceTests.swift — spring keyframes against the GSL reference (ReferenceSolver).

import AnimationMath
import ReferenceSolver
import Testing

/// The reference's contract is ~1e-12 of the motion's scale per segment (rk8pd at 1e-13,
/// AnimationMath.docc/AccuracyContracts.md; SpringReferenceTests measures 1e-15…1e-14); the closed
/// form is a few ulps. A chain of three
/// spring keyframes restarts the closed form at each boundary from its own state and the reference
/// resets its driver at each retarget, so per-segment errors add up over the chain; rounding of the
/// segment-relative time (t − start, one ulp of t times the velocity) adds ~1e-16. 1e-11 of the scale
/// keeps an order of margin over three segments' worth of the reference's own error, while a wrong
/// velocity hand-over at a knot (for example starting each spring from rest) misses by ~1e-1.
private let springReferenceTolerance = 1e-11

@Suite("Keyframes: spring keyframes against the GSL reference")
struct KeyframeSpringReferenceTests {
    static let springs: [(String, Spring)] = [
        ("bouncy, ζ 0.7", Spring(duration: 0.5, bounce: 0.3)),
        ("critical", Spring(duration: 0.4, bounce: 0)),
        ("overdamped, ζ 1.43", Spring(duration: 0.6, bounce: -0.3)),
        ("undamped", Spring(response: 0.5, dampingRatio: 0)),
        ("mass 2", Spring(mass: 2, stiffness: 150, damping: 12)),
    ]

    /// Three spring keyframes with the same spring and automatic start velocities are one oscillator
    /// whose target changes at the keyframe boundaries: OscillatorProblem with retargets.
    @Test("a chain of same-spring keyframes is the oscillator with piecewise targets", arguments: springs)
    func sameSpringChain(name: String, spring: Spring) throws {
        let timeline = KeyframeTimeline(initialValue: 0.25) {
            SpringKeyframe(1.0, duration: 0.3, spring: spring)
            SpringKeyframe(-0.5, duration: 0.4, spring: spring)
            SpringKeyframe(2.0, duration: 0.5, spring: spring)
        }
        #expect(timeline.duration == 1.2)
        let problem = OscillatorProblem(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
            initialPosition: 0.25, initialVelocity: 0, target: 1.0,
            retargets: [.init(time: 0.3, target: -0.5), .init(time: 0.7, target: 2.0)])
        // Sample up to just before the end (from `duration` on the value holds).
        let times = (0..<120).map { Double($0) / 100 } + [0.2999999, 0.6999999, 1.1999999]
        let reference = try OscillatorReference.solve(problem, at: times.sorted())
        let scale = 2.5  // the largest distance between a start value and a target
        let velocityScale = scale * spring.naturalFrequency
        var worstPosition = 0.0, worstVelocity = 0.0
        for (index, time) in times.sorted().enumerated() {
            worstPosition = max(worstPosition, abs(timeline.value(time: time) - reference.positions[index]) / scale)
            worstVelocity = max(worstVelocity, abs(timeline.velocity(time: time) - reference.velocities[index]) / velocityScale)
        }
        #expect(worstPosition <= springReferenceTolerance, "\(name): worst position error \(worstPosition) of the scale")
        #expect(worstVelocity <= springReferenceTolerance, "\(name): worst velocity error \(worstVelocity) of the scale")
    }

    /// A spring after a linear keyframe starts from the linear keyframe's end value and end velocity
    /// (automatic start velocity); one with an explicit start velocity starts with that.
    @Test("a spring keyframe starts from the incoming value and velocity, or its own start velocity",
          arguments: [nil, -3.0])
    func springAfterLinear(startVelocity: Double?) throws {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let timeline = KeyframeTimeline(initialValue: 0.0, keyframes: [
            .linear(LinearKeyframe(2.0, duration: 0.5)),  // ends at 2 with velocity 4
            .spring(SpringKeyframe(-1.0, duration: 0.75, spring: spring, startVelocity: startVelocity)),
        ])
        let problem = OscillatorProblem(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
            initialPosition: 2.0, initialVelocity: startVelocity ?? 4.0, target: -1.0)
        let elapsed = (0..<75).map { Double($0) / 100 }
        let reference = try OscillatorReference.solve(problem, at: elapsed)
        let scale = 3 + 4 * 0.75  // distance plus |v0|·T
        var worst = 0.0
        for (index, τ) in elapsed.enumerated() {
            worst = max(worst, abs(timeline.value(time: 0.5 + τ) - reference.positions[index]) / scale)
            worst = max(worst, abs(timeline.velocity(time: 0.5 + τ) - reference.velocities[index])
                        / (scale * spring.naturalFrequency))
        }
        #expect(worst <= springReferenceTolerance, "worst error \(worst) of the scale")
    }

    /// Without a duration the segment lasts the spring's settling duration; the value then holds
    /// where the spring is (within SwiftUI's ε = 0.001 of the unit motion from the target).
    @Test("a spring keyframe without a duration lasts its settling duration, then holds")
    func settlingDuration() throws {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let timeline = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(1.0, spring: spring) }
        #expect(timeline.duration == spring.settlingDuration)
        let end = try OscillatorReference.solve(
            OscillatorProblem(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, target: 1.0),
            at: [spring.settlingDuration])
        #expect(abs(timeline.value(time: timeline.duration) - end.positions[0]) <= springReferenceTolerance)
        #expect(abs(timeline.value(time: 10) - end.positions[0]) <= springReferenceTolerance)
        #expect(timeline.velocity(time: 10) == 0)
        // Not the target: the spring has not quite arrived (9.7e-5 short), but within SwiftUI's
        // settling envelope ε = 0.001 of the distance.
        let settlingEnvelope = 0.001
        #expect(abs(timeline.value(time: 10) - 1) < settlingEnvelope)
    }
}
