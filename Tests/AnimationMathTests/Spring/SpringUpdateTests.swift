// SpringUpdateTests.swift — the exact update and the cached state-transition matrix: many small
// steps agree with one evaluation at the total time.

import AnimationMath
import Testing

/// Each exact step rounds the state by a few ulps of its scale (the matrix entries carry ~2 ulps,
/// the products and sums ~2 more), and rounding errors add at most linearly over the steps (the
/// matrix of a damped spring does not amplify them). 1000 steps × ~4·1.1e-16 ≈ 4.4e-13; 1e-12
/// leaves about 2× margin. The undamped spring is the worst case: nothing decays.
private let steppingTolerance = 1e-12

/// The matrix of `first` followed by `next` (the product `next · first`): the test's own 2×2 product.
private func followed(_ first: SpringTransition, by next: SpringTransition) -> SpringTransition {
    SpringTransition(
        m11: next.m11 * first.m11 + next.m12 * first.m21,
        m12: next.m11 * first.m12 + next.m12 * first.m22,
        m21: next.m21 * first.m11 + next.m22 * first.m21,
        m22: next.m21 * first.m12 + next.m22 * first.m22)
}

private let steps = 1000
/// 1/1024 s: a step whose multiples are exact, so n·Δ is the same time as the single evaluation.
private let stepSize = 1.0 / 1024

private let springs: [Spring] = [
    Spring(response: 0.7, dampingRatio: 0),
    Spring.bouncy,
    Spring.smooth,
    Spring(response: 0.5, dampingRatio: 1 - 1e-12),
    Spring(response: 0.5, dampingRatio: 1 + 1e-12),
    Spring(response: 0.3, dampingRatio: 4),
    Spring(response: 2, dampingRatio: 1000),
]

@Suite("Spring: update and transition")
struct SpringUpdateTests {
    @Test("a thousand updates match one evaluation", arguments: springs)
    func thousandUpdatesMatchOneEvaluation(spring: Spring) {
        let target = 1.5, v0 = -4.0
        var value = 0.0, velocity = v0
        for _ in 0..<steps {
            spring.update(value: &value, velocity: &velocity, target: target, deltaTime: stepSize)
        }
        let total = Double(steps) * stepSize
        let ω0 = spring.naturalFrequency
        let xError = abs(value - spring.value(target: target, initialVelocity: v0, time: total))
            / SpringErrorScale.position(target: target, initialVelocity: v0, naturalFrequency: ω0)
        let vError = abs(velocity - spring.velocity(target: target, initialVelocity: v0, time: total))
            / SpringErrorScale.velocity(target: target, initialVelocity: v0, naturalFrequency: ω0)
        print("update ×\(steps) \(spring): position \(xError), velocity \(vError)")
        #expect(xError <= steppingTolerance && vError <= steppingTolerance, "\(spring): \(xError) \(vError)")
    }

    @Test("cached transition steps match one evaluation", arguments: springs)
    func cachedTransitionStepsMatchOneEvaluation(spring: Spring) {
        let step = spring.transition(deltaTime: stepSize)
        // Displacement from the target, stepped toward 0: starts at −target.
        let target = -2.0, v0 = 3.0
        var displacement = -target, velocity = v0
        var product = SpringTransition(m11: 1, m12: 0, m21: 0, m22: 1)
        for _ in 0..<steps {
            step.apply(value: &displacement, velocity: &velocity, target: 0.0)
            product = followed(product, by: step)
        }
        let total = Double(steps) * stepSize
        let ω0 = spring.naturalFrequency
        let xScale = SpringErrorScale.position(target: target, initialVelocity: v0, naturalFrequency: ω0)
        let vScale = SpringErrorScale.velocity(target: target, initialVelocity: v0, naturalFrequency: ω0)
        let xError = abs(target + displacement - spring.value(target: target, initialVelocity: v0, time: total)) / xScale
        let vError = abs(velocity - spring.velocity(target: target, initialVelocity: v0, time: total)) / vScale
        print("transition ×\(steps) \(spring): position \(xError), velocity \(vError)")
        #expect(xError <= steppingTolerance && vError <= steppingTolerance, "\(spring): \(xError) \(vError)")

        // The composed matrix equals the matrix of the total time, entry by entry, each relative
        // to its natural scale (1, 1/ω0, ω0, 1).
        let direct = spring.transition(deltaTime: total)
        let entryErrors = [
            abs(product.m11 - direct.m11), abs(product.m12 - direct.m12) * ω0,
            abs(product.m21 - direct.m21) / ω0, abs(product.m22 - direct.m22),
        ]
        #expect(entryErrors.allSatisfy { $0 <= steppingTolerance }, "\(spring): \(entryErrors)")
    }

    @Test("a transition of zero is the identity")
    func transitionOfZeroIsTheIdentity() {
        for spring in springs {
            #expect(spring.transition(deltaTime: 0) == SpringTransition(m11: 1, m12: 0, m21: 0, m22: 1))
        }
    }

    /// `update` works on the absolute value toward an absolute target: retargeting midway is just
    /// calling it with the new target, and the state stays continuous.
    @Test("update handles vectors and retargeting")
    func updateHandlesVectorsAndRetargeting() {
        let spring = Spring.snappy
        var value = SpringTestVector(x: 1, y: 2), velocity = SpringTestVector.zero
        var scalarX = 1.0, scalarVX = 0.0
        for i in 0..<600 {
            let target = i < 300 ? SpringTestVector(x: 5, y: -5) : SpringTestVector(x: -1, y: 0)
            spring.update(value: &value, velocity: &velocity, target: target, deltaTime: 1.0 / 120)
            spring.update(value: &scalarX, velocity: &scalarVX, target: target.x, deltaTime: 1.0 / 120)
        }
        // Same operations in the same order as the scalar path: bit-identical.
        #expect(value.x == scalarX && velocity.x == scalarVX)
        // Five seconds after the retarget a snappy spring has settled on the new target (2.8e-11 off).
        let settled = 1e-10
        #expect(abs(value.x + 1) < settled && abs(value.y) < settled)
    }
}
