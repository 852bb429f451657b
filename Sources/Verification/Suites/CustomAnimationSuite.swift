// CustomAnimationSuite.swift — a user's `CustomAnimation` through `Animation` and the `Animator`, and
// the typed state animations keep (`AnimationContext`, `AnimationState`): a user's ramp against its
// closed form alone and chained (the chain formula), with SwiftUI's defaults for what it does not
// implement (no velocity, no merge); the public `animate`/`velocity`/`shouldMerge` of `Animation` on
// a vector value against the same numbers on each component; and the laws of the state: a key never
// written reads its default, a written one reads back, a copy is a value, and a run that reuses the
// state of a finished one reads as new.

import AnimationMath
import ReferenceSolver

enum CustomAnimationSuite {
    static let name = "custom-animations"

    /// Ramps of binary-fraction times and values; Brent curves for the vector path (ulps of Δ).
    static let tolerance = Tolerance(
        name: "customAnimations", metric: "maxRelError", value: 2e-15,
        reason: "a few roundings of Δ-sized values (ramps: binary fractions, measured identical; the vector path: the curve's ulps vs Brent)")

    static let suite = VerificationSuite(
        name: name, summary: "a user's CustomAnimation through the animator; Animation on vectors; the laws of AnimationState"
    ) { _ in
        [try customCheck(), stateCheck()]
    }

    /// A user's animation: Δ·(t/d) until d, then finished. It counts its frames in its state (two
    /// keys) and implements neither `velocity` nor `shouldMerge`.
    struct Ramp: CustomAnimation {
        var duration: Double

        func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
            context.state[FrameCount.self] += 1
            context.state[LastTime.self] = time
            guard time <= duration else { return nil }
            return value.scaled(by: time / duration)
        }
    }

    enum FrameCount: AnimationStateKey { static let defaultValue = 0 }
    enum LastTime: AnimationStateKey { static let defaultValue = -1.0 }
    enum Unused: AnimationStateKey { static let defaultValue = "default" }

    static func customCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        let ramp = Animation(Ramp(duration: 1))
        // Alone, and chained by a second ramp at 0.5 (it does not merge: SwiftUI's default), on Double and a pair.
        // Chain: r = 8·clamp(t) then r += (V₂ − r)·clamp(t − 0.5), V₂ = 8 − 12 = −4 (from 0: 0 → 8 → −4).
        var alone = Animator(value: 0.0), chained = Animator(value: 0.0), pair = Animator(value: AnimatablePair(0.0, 0.0))
        alone.setValue(8, animation: ramp, at: 0)
        chained.setValue(8, animation: ramp, at: 0)
        pair.setValue(AnimatablePair(8, -4), animation: ramp, at: 0)
        var velocities = 0
        for n in 0...16 {
            let t = Double(n) / 8
            if t == 0.5 {
                chained.setValue(-4, animation: ramp, at: t)
                pair.setValue(AnimatablePair(-4, 2), animation: ramp, at: t)
            }
            let clamp = { (x: Double) in Swift.min(Swift.max(x, 0), 1) }
            var r = 8 * clamp(t)
            if t >= 0.5 { r += (-4 - r) * clamp(t - 0.5) }
            let single = alone.frame(at: t), twice = chained.frame(at: t), vector = pair.frame(at: t)
            stats.add(single.value, 8 * clamp(t), scale: 8, location: WorstCase("a user's ramp alone", time: t))
            stats.add(twice.value, t > 1.5 ? -4 : r, scale: 8, location: WorstCase("a user's ramp chained at 0.5", time: t))
            stats.add(vector.value.first, t > 1.5 ? -4 : r, scale: 8, location: WorstCase("a user's ramp on a pair, first", time: t))
            stats.add(vector.value.second, t > 1.5 ? 2 : -r / 2, scale: 8, location: WorstCase("a user's ramp on a pair, second", time: t))
            // While it runs, a user's animation "cannot say" its velocity (SwiftUI's default velocity is nil): the
            // frame's velocity is nil until the run ends (1 s alone, 1.5 s chained), zero after.
            if (single.velocity == nil) != (t <= 1) || (twice.velocity == nil) != (t <= 1.5) || (vector.velocity == nil) != (t <= 1.5) {
                velocities += 1
            }
        }
        stats.add(Double(velocities), 0, scale: 1, location: WorstCase("frames whose velocity was not nil exactly while a user's animation ran"))
        // The box: wrapping an Animation returns it; the public calls on a vector value are the
        // component-wise numbers (easeInOut vs Brent; .spring merges, a user's ramp does not).
        let ease = Animation.easeInOut(duration: 0.5)
        stats.require(Animation(ease) == ease && Animation(ramp) == ramp, WorstCase("Animation(animation) == animation"))
        var context = AnimationContext<AnimatablePair<Double, Double>>()
        for t in [0.1, 0.25, 0.4] {
            let expected = 8 * (try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: t / 0.5))
            let value = ease.animate(value: AnimatablePair(8, -16), time: t, context: &context)
            stats.add(value?.first ?? .nan, expected, scale: 8, location: WorstCase("easeInOut on a pair, first", time: t))
            stats.add(value?.second ?? .nan, -2 * expected, scale: 8, location: WorstCase("easeInOut on a pair, second", time: t))
            let velocity = ease.velocity(value: AnimatablePair(8, -16), time: t, context: context)
            let scalar = ease.velocity(value: 8.0, time: t, context: AnimationContext())
            stats.add(velocity?.second ?? .nan, -2 * (scalar ?? .nan), scale: 8, location: WorstCase("easeInOut velocity on a pair", time: t))
            stats.require(ramp.velocity(value: AnimatablePair(8, -16), time: t, context: context) == nil, WorstCase("a user's ramp velocity on a pair is nil"))
        }
        // A modifier of an animation that cannot say its velocity cannot either.
        let cannotSay = [ramp.repeatCount(2), ramp.speed(2), ramp.delay(0.1), ramp.logicallyComplete(after: 0.1)].filter {
            $0.velocity(value: 1.0, time: 0.5, context: AnimationContext()) != nil
        }
        stats.add(Double(cannotSay.count), 0, scale: 1, location: WorstCase("modifiers of a user's ramp with a velocity: \(cannotSay)"))
        var merging = AnimationContext<AnimatablePair<Double, Double>>()
        var scalarContext = AnimationContext<Double>()
        let spring = Animation.spring(response: 0.5, dampingFraction: 0.8)
        let merges = (spring.shouldMerge(previous: spring, value: AnimatablePair(1, 1), time: 0.1, context: &merging),
                      ramp.shouldMerge(previous: ramp, value: AnimatablePair(1, 1), time: 0.1, context: &merging),
                      ease.shouldMerge(previous: ease, value: 1.0, time: 0.1, context: &scalarContext))
        stats.require(merges == (true, false, false), WorstCase("shouldMerge: .spring \(merges.0), ramp \(merges.1), easeInOut \(merges.2)"))
        return gatedCheck(CheckSubject(suite: name, name: "a user's CustomAnimation alone and chained; Animation on a pair", kind: .reference,
                          source: "closed-form ramps and the chain formula (AnimationMath.docc/MergeAndChain.md); SwiftUI's CustomAnimation defaults "
                              + "(velocity nil, shouldMerge false); easeInOut from GSL Brent",
                          implementation: "Animation, Animator", quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance)
    }

    /// The laws of `AnimationState` and `AnimationContext`: defaults, read-back, `contains`, value
    /// semantics (a copy is unaffected by writes to the original and the other way round), and reuse:
    /// a second run of `repeatCount` (whose state the animator hands from the finished run to the
    /// next) plays its hand timeline from pass 0 again.
    static func stateCheck() -> CheckReport {
        var stats = ErrorStatistics()
        func law(_ holds: Bool, _ label: String) { stats.require(holds, WorstCase(label)) }
        var state = AnimationState<Double>()
        law(state[FrameCount.self] == 0 && state[LastTime.self] == -1 && !state.contains(FrameCount.self), "an empty state reads the defaults")
        state[FrameCount.self] = 3
        state[LastTime.self] = 0.5
        law(state[FrameCount.self] == 3 && state[LastTime.self] == 0.5 && state.contains(LastTime.self), "two keys read back")
        law(state[Unused.self] == "default" && !state.contains(Unused.self), "a third key never written reads its default")
        var copy = state
        copy[LastTime.self] = 2
        copy[FrameCount.self] += 1
        law(state[LastTime.self] == 0.5 && state[FrameCount.self] == 3, "a copy's writes leave the original alone")
        law(copy[LastTime.self] == 2 && copy[FrameCount.self] == 4, "the copy reads its own writes")
        state[FrameCount.self] = 7
        law(copy[FrameCount.self] == 4, "the original's writes leave the copy alone")
        let context = AnimationContext(state: copy, isLogicallyComplete: true)
        law(context.state[FrameCount.self] == 4 && context.isLogicallyComplete, "a context holds the state it was given")
        // Reuse: two runs of linear(0.25).repeatCount(2, autoreverses: false), the second after the first
        // ended, each from 0 → 4 then 4 → 8 at 1/8 s frames. A pass ends on the first frame past 0.25 s
        // (3 frames) showing the pass's end; the last pass ends the run, and the animator shows the model.
        // Twice: as written (a curve's repeat keeps its pass inline, no state on the heap), and through
        // ModifierSuite.stateKeeping — the same motion, but a base that writes its context, so the
        // repeat keeps its pass in keyed state, which the animator empties and hands to the next run.
        let ramp = Animation.linear(duration: 0.25)
        for (repeating, kind) in [(ramp.repeatCount(2, autoreverses: false), "inline pass"),
                                  (ModifierSuite.stateKeeping(ramp).repeatCount(2, autoreverses: false), "keyed state")] {
            var animator = Animator(value: 0.0)
            func run(_ animator: inout Animator<Double>, start: Double, from: Double, to: Double, _ label: String) {
                animator.setValue(to, animation: repeating, at: start)
                for j in 0...7 {
                    let t = start + Double(j) / 8
                    let local = j < 3 ? Double(j) / 8 : j == 3 ? 0.25 : j < 6 ? Double(j - 3) / 8 : 0.25
                    let expected = j >= 6 ? to : from + (to - from) * local / 0.25
                    stats.add(animator.frame(at: t).value, expected, scale: 8,
                              location: WorstCase("\(label) (\(kind)): repeatCount(2) run from \(from)", time: t))
                }
            }
            run(&animator, start: 0, from: 0, to: 4, "first run")
            run(&animator, start: 1, from: 4, to: 8, "second run, reusing the first's state")
            // A copy shares the kept state: each copy's next run still starts from pass 0, independently.
            var fork = animator
            run(&fork, start: 2, from: 8, to: 4, "copy")
            run(&animator, start: 2, from: 8, to: 6, "original beside its copy")
        }
        return gatedCheck(CheckSubject(suite: name, name: "AnimationState laws; a reused state reads as new", kind: .invariant,
                          source: CheckSource.api + ": typed state with value semantics; a new run starts from the defaults",
                          implementation: "AnimationState, Animator", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: tolerance)
    }
}
