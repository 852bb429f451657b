// FluidSpringAnimationTests.swift — SwiftUI's `.spring` integrator: first steps by hand, the stiffness
// cap, the gap clamp, the finish rule, logical completion, merging and response blending.

import AnimationMath
import Testing

@Suite("FluidSpringAnimation")
struct FluidSpringAnimationTests {
    /// The hand computations below form the same products as the integrator, possibly in another
    /// order; a few ulps of the quantities involved (values up to ~1e4) cover that.
    static let handTolerance = 1e-12

    static let h = 1.0 / 300.0
    /// A short formula in Double ((2π/r)², a smoothstep of the response): a few roundings of the
    /// value (achieved: exact).
    static let formulaRounding = 1e-15
    /// The blend's ends are flat: a step of ε = 1e-4 into a 0.5 s blend moves the response by
    /// 3(ε/D)²·Δr = 3.6e-8 (achieved), where a slope would move it by ~1e-4.
    static let flatEndTolerance = 1e-7
    /// The new stiffness shows in the velocity right after a merge: about 20 units/s here (19.5),
    /// far above any rounding.
    static let stiffnessVisibleInVelocity = 2.0
    /// SwiftUI's finish rule for `.spring` (SpringAnimationIntegrator.md): velocity² and force² at most
    /// 0.0036, and the offset within 1 % of the distance.
    static let finishSquaredBound = 0.0036
    static let finishDistanceFraction = 0.01

    @Test("the first two steps match the rule worked by hand")
    func firstTwoStepsMatchTheRuleWorkedByHand() {
        let response = 0.5, zeta = 0.825, delta = 100.0
        let k = (2 * Double.pi / response) * (2 * Double.pi / response)
        // Step 1 from rest: f = 0, x = 0, F = kΔ, v = F/600.
        let f1 = 0.0
        let x1 = 0.0
        let force1 = -2 * k.squareRoot() * zeta * f1 + k * (delta - x1)
        let v1 = force1 / 600 + f1
        // Step 2.
        let f2 = force1 / 600 + v1
        let x2 = x1 + f2 / 300
        let force2 = -2 * k.squareRoot() * zeta * f2 + k * (delta - x2)
        let v2 = force2 / 600 + f2

        let animation = FluidSpringAnimation(response: response, dampingFraction: zeta)
        var context = AnimationContext<Double>()
        let atZero = animation.animate(value: delta, time: 0, context: &context)
        #expect(atZero == 0, "no step is taken at time 0")
        let afterOne = animation.animate(value: delta, time: 0.001, context: &context)
        #expect(afterOne.map { abs($0 - x1) <= Self.handTolerance } == true)
        #expect(abs(animation.velocity(value: delta, time: 0.001, context: context)! - v1) <= Self.handTolerance * abs(v1))
        // 0.005 s lies between the first step (1/300) and the second (2/300): one more step.
        let afterTwo = animation.animate(value: delta, time: 0.005, context: &context)
        #expect(afterTwo.map { abs($0 - x2) <= Self.handTolerance * abs(x2) } == true)
        #expect(abs(animation.velocity(value: delta, time: 0.005, context: context)! - v2) <= Self.handTolerance * abs(v2))
        #expect(x2 > 0 && v2 > v1, "sanity: the hand values describe a spring leaving rest")
    }

    /// The rule has one definition, `SpringIntegratorState.step(…, duration:)`, which `advance`, the
    /// harness's struct-of-arrays kernel and the verifier's convergence study all call. At h = 1/300
    /// it is SwiftUI's documented step with the constants 1/600 and 1/300, operation for operation:
    /// bit for bit against that formula written out here, from states away from rest.
    @Test("the free step at 1/300 s is the documented step, bit for bit")
    func theFreeStepAtOneThreeHundredthIsTheDocumentedStepBitForBit() {
        #expect((1.0 / 300.0) / 2 == 1.0 / 600.0, "halving the rounded 1/300 is exact")
        let k = SpringIntegratorState<Double>.stiffness(response: 0.37)
        let d = SpringIntegratorState<Double>.damping(stiffness: k, dampingRatio: 0.61)
        for (x0, v0, force0, delta) in [(0.0, 0.0, 0.0, 100.0), (12.5, -3.25, 917.0, 100.0), (-0.3, 41.0, -2e4, -7.0)] {
            var x = x0, v = v0, force = force0
            SpringIntegratorState<Double>.step(offset: &x, velocity: &v, force: &force, interval: delta,
                                               stiffness: k, damping: d, duration: 1.0 / 300.0)
            let f = force0 * (1.0 / 600.0) + v0
            let x1 = x0 + f * (1.0 / 300.0)
            let force1 = f * d + (delta - x1) * k
            let v1 = force1 * (1.0 / 600.0) + f
            #expect(x.bitPattern == x1.bitPattern && v.bitPattern == v1.bitPattern && force.bitPattern == force1.bitPattern)
            var (xs, vs, fs) = (x0, v0, force0)
            SpringIntegratorState<Double>.step(offset: &xs, velocity: &vs, force: &fs, interval: delta, stiffness: k, damping: d)
            #expect(xs.bitPattern == x1.bitPattern && vs.bitPattern == v1.bitPattern && fs.bitPattern == force1.bitPattern)
        }
    }

    @Test("stiffness is capped at 45000", arguments: [0.0, 0.001, 0.01, 0.02])
    func stiffnessIsCappedAt45000(response: Double) {
        // (2π/r)² exceeds 45 000 for r < 0.0296 s; the first step's velocity is k·Δ/600.
        #expect(SpringIntegratorState<Double>.stiffness(response: response) == 45_000)
        let animation = FluidSpringAnimation(response: response, dampingFraction: 1)
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 1.0, time: 0.001, context: &context)
        let v = animation.velocity(value: 1.0, time: 0.001, context: context)!
        #expect(abs(v - 45_000.0 / 600) <= Self.handTolerance * 75)
    }

    @Test("below the cap, stiffness is (2π / response)²")
    func stiffnessBelowTheCapIsTwoPiOverResponseSquared() {
        let k = SpringIntegratorState<Double>.stiffness(response: 0.1)
        #expect(abs(k - 3947.8417604357433) <= Self.formulaRounding * k, "(2π/0.1)² = 3947.84...")
    }

    @Test("a gap of more than one second restarts one frame before")
    func aGapOfMoreThanOneSecondRestartsOneFrameBefore() {
        let animation = FluidSpringAnimation(response: 0.5, dampingFraction: 0.9)
        let k = SpringIntegratorState<Double>.stiffness(response: 0.5)
        var context = AnimationContext<Double>()
        var expected = SpringIntegratorState<Double>()
        _ = animation.animate(value: 100.0, time: 0.1, context: &context)
        expected.advance(interval: 100, to: 0.1, stiffness: k, dampingRatio: 0.9)

        let jumped = animation.animate(value: 100.0, time: 5, context: &context)
        // By hand: the clock jumps to 5 − 1/60 and five steps of 1/300 s bring it to 5.
        expected.time = 5 - 1.0 / 60
        expected.advance(interval: 100, to: 5, stiffness: k, dampingRatio: 0.9)
        #expect(jumped.map { abs($0 - expected.offset) <= Self.handTolerance * 100 } == true)
        // Without the clamp, 4.9 s of integration would have settled it at 100 (finished).
        #expect(jumped.map { $0 < 50 } == true)
    }

    @Test("integration overshoots to the first step at or after the frame")
    func integrationOvershootsToTheFirstStepAtOrAfterTheFrame() {
        var state = SpringIntegratorState<Double>()
        state.advance(interval: 1, to: 0.1, stiffness: 100, dampingRatio: 1)
        #expect(state.time >= 0.1 && state.time < 0.1 + Self.h)
    }

    /// The first 60 Hz frame at which the animation returns nil.
    func finishTime(delta: Double) -> Double? {
        let animation = FluidSpringAnimation(response: 0.5, dampingFraction: 1)
        var context = AnimationContext<Double>()
        for time in frameTimes(count: 600) where animation.animate(value: delta, time: time, context: &context) == nil {
            return time
        }
        return nil
    }

    @Test("finish time depends on the magnitude of the interval")
    func finishTimeDependsOnTheMagnitudeOfTheInterval() throws {
        let small = try #require(finishTime(delta: 1))
        let large = try #require(finishTime(delta: 1000))
        #expect(large > small + 0.1, "absolute thresholds: 1000 pt settles later than 1 pt (\(small) s vs \(large) s)")

        // The rule itself, checked on a replica one frame before and at the finish frame.
        let k = SpringIntegratorState<Double>.stiffness(response: 0.5)
        for (delta, finish) in [(1.0, small), (1000.0, large)] {
            var state = SpringIntegratorState<Double>()
            for time in frameTimes(count: 600) where time < finish {
                state.advance(interval: delta, to: time, stiffness: k, dampingRatio: 1)
            }
            let before = max(state.velocity * state.velocity, state.force * state.force) <= Self.finishSquaredBound
                && abs(delta - state.offset) <= abs(Self.finishDistanceFraction * delta)
            #expect(!before)
            state.advance(interval: delta, to: finish, stiffness: k, dampingRatio: 1)
            #expect(max(state.velocity * state.velocity, state.force * state.force) <= Self.finishSquaredBound)
            #expect(abs(delta - state.offset) <= abs(Self.finishDistanceFraction * delta))
        }
    }

    @Test("a zero interval finishes at once")
    func aZeroIntervalFinishesAtOnce() {
        #expect(finishTime(delta: 0) == 0)
    }

    @Test("logically complete at the response")
    func logicallyCompleteAtTheResponse() {
        let animation = FluidSpringAnimation(response: 0.5, dampingFraction: 0.5)
        var context = AnimationContext<Double>()
        for (frame, time) in frameTimes(count: 40).enumerated() {
            _ = animation.animate(value: 10.0, time: time, context: &context)
            #expect(context.isLogicallyComplete == (frame >= 30), "frame \(frame) at \(time) s")
        }
    }

    @Test("velocity is the integrator velocity")
    func velocityIsTheIntegratorVelocity() {
        let animation = FluidSpringAnimation(response: 0.4, dampingFraction: 0.6)
        let k = SpringIntegratorState<Double>.stiffness(response: 0.4)
        var context = AnimationContext<Double>()
        var replica = SpringIntegratorState<Double>()
        for time in frameTimes(count: 20) {
            _ = animation.animate(value: 50.0, time: time, context: &context)
            replica.advance(interval: 50, to: time, stiffness: k, dampingRatio: 0.6)
        }
        #expect(animation.velocity(value: 50.0, time: 19.0 / 60, context: context) == replica.velocity)
    }

    @Test("merging keeps offset, velocity and force")
    func mergingKeepsOffsetVelocityAndForce() throws {
        let animation = FluidSpringAnimation(response: 0.5, dampingFraction: 0.7)
        let k = SpringIntegratorState<Double>.stiffness(response: 0.5)
        var context = AnimationContext<Double>()
        var replica = SpringIntegratorState<Double>()
        for time in frameTimes(count: 13) {  // up to 0.2 s
            _ = animation.animate(value: 100.0, time: time, context: &context)
            replica.advance(interval: 100, to: time, stiffness: k, dampingRatio: 0.7)
        }
        let mergeTime = 0.2
        // `value` is the interval before the change (100); the frames after it animate the new 150.
        #expect(animation.shouldMerge(previous: Animation(animation), value: 100.0, time: mergeTime, context: &context))
        #expect(replica.force != 0)
        let merged = try #require(animation.animate(value: 150.0, time: 0.25, context: &context))

        var kept = replica
        kept.time = mergeTime
        kept.advance(interval: 150, to: 0.25, stiffness: k, dampingRatio: 0.7)
        var forceDropped = replica
        forceDropped.time = mergeTime
        forceDropped.force = 0
        forceDropped.advance(interval: 150, to: 0.25, stiffness: k, dampingRatio: 0.7)

        #expect(abs(merged - kept.offset) <= Self.handTolerance * 150)
        // Dropping the force changes the offset 50 ms later by far more than rounding.
        #expect(abs(merged - forceDropped.offset) > 0.01)
        // And a merged run differs from a fresh start toward the same total.
        var fresh = AnimationContext<Double>()
        let freshValue = try #require(animation.animate(value: 150.0, time: 0.05, context: &fresh))
        #expect(abs(merged - freshValue) > 1)
    }

    @Test("merging from a timing curve samples its value and velocity with zero force")
    func mergingFromATimingCurveSamplesItsValueAndVelocityWithZeroForce() throws {
        let spring = FluidSpringAnimation(response: 0.5, dampingFraction: 1)
        let previous = Animation.linear(duration: 1)
        var context = AnimationContext<Double>()
        _ = previous.animate(value: 80.0, time: 0.5, context: &context)
        // `value` is the interval before the change (80); the new total is 200.
        #expect(spring.shouldMerge(previous: previous, value: 80.0, time: 0.5, context: &context))
        let next = try #require(spring.animate(value: 200.0, time: 0.51, context: &context))
        // The linear animation, asked about its own interval 80 at half time: offset 40, velocity 80.
        var expected = SpringIntegratorState<Double>(offset: 40, velocity: 80, force: 0, time: 0.5)
        expected.advance(interval: 200, to: 0.51, stiffness: SpringIntegratorState<Double>.stiffness(response: 0.5),
                         dampingRatio: 1)
        #expect(abs(next - expected.offset) <= Self.handTolerance * 200)
    }

    @Test("merging from a finished animation starts from its whole interval")
    func mergingFromAFinishedAnimationStartsFromItsWholeInterval() throws {
        // A linear animation finished at 0.5 s but not yet removed by a frame: at 0.6 s `animate`
        // returns nil, so it covered its whole interval (80) and the spring starts there, at rest.
        let spring = FluidSpringAnimation(response: 0.5, dampingFraction: 1)
        var context = AnimationContext<Double>()
        #expect(spring.shouldMerge(previous: .linear(duration: 0.5), value: 80.0, time: 0.6, context: &context))
        #expect(spring.animate(value: 200.0, time: 0.6, context: &context) == 80)
        #expect(spring.velocity(value: 200.0, time: 0.6, context: context) == 0)
    }

    @Test("the blend is a smoothstep from the old response to the new")
    func blendIsASmoothstepFromTheOldResponseToTheNew() {
        func r(_ time: Double, duration: Double = 0.5) -> Double {
            FluidSpringAnimation.blendedResponse(
                response: 0.2, blendInterval: 0.3, blendStart: 1, blendDuration: duration, time: time)
        }
        #expect(abs(r(1) - 0.5) <= Self.formulaRounding, "starts at the old response")
        #expect(abs(r(1.5) - 0.2) <= Self.formulaRounding, "ends at the new response")
        #expect(abs(r(1.25) - 0.35) <= Self.formulaRounding, "smoothstep(1/2) = 1/2")
        #expect(abs(r(3) - 0.2) <= Self.formulaRounding, "clamped after the blend")
        #expect(abs(r(0.5) - 0.5) <= Self.formulaRounding, "clamped before the blend")
        #expect(r(1.2, duration: 0) == 0.2, "no blend without a blend duration")
        // Zero slope at both ends: a step of ε moves the response by O(ε²).
        let epsilon = 1e-4
        #expect(abs(r(1 + epsilon) - 0.5) < Self.flatEndTolerance)
        #expect(abs(r(1.5 - epsilon) - 0.2) < Self.flatEndTolerance)
    }

    @Test("merging into a different response blends from the old stiffness")
    func mergingIntoADifferentResponseBlendsFromTheOldStiffness() throws {
        let old = FluidSpringAnimation(response: 0.5, dampingFraction: 1)
        let new = FluidSpringAnimation(response: 0.2, dampingFraction: 1, blendDuration: 1)
        var context = AnimationContext<Double>()
        for time in frameTimes(count: 7) { _ = old.animate(value: 10.0, time: time, context: &context) }
        #expect(new.shouldMerge(previous: Animation(old), value: 10.0, time: 0.1, context: &context))
        var replicaOld = SpringIntegratorState<Double>()
        for time in frameTimes(count: 7) {
            replicaOld.advance(interval: 10, to: time, stiffness: SpringIntegratorState<Double>.stiffness(response: 0.5),
                               dampingRatio: 1)
        }
        replicaOld.time = 0.1
        var replicaNew = replicaOld
        // One step just after the merge: the blended response is still 0.5 (to O(step²)).
        let value = try #require(new.animate(value: 20.0, time: 0.1 + 1e-9, context: &context))
        replicaOld.advance(interval: 20, to: 0.1 + 1e-9, stiffness: SpringIntegratorState<Double>.stiffness(response: 0.5),
                           dampingRatio: 1)
        replicaNew.advance(interval: 20, to: 0.1 + 1e-9, stiffness: SpringIntegratorState<Double>.stiffness(response: 0.2),
                           dampingRatio: 1)
        #expect(abs(value - replicaOld.offset) <= Self.handTolerance * 20)
        // One step moves the offset by (F/600 + v)/300 whatever k is; the stiffness shows in the
        // new force and so in the velocity.
        let velocity = try #require(new.velocity(value: 20.0, time: 0.1 + 1e-9, context: context))
        #expect(abs(velocity - replicaOld.velocity) <= Self.handTolerance * abs(replicaOld.velocity))
        #expect(abs(velocity - replicaNew.velocity) > Self.stiffnessVisibleInVelocity)
        // Logical completion uses the blended response: not at 0.1 + 0.2 s, but once the blend has
        // brought the response below the elapsed time.
        _ = new.animate(value: 20.0, time: 0.3, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = new.animate(value: 20.0, time: 0.6, context: &context)
        #expect(context.isLogicallyComplete)
    }
}
