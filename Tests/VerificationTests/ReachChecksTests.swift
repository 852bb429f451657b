import AnimationMath
import Foundation
import ReferenceSolver
import Testing
@testable import Verification

/// An animation whose velocity is its base's scaled by (1 + 1e-6): a velocity formula that drifted.
private struct DriftedVelocity: CustomAnimation {
    var base: Animation
    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }
    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)?.scaled(by: 1 + 1e-6)
    }
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double, context: inout AnimationContext<V>) -> Bool {
        false
    }
}

@Suite("the checks that close the verifier's blind spots")
struct ReachChecksTests {
    @Test("Richardson's derivative of sin 3t is within its stated bound of 3 cos 3t, and the bound is ~1e-12")
    func richardsonWithinBound() {
        let reference = RichardsonDerivative(step: 0.02)
        for t in stride(from: 0.1, through: 2.0, by: 0.1) {
            let (derivative, bound) = reference.derivative(at: t, valueScale: 1) { sin(3 * $0) }
            #expect(Swift.abs(derivative - 3 * cos(3 * t)) <= bound, "t \(t): \(derivative) vs \(3 * cos(3 * t)), bound \(bound)")
            let usefulBound = 1e-11  // ten times the ~1e-12 the title claims: a bound loose enough to hide a 1e-9 drift fails
            #expect(bound < usefulBound, "t \(t): bound \(bound)")
        }
    }

    @Test("a velocity 1e-6 off its value's derivative fails the derivative check; the library passes")
    func driftedVelocityFails() {
        var configuration = VerificationConfiguration(quick: true)
        #expect(DerivativeSuite.animationCheck(configuration).status == .pass)
        configuration.interpolatingSpring = { Animation(DriftedVelocity(base: .interpolatingSpring(mass: $0, stiffness: $1, damping: $2, initialVelocity: $3))) }
        let check = DerivativeSuite.animationCheck(configuration)
        #expect(check.status == .fail, "\(check.detail)")
    }

    @Test("a .spring stepped at 1/240 s or without the stiffness cap fails the rule checks; the library passes")
    func integratorRuleFaults() throws {
        var configuration = VerificationConfiguration(quick: true)
        for check in try [IntegratorRuleSuite.trajectoryCheck(configuration, gaps: false),
                          IntegratorRuleSuite.trajectoryCheck(configuration, gaps: true), IntegratorRuleSuite.finishCheck(configuration)] {
            #expect(check.status == .pass, "\(check.name): \(check.detail)")
        }
        configuration.fluidSpring = { Animation(FluidSpringVariant(response: $0, dampingFraction: $1, blendDuration: $2, step: 1.0 / 240)) }
        #expect(try IntegratorRuleSuite.trajectoryCheck(configuration, gaps: true).status == .fail)
        #expect(try IntegratorRuleSuite.finishCheck(configuration).status == .fail)
        configuration.fluidSpring = { Animation(FluidSpringVariant(response: $0, dampingFraction: $1, blendDuration: $2, capsStiffness: false)) }
        #expect(try IntegratorRuleSuite.trajectoryCheck(configuration, gaps: false).status == .fail)
    }

    @Test("the rule's rest test and restart, written apart, say what SwiftUI's rule says")
    func ruleHelpers() {
        typealias Rule = FixedStepSpringReference
        #expect(Rule.isAtRest(.init(position: 99.5, velocity: 0.05, force: -0.05), interval: 100))
        #expect(!Rule.isAtRest(.init(position: 98.9, velocity: 0, force: 0), interval: 100))
        #expect(!Rule.isAtRest(.init(position: 100, velocity: 0.07, force: 0), interval: 100))
        #expect(Rule.isAtRest(.init(position: 0.3, velocity: 0, force: 0), interval: 0))
        #expect(Rule.stepCount(from: 0, to: 2).steps == 5)        // restarted at 2 − 1/60
        #expect((270...271).contains(Rule.stepCount(from: 1.1, to: 2).steps))  // 0.9 s: no restart (the sum rounds)
        #expect(Rule.stiffness(response: 0.01) == 45_000)
    }
}
