// InterpolatingSpringAnimationTests.swift — the analytic interpolating spring: hand values, the
// critically damped form for ζ ≥ 1, initial velocity, logical completion and settling.

import AnimationMath
import Foundation
import Testing

@Suite("InterpolatingSpringAnimation")
struct InterpolatingSpringAnimationTests {
    /// exp, sin and cos are within an ulp or two; the formulas add a few roundings on O(1) terms.
    static let tolerance = 1e-14

    @Test("the underdamped value, worked by hand")
    func underdampedValueWorkedByHand() throws {
        // k = 1, m = 1, c = 0.5, v₀ = 2: ω₀ = 1, ζ = 0.25, λ = 0.25, ω_d = √0.9375 = 0.968245836551854,
        // A = (0.25 − 2)/ω_d = −1.807392228230128; s(1) = 1 − e^{−0.25}(cos ω_d + A sin ω_d)
        // = 1.7183283268491327 (evaluated in double precision from these numbers).
        let spring = InterpolatingSpringAnimation(stiffness: 1, damping: 0.5, initialVelocity: 2)
        #expect(abs(spring.progress(at: 1).value - 1.7183283268491327) <= Self.tolerance)
        var context = AnimationContext<Double>()
        let value = try #require(spring.animate(value: -100.0, time: 1, context: &context))
        #expect(abs(value - -171.83283268491327) <= Self.tolerance * 100)
    }

    @Test("damping ratio of one or more uses the critical form", arguments: [20.0, 40.0, 200.0])
    func dampingRatioOfOneOrMoreUsesTheCriticalForm(damping: Double) {
        // k = 100, m = 1: ω₀ = 10, ζ = c/20 ≥ 1. SwiftUI's form ignores ζ:
        // s(0.1) = 1 − (1 + 10·0.1) e^{−1} = 1 − 2/e = 0.26424111765711533.
        let spring = InterpolatingSpringAnimation(stiffness: 100, damping: damping)
        #expect(abs(spring.progress(at: 0.1).value - 0.26424111765711533) <= Self.tolerance)
    }

    @Test("initial velocity is relative to the interval", arguments: [0.5, 1.0, 3.0])
    func initialVelocityIsRelativeToTheInterval(damping: Double) {
        let spring = InterpolatingSpringAnimation(stiffness: 1, damping: damping, initialVelocity: 2)
        var context = AnimationContext<Double>()
        #expect(abs(spring.velocity(value: -100.0, time: 0, context: context)! - -200) <= Self.tolerance * 200)
        #expect(spring.animate(value: -100.0, time: 0, context: &context) == 0)
    }

    @Test("velocity is the derivative of the value")
    func velocityIsTheDerivativeOfTheValue() {
        // Central difference with step 1e-6: truncation O(h²·s‴) ≈ 1e-12, rounding ≈ 1e-16/1e-6 = 1e-10.
        let differenceTolerance = 1e-8
        for spring in [InterpolatingSpringAnimation(stiffness: 1, damping: 0.5, initialVelocity: 2),
                       InterpolatingSpringAnimation(mass: 2, stiffness: 50, damping: 30, initialVelocity: -1)] {
            for t in [0.1, 0.7, 1.9] {
                let h = 1e-6
                let numeric = (spring.progress(at: t + h).value - spring.progress(at: t - h).value) / (2 * h)
                #expect(abs(spring.progress(at: t).velocity - numeric) <= differenceTolerance)
            }
        }
    }

    @Test("logically complete at 2π / √stiffness, ignoring mass")
    func logicallyCompleteAtTwoPiOverRootStiffnessIgnoringMass() {
        // k = 16, m = 4: SwiftUI's 2π/√k = π/2 ≈ 1.571 s, not the physical period 2π/√(k/m) = π.
        let spring = InterpolatingSpringAnimation(mass: 4, stiffness: 16, damping: 1)
        var context = AnimationContext<Double>()
        _ = spring.animate(value: 1.0, time: 1.5, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = spring.animate(value: 1.0, time: 1.6, context: &context)
        #expect(context.isLogicallyComplete)
    }

    @Test("finishes when the envelope is below ε")
    func finishesWhenTheEnvelopeIsBelowEpsilon() {
        // k = 100, c = 10: λ = 5, A = 5/ω_d = 1/√3; settled at ln((1 + A)/0.001)/5 = 1.4727003346780925 s.
        let spring = InterpolatingSpringAnimation(stiffness: 100, damping: 10)
        var context = AnimationContext<Double>()
        #expect(spring.animate(value: 1.0, time: 1.47, context: &context) != nil)
        #expect(spring.animate(value: 1.0, time: 1.475, context: &context) == nil)
    }

    @Test("critical form finishes once settled")
    func criticalFormFinishesOnceSettled() throws {
        // v₀ = −20 with ω₀ = 10: the motion first moves away from the target; it finishes settled.
        let spring = InterpolatingSpringAnimation(stiffness: 100, damping: 20, initialVelocity: -20)
        var context = AnimationContext<Double>()
        #expect(spring.animate(value: 1.0, time: 0.05, context: &context) != nil)
        let end = frameTimes(count: 200).first { spring.animate(value: 1.0, time: $0, context: &context) == nil }
        let settled = try #require(end)
        #expect(abs(1 - spring.progress(at: settled).value) <= InterpolatingSpringAnimation.settleEpsilon)
    }

    @Test("undamped never finishes")
    func undampedNeverFinishes() {
        let spring = InterpolatingSpringAnimation(stiffness: 100, damping: 0)
        var context = AnimationContext<Double>()
        #expect(spring.animate(value: 1.0, time: 1000, context: &context) != nil)
    }

    @Test("never merges")
    func neverMerges() {
        let spring = Animation.interpolatingSpring(stiffness: 100, damping: 10)
        var context = AnimationContext<Double>()
        #expect(!spring.shouldMerge(previous: spring, value: 1.0, time: 0.1, context: &context))
    }
}
