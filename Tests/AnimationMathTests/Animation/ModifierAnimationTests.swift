// ModifierAnimationTests.swift — delay, speed, repeat and logical completion, on timelines worked
// out by hand.

import AnimationMath
import Testing

@Suite("animation modifiers: delay, speed, repeat")
struct ModifierAnimationTests {
    /// Linear progress is one division and one multiplication: a few ulps of values ≤ 1.
    static let tolerance = 1e-12

    static func expectTimeline(_ animation: Animation, _ expected: [(time: Double, value: Double?)],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        var context = AnimationContext<Double>()
        for (time, value) in expected {
            let actual = animation.animate(value: 1.0, time: time, context: &context)
            switch (actual, value) {
            case (nil, nil): break
            case let (actual?, value?):
                #expect(abs(actual - value) <= tolerance, "at \(time) s: \(actual) instead of \(value)",
                        sourceLocation: sourceLocation)
            default:
                #expect(Bool(false), "at \(time) s: \(String(describing: actual)) instead of \(String(describing: value))",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test("delay then speed: half a second of real time")
    func delayThenSpeedDelaysHalfASecondOfRealTime() {
        // speed is outermost: base time = max(0, 2t − 1), linear over 1 s.
        Self.expectTimeline(.linear(duration: 1).delay(1).speed(2), [
            (0, 0), (0.25, 0), (0.5, 0), (0.75, 0.5), (1.0, 1.0), (1.01, nil),
        ])
    }

    @Test("speed then delay: one second")
    func speedThenDelayDelaysOneSecond() {
        // delay is outermost: base time = 2 · max(0, t − 1).
        Self.expectTimeline(.linear(duration: 1).speed(2).delay(1), [
            (0, 0), (0.5, 0), (1.0, 0), (1.25, 0.5), (1.5, 1.0), (1.51, nil),
        ])
    }

    @Test("speed scales velocity and delay holds it at zero")
    func speedScalesVelocityAndDelayHoldsItAtZero() {
        let context = AnimationContext<Double>()
        #expect(Animation.linear(duration: 1).speed(2).velocity(value: 1.0, time: 0.25, context: context) == 2)
        #expect(Animation.linear(duration: 1).delay(1).velocity(value: 1.0, time: 0.5, context: context) == 0)
        #expect(Animation.linear(duration: 1).delay(1).velocity(value: 1.0, time: 1.5, context: context) == 1)
    }

    // Repeat: linear over 0.11 s sampled at 60 Hz (frame k at k/60). By hand: a pass sees its
    // elapsed time j/60 for j = 0 (first pass only) ... 6 (0.1 s ≤ 0.11); at j = 7 (0.1167 s > 0.11)
    // the base returns nil, that frame shows the pass's end (1 forward, 0 reversed) and the next pass
    // starts at that frame. So pass p ≥ 1 covers frames 7p + 1 ... 7p + 7, each pass 7 frames, and
    // after the last pass the animation returns nil.
    static let passDuration = 0.11

    static func step(_ j: Int) -> Double { Double(j) / 60 / passDuration }

    @Test("repeatCount(2, autoreverses: true) worked by hand")
    func repeatCountTwoWithAutoreversesWorkedByHand() {
        let s = Self.step
        // Frame 14 is where the reversed pass 1 ends; it is the last pass, so that frame is already
        // nil: the motion ends at the start and the animator then jumps to the model value.
        let expected: [Double?] = [
            0, s(1), s(2), s(3), s(4), s(5), s(6), 1,                   // pass 0, forward; frame 7 ends it
            1 - s(1), 1 - s(2), 1 - s(3), 1 - s(4), 1 - s(5), 1 - s(6), // pass 1, reversed
            nil, nil,
        ]
        Self.expectTimeline(.linear(duration: Self.passDuration).repeatCount(2, autoreverses: true),
                            expected.enumerated().map { (Double($0.offset) / 60, $0.element) })
    }

    /// The rule above, for any count: frame k ≥ 1 belongs to pass p = (k − 1)/7 at j = k − 7p.
    static func expectedRepeat(frame k: Int, count: Int?, autoreverses: Bool) -> Double? {
        if k == 0 { return 0 }
        let p = (k - 1) / 7, j = k - 7 * p
        let reversed = autoreverses && p % 2 == 1
        if let count, p >= max(count, 1) { return nil }
        if j == 7 {
            if let count, p == max(count, 1) - 1 { return nil }
            return reversed ? 0 : 1
        }
        return reversed ? 1 - step(j) : step(j)
    }

    @Test("repeatCount sampled at 60 Hz", arguments: [(1, true), (1, false), (2, true), (2, false), (3, true), (3, false), (0, true), (-2, false)])
    func repeatCountSampledAtSixtyHertz(count: Int, autoreverses: Bool) {
        let frames = 7 * max(count, 1) + 3
        let expected = (0..<frames).map { (Double($0) / 60, Self.expectedRepeat(frame: $0, count: count, autoreverses: autoreverses)) }
        Self.expectTimeline(.linear(duration: Self.passDuration).repeatCount(count, autoreverses: autoreverses), expected)
        // Every pass counts: the number of non-nil frames is 7 per pass plus the first frame, minus the last end frame.
        #expect(expected.filter { $0.1 != nil }.count == 7 * max(count, 1))
    }

    @Test("repeatForever never ends", arguments: [true, false])
    func repeatForeverNeverEnds(autoreverses: Bool) {
        let expected = (0..<200).map { (Double($0) / 60, Self.expectedRepeat(frame: $0, count: nil, autoreverses: autoreverses)) }
        Self.expectTimeline(.linear(duration: Self.passDuration).repeatForever(autoreverses: autoreverses), expected)
    }

    @Test("repeat gives each pass a fresh context")
    func repeatGivesEachPassAFreshContext() {
        // A spring base needs its integrator state reset each pass: the second pass must repeat the first.
        let animation = Animation.spring(response: 0.1, dampingFraction: 1).repeatCount(2, autoreverses: false)
        var context = AnimationContext<Double>()
        var passes: [[Double]] = [[]]
        for time in frameTimes(count: 400) {
            guard let value = animation.animate(value: 1.0, time: time, context: &context) else { break }
            passes[passes.count - 1].append(value)
            if value == 1.0 { passes.append([]) }  // the end-of-pass frame shows exactly the interval
        }
        #expect(passes.count == 2)
        let first = passes[0].dropLast(), second = passes[1]
        #expect(first.count == second.count + 1, "the first pass also shows its start frame")
        for (a, b) in zip(first.dropFirst(), second) { #expect(abs(a - b) <= Self.tolerance) }
    }

    @Test("repeat is logically complete only in the last pass")
    func repeatIsLogicallyCompleteOnlyInTheLastPass() {
        let animation = Animation.spring(response: 0.1, dampingFraction: 1).repeatCount(2)
        var context = AnimationContext<Double>()
        var firstComplete: Double?
        for time in frameTimes(count: 400) {
            guard animation.animate(value: 1.0, time: time, context: &context) != nil else { break }
            if context.isLogicallyComplete, firstComplete == nil { firstComplete = time }
        }
        #expect(firstComplete.map { $0 > 0.2 } == true, "not after the first pass's 0.1 s response")
    }

    @Test("logically complete after a duration")
    func logicallyCompleteAfterADuration() {
        let animation = Animation.linear(duration: 1).logicallyComplete(after: 0.3)
        var context = AnimationContext<Double>()
        _ = animation.animate(value: 1.0, time: 0.2, context: &context)
        #expect(!context.isLogicallyComplete)
        let value = animation.animate(value: 1.0, time: 0.3, context: &context)
        #expect(context.isLogicallyComplete)
        #expect(value.map { abs($0 - 0.3) <= Self.tolerance } == true, "the motion itself is unchanged")
    }

    @Test("modifiers merge only with the same modifier and forward the transformed time")
    func modifiersMergeOnlyWithTheSameModifierAndForwardTransformedTime() {
        var context = AnimationContext<Double>()
        let spring = Animation.spring
        #expect(spring.delay(0.5).shouldMerge(previous: spring.delay(0.5), value: 1.0, time: 1, context: &context))
        #expect(!spring.delay(0.5).shouldMerge(previous: spring.delay(0.2), value: 1.0, time: 1, context: &context))
        #expect(!spring.delay(0.5).shouldMerge(previous: spring, value: 1.0, time: 1, context: &context))
        #expect(spring.speed(2).shouldMerge(previous: spring.speed(2), value: 1.0, time: 1, context: &context))
        #expect(!Animation.linear.delay(0.5).shouldMerge(previous: Animation.linear.delay(0.5), value: 1.0, time: 1,
                                                          context: &context), "the base decides")
        #expect(!spring.repeatCount(2).shouldMerge(previous: spring.repeatCount(2), value: 1.0, time: 1, context: &context))
    }

    @Test("speed forwards the sped-up time to the base's merge")
    func speedForwardsTheSpedUpTimeToTheBaseMerge() {
        // A merged `.spring` restarts its clock at the time it is given: 2 × 0.3 s under speed(2).
        let animation = Animation.spring(response: 0.5, dampingFraction: 1).speed(2)
        var context = AnimationContext<Double>()
        for time in frameTimes(count: 19) { _ = animation.animate(value: 1.0, time: time, context: &context) }
        #expect(animation.shouldMerge(previous: animation, value: 2.0, time: 0.3, context: &context))
        // Logical completion is now at base time 0.6 + 0.5 = 1.1, i.e. real time 0.55.
        _ = animation.animate(value: 2.0, time: 0.54, context: &context)
        #expect(!context.isLogicallyComplete)
        _ = animation.animate(value: 2.0, time: 0.56, context: &context)
        #expect(context.isLogicallyComplete)
    }
}
