// RepeatInlineStateTests.swift — where a repeat keeps its pass (RepeatAnimation's State): inline in
// the context for a base that ignores its context, by key otherwise, and moved to the keyed state
// when a `.spring`'s blend takes the shared slot. Each case compares with the same repeat run
// undisturbed in a context of its own, so the reference is the repeat's own timeline; the results
// must be equal bit for bit (the same operations on the same numbers), hence `==`, no tolerance.

@testable import AnimationMath
import Testing

@Suite("repeat: the pass inline or by key")
struct RepeatInlineStateTests {
    static let repeated = Animation.easeOut(duration: 0.25).repeatCount(3, autoreverses: true)
    /// 120 Hz frames over the three passes and past the end (each pass lasts 0.25 s plus up to a frame).
    static let times = (0..<110).map { Double($0) / 120 }

    /// The repeat's value and velocity at each of `times` in `context`, calling `disturb` with the
    /// context before frame `at`.
    static func run(in context: inout AnimationContext<Double>, disturbingAt at: Int = -1,
                    _ disturb: (inout AnimationContext<Double>, Double) -> Void = { _, _ in }) -> [[Double?]] {
        times.indices.map { index in
            let time = times[index]
            if index == at { disturb(&context, time) }
            let value = repeated.animate(value: 10.0, time: time, context: &context)
            return [value, value == nil ? nil : repeated.velocity(value: 10.0, time: time, context: context)]
        }
    }

    @Test("a repeated timing curve keeps its pass inline: nothing on the heap")
    func timingCurveBaseIsInline() {
        var context = AnimationContext<Double>()
        let frames = Self.run(in: &context)
        #expect(frames.last == [nil, nil], "the three passes end within the frames")
        #expect(context.state.storage == nil)
        guard case .repeatPass(let pass) = context.inlineSlot else {
            Issue.record("the slot holds \(context.inlineSlot)")
            return
        }
        #expect(pass.index == 2)
        #expect(context.isLogicallyComplete, "set as the last pass finishes")
    }

    @Test("a repeated spring keeps its pass and the spring's context by key")
    func springBaseIsKeyed() {
        var context = AnimationContext<Double>()
        _ = Animation.spring(response: 0.1, dampingFraction: 1).repeatCount(2).animate(value: 1.0, time: 0.1, context: &context)
        #expect(context.state.contains(RepeatStateKey<Double>.self))
        guard case .empty = context.inlineSlot else {
            Issue.record("the slot holds \(context.inlineSlot)")
            return
        }
    }

    @Test("a spring's real blend in the slot moves the pass to the keyed state; the repeat goes on as before")
    func blendMovesThePass() {
        var undisturbed = AnimationContext<Double>()
        let expected = Self.run(in: &undisturbed)
        var context = AnimationContext<Double>()
        // In the second pass (0.4 s): a spring merging over another of a different response blends.
        let actual = Self.run(in: &context, disturbingAt: 48) { context, time in
            let merged = Animation.spring(response: 0.3, dampingFraction: 0.8, blendDuration: 0.5)
                .shouldMerge(previous: .spring(response: 0.6, dampingFraction: 0.8), value: 5.0, time: time, context: &context)
            #expect(merged)
            guard case .fluidSpringBlend(let blend) = context.inlineSlot else {
                Issue.record("the slot holds \(context.inlineSlot)")
                return
            }
            #expect(blend.interval != 0)
            #expect(context.state[RepeatStateKey<Double>.self].pass == 1)
        }
        #expect(actual == expected)
    }

    @Test("a spring merging with no blend leaves the pass inline; the repeat goes on as before")
    func noBlendKeepsThePass() {
        var undisturbed = AnimationContext<Double>()
        let expected = Self.run(in: &undisturbed)
        var context = AnimationContext<Double>()
        let actual = Self.run(in: &context, disturbingAt: 48) { context, time in
            // The repeat is the previous animation, not a spring: the blend's interval is zero.
            _ = Animation.spring.shouldMerge(previous: Self.repeated, value: 5.0, time: time, context: &context)
            guard case .repeatPass(let pass) = context.inlineSlot else {
                Issue.record("the slot holds \(context.inlineSlot)")
                return
            }
            #expect(pass.index == 1)
        }
        #expect(actual == expected)
    }

    @Test("a blending spring reads no blend from a slot that holds a repeat's pass")
    func springIgnoresARepeatPass() {
        let spring = Animation.spring(response: 0.4, dampingFraction: 0.7, blendDuration: 0.5)
        func frames(_ context: inout AnimationContext<Double>) -> [Double?] {
            Self.times.map { spring.animate(value: 3.0, time: $0, context: &context) }
        }
        var fresh = AnimationContext<Double>()
        var shared = AnimationContext<Double>()
        _ = Self.repeated.animate(value: 1.0, time: 0.3, context: &shared)
        guard case .repeatPass(let pass) = shared.inlineSlot, pass.start != 0 else {
            Issue.record("the slot holds \(shared.inlineSlot)")
            return
        }
        #expect(frames(&shared) == frames(&fresh))
    }
}
