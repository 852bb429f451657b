// TimingCurveAnimationTests.swift — Δ·curve(t/d), its velocity, the end rule and no merging.

import AnimationMath
import Testing

@Suite("TimingCurveAnimation")
struct TimingCurveAnimationTests {
    /// One division by the duration and one product on top of the curve's own evaluation.
    static let tolerance = 1e-12

    @Test("value and velocity follow the curve", arguments: [UnitCurve.linear, .easeIn, .easeOut, .easeInOut, .circularEaseInOut])
    func valueAndVelocityFollowTheCurve(curve: UnitCurve) throws {
        let animation = TimingCurveAnimation(curve: curve, duration: 0.4)
        var context = AnimationContext<Double>()
        for time in [0, 0.05, 0.13, 0.33, 0.4] {
            let value = try #require(animation.animate(value: 10.0, time: time, context: &context))
            #expect(abs(value - 10 * curve.value(at: time / 0.4)) <= Self.tolerance)
            // (Velocity at the end is left to the curve's own tests; circularEaseInOut also has a
            // vertical tangent at progress 1/2, so no sample time sits there.)
            guard time < 0.4 else { continue }
            let velocity = try #require(animation.velocity(value: 10.0, time: time, context: context))
            #expect(abs(velocity - 10 * curve.velocity(at: time / 0.4) / 0.4) <= Self.tolerance * 100)
        }
    }

    @Test("ends after its duration, not at it")
    func endsAfterItsDurationNotAtIt() throws {
        var context = AnimationContext<Double>()
        let animation = Animation.easeInOut(duration: 0.5)
        let atEnd = try #require(animation.animate(value: 3.0, time: 0.5, context: &context))
        #expect(abs(atEnd - 3) <= Self.tolerance)
        #expect(animation.animate(value: 3.0, time: 0.5 + 1e-9, context: &context) == nil)
        #expect(animation.velocity(value: 3.0, time: 0.6, context: context) == 0)
    }

    @Test("linear, halfway through the default duration")
    func linearHalfway() throws {
        var context = AnimationContext<Double>()
        let value = try #require(Animation.linear.animate(value: 8.0, time: 0.175, context: &context))
        #expect(abs(value - 4) <= Self.tolerance, "0.35 s default duration")
    }

    @Test("never merges")
    func neverMerges() {
        var context = AnimationContext<Double>()
        #expect(!Animation.easeIn.shouldMerge(previous: .easeIn, value: 1.0, time: 0.1, context: &context))
    }
}
