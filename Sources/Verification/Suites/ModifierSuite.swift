// ModifierSuite.swift — delay, speed, their composition, repeatCount / repeatForever and
// logicallyComplete(after:) against timelines derived by hand from AnimationMath.docc/Modifiers.md.

import AnimationMath
import ReferenceSolver

enum ModifierSuite {
    static let name = "modifiers"

    /// A modifier only transforms time (or reverses): the result must be the base animation's
    /// value at the transformed time to a few ulps of Δ (the transformed time itself rounds).
    static let timelineTolerance = Tolerance(
        name: "modifierTimeline", metric: "maxRelError", value: 1e-15,
        reason: "measured identical: the modifiers and the hand timeline form the same times; 4 ulps of Δ allow a reordering")

    static let suite = VerificationSuite(
        name: name, summary: "delay, speed, repeatCount/repeatForever, logicallyComplete vs hand-derived timelines"
    ) { configuration in
        [timeTransformCheck(configuration), mergeTimeMapCheck(configuration), delayVelocityCheck(configuration), repeatCheck(configuration, count: 3, autoreverses: true),
         repeatCheck(configuration, count: 3, autoreverses: true, baseWritesContext: true),
         repeatCheck(configuration, count: 3, autoreverses: true, springMergesIntoContext: true),
         springInRepeatContextCheck(configuration),
         repeatCheck(configuration, count: 2, autoreverses: false), repeatVelocityCheck(configuration),
         repeatVelocityCheck(configuration, baseWritesContext: true), repeatForeverCheck(configuration), logicallyCompleteCheck()]
    }

    static let base = Animation.easeInOut(duration: 0.51)
    /// easeInOut over 0.51 s, by its definition: Δ·easeInOut(clamp(t/0.51)), nil after 0.51 — the
    /// curve from GSL's Brent root of its control points (0.42, 0)(0.58, 1), not the library's.
    static func baseValue(_ delta: Double, _ t: Double) -> Double? {
        let progress = Swift.min(Swift.max(t / 0.51, 0), 1)
        return t > 0.51 ? nil
            : delta * ((try? BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: progress)) ?? .nan)
    }

    static func timeTransformCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        let delay = configuration.delay, speed = configuration.speed
        let delta = 80.0
        var stats = ErrorStatistics()
        // (label, animation, hand-derived time map from real time to base time)
        let cases: [(String, Animation, (Double) -> Double)] = [
            ("delay(0.2)", delay(base, 0.2), { t in Swift.max(0, t - 0.2) }),
            ("speed(2)", speed(base, 2), { t in 2 * t }),
            ("speed(0.5)", speed(base, 0.5), { t in 0.5 * t }),
            ("delay(0.2).speed(2)", speed(delay(base, 0.2), 2), { t in Swift.max(0, 2 * t - 0.2) }),  // waits 0.1 s
            ("speed(2).delay(0.2)", delay(speed(base, 2), 0.2), { t in 2 * Swift.max(0, t - 0.2) }),  // waits 0.2 s
        ]
        for (label, animation, map) in cases {
            var context = AnimationContext<Double>()
            for i in 0...150 {
                let t = Double(i) / 100
                let got = animation.animate(value: delta, time: t, context: &context)
                let expected = baseValue(delta, map(t))
                if let expected {
                    stats.add(got ?? .nan, expected, scale: delta, location: WorstCase(label, time: t))
                } else if got != nil {
                    stats.add(.nan, 0, scale: delta, location: WorstCase("\(label): running after its end", time: t))
                }
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "delay, speed and their composition", kind: .reference, source: CheckSource.handTimeline, implementation: "Animation modifiers",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance)
    }

    /// delay(d)'s velocity, as Modifiers.md states it: zero while the delay runs (t < d), the base's
    /// from t = d on: for linear(duration: 0.5) toward Δ = 80 that is 0, then Δ/0.5 = 160 — at the
    /// instant the delay ends too — through `Animation.velocity` and through the animator's frames
    /// (a fresh animator per time; its combined step is a separate path).
    static func delayVelocityCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        let animation = configuration.delay(.linear(duration: 0.5), 0.25)
        let delta = 80.0
        var stats = ErrorStatistics()
        for (t, expected) in [(0.1, 0.0), (0.2, 0.0), (0.25, 160.0), (0.3, 160.0), (0.6, 160.0)] {
            let velocity = animation.velocity(value: delta, time: t, context: AnimationContext<Double>())
            stats.add(velocity ?? .nan, expected, scale: 160, location: WorstCase("Animation.velocity", time: t))
            var animator = Animator(value: 0.0)
            animator.setValue(delta, animation: animation, at: 0)
            stats.add(animator.frame(at: t).velocity ?? .nan, expected, scale: 160, location: WorstCase("the animator's frame", time: t))
        }
        return gatedCheck(CheckSubject(suite: name, name: "delay(d): velocity 0 before d, the base's from d on (animation and animator)", kind: .reference,
                          source: "Modifiers.md: held at its start with velocity zero during the delay; linear(duration: 0.5)'s slope Δ/0.5",
                          implementation: "Animation modifiers", quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance)
    }

    /// delay and speed map time through a merge as well: `.spring` under delay(0.2), speed(2) or
    /// both, merged into itself by a second change at 0.3 s (`shouldMerge`), shows at every frame
    /// what the bare `.spring` shows when driven — animate, the merge, animate — at the mapped
    /// times max(0, t − 0.2), 2t, max(0, 2t − 0.2). The `.spring`'s merge keeps its state at the
    /// merge time, so a merge told the wrong time moves every later frame.
    static func mergeTimeMapCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        let delay = configuration.delay, speed = configuration.speed
        let spring = Animation.spring(response: 0.4, dampingFraction: 0.7)
        let cases: [(String, Animation, (Double) -> Double)] = [
            ("delay(0.2)", delay(spring, 0.2), { t in Swift.max(0, t - 0.2) }),
            ("speed(2)", speed(spring, 2), { t in 2 * t }),
            ("delay(0.2).speed(2)", speed(delay(spring, 0.2), 2), { t in Swift.max(0, 2 * t - 0.2) }),
        ]
        let first = 30.0, second = 80.0, change = 0.3
        var stats = ErrorStatistics()
        for (label, animation, map) in cases {
            var modified = AnimationContext<Double>(), bare = AnimationContext<Double>()
            var merged = false
            for i in 0...90 {
                let t = Double(i) / 60
                if !merged && t >= change {
                    merged = true
                    let yes = animation.shouldMerge(previous: animation, value: second, time: t, context: &modified)
                    _ = spring.shouldMerge(previous: spring, value: second, time: map(t), context: &bare)
                    stats.require(yes, WorstCase("\(label): the same modifier of .spring merges", time: t))
                }
                let value = merged ? second : first
                let got = animation.animate(value: value, time: t, context: &modified)
                let expected = spring.animate(value: value, time: map(t), context: &bare)
                if got == nil || expected == nil {
                    stats.require(got == nil && expected == nil, WorstCase("\(label): finished \(got == nil), the bare spring \(expected == nil)", time: t))
                } else {
                    stats.add(got!, expected!, scale: second, location: WorstCase(label, time: t))
                }
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "delay and speed map time through a merge (.spring merged into itself)",
                          kind: .invariant, source: CheckSource.api + ": delay(d) and speed(s) change only the time the base animation sees "
                              + "(Modifiers.md; OpenSwiftUI's audited DelayAnimation and SpeedAnimation pass the mapped time to shouldMerge)",
                          implementation: "Animation modifiers", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance)
    }

    /// The hand-derived repeat timeline at 60 Hz: a pass lasts N = ⌊d/h⌋ + 1 frames (it ends on the
    /// first frame with local time > d, which shows the pass's end value and starts the next pass);
    /// frame n = kN + j shows pass k at local time j·h (j ≥ 1, or n = 0), frame kN (k ≥ 1) the end
    /// of pass k − 1; after the last pass the animation returns nil. With `baseWritesContext` the base
    /// is `stateKeeping(base)`, the same motion through a base that writes its context. With
    /// `springMergesIntoContext`, `.spring`s merge into the repeat's context mid-pass (as a custom
    /// animation that runs both in one context would have them): in the second pass one whose
    /// previous animation is the repeat (no response blend), in the third one over a `.spring` of
    /// another response (a blend, which takes the context's shared slot). A merge writes only the
    /// `.spring`'s own state (MergeAndChain.md), so the timeline must be the undisturbed one.
    static func repeatCheck(_ configuration: VerificationConfiguration, count: Int, autoreverses: Bool,
                            baseWritesContext: Bool = false, springMergesIntoContext: Bool = false) -> CheckReport {
        let delta = 80.0, h = 1.0 / 60, d = 0.51
        let framesPerPass = Int((d / h).rounded(.down)) + 1  // 31: d/h = 30.6, far from an integer
        let animation = configuration.repeatCount(baseWritesContext ? stateKeeping(base) : base, count, autoreverses)
        var context = AnimationContext<Double>()
        var stats = ErrorStatistics()
        var directions: [String] = []
        let totalFrames = count * framesPerPass + 5
        var t = 0.0
        for n in 0...totalFrames {
            if springMergesIntoContext && n == framesPerPass + 10 {
                _ = Animation.spring.shouldMerge(previous: animation, value: delta, time: t, context: &context)
            }
            if springMergesIntoContext && n == 2 * framesPerPass + 10 {
                _ = Animation.spring(response: 0.3, dampingFraction: 0.8, blendDuration: 0.5)
                    .shouldMerge(previous: .spring(response: 0.6, dampingFraction: 0.8), value: delta, time: t, context: &context)
            }
            let got = animation.animate(value: delta, time: t, context: &context)
            let k = n / framesPerPass, j = n % framesPerPass
            var expected: Double?
            if k >= count && !(k == count && j == 0) {
                expected = nil
            } else if k == count && j == 0 {
                expected = nil  // the last pass returns nil on this frame
            } else if j == 0 && k > 0 {
                let reversed = autoreverses && (k - 1) % 2 == 1
                expected = reversed ? 0 : delta
            } else {
                // Local time of the pass: frame times are accumulated by the caller (t += h), so
                // take the difference of the actual frame times, as the modifier does.
                let passStart = k == 0 ? 0 : frameTime(k * framesPerPass, h)
                let local = t - passStart
                let reversed = autoreverses && k % 2 == 1
                let value = baseValue(delta, local)!
                expected = reversed ? delta - value : value
                if j == framesPerPass / 2 {
                    directions.append(reversed ? "back" : "forward")
                }
            }
            if let expected {
                stats.add(got ?? .nan, expected, scale: delta, location: WorstCase("frame \(n)", time: t))
            } else if got != nil {
                stats.add(.nan, 0, scale: delta, location: WorstCase("frame \(n): still running", time: t))
            }
            t += h
        }
        let label = "repeatCount(\(count), autoreverses: \(autoreverses))" + (baseWritesContext ? " of a base that writes its context" : "")
            + (springMergesIntoContext ? " with .springs merging into its context" : "") + " timeline"
        return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference, source: CheckSource.handTimeline, implementation: "RepeatAnimation", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance,
                          detail: "passes: \(directions.joined(separator: ", ")); max error \(short(stats.maxRelative)) of Δ")
    }

    /// A `.spring` that merges with a real response blend (over a `.spring` of another response)
    /// into a context where a repeat keeps its pass inline, with no merge before it, and then runs
    /// there: the blend takes the slot the two share and the pass moves to the keyed state
    /// (AnimationContext.setFluidSpringBlend), so the spring must run exactly as the same merge and
    /// frames in a context of its own — bit for bit, the same operations on the same numbers. The
    /// other run is the library again, so this is a consistency check; the repeat's own timeline
    /// around such merges is `repeatCheck`'s.
    static func springInRepeatContextCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        let delta = 80.0, h = 1.0 / 60
        let repeated = configuration.repeatCount(base, 3, true)
        let spring = Animation.spring(response: 0.3, dampingFraction: 0.8, blendDuration: 0.5)
        let previous = Animation.spring(response: 0.6, dampingFraction: 0.8)
        var shared = AnimationContext<Double>(), own = AnimationContext<Double>()
        var t = 0.0
        for _ in 0..<10 {
            _ = repeated.animate(value: delta, time: t, context: &shared)
            t += h
        }
        _ = spring.shouldMerge(previous: previous, value: delta, time: t, context: &shared)
        _ = spring.shouldMerge(previous: previous, value: delta, time: t, context: &own)
        var stats = ErrorStatistics()
        for _ in 0..<45 {  // 0.75 s: through the 0.5 s blend and past it
            t += h
            let inShared = spring.animate(value: 2 * delta, time: t, context: &shared)
            let alone = spring.animate(value: 2 * delta, time: t, context: &own)
            stats.require(inShared == alone, WorstCase("\(String(describing: inShared)) in the repeat's context, \(String(describing: alone)) in its own", time: t))
        }
        return gatedCheck(CheckSubject(suite: name, name: ".spring blending after a merge into a repeat's context = the same spring in a context of its own",
                          kind: .consistency, source: CheckSource.library + ": the same merge and frames in a fresh AnimationContext",
                          implementation: "AnimationContext (the slot a repeat's pass shares with a .spring's blend)", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst,
                          tolerance: Tolerance(name: "sameFrames", metric: "maxAbsError", value: 0,
                                               reason: "the same operations on the same numbers: any difference is a fault"))
    }

    /// The animator's velocity through a repeat of a linear ramp (constant speed Δ/d, Apple's
    /// `linear`), `repeatCount(3, autoreverses: true)` at 60 Hz: every frame of pass k moves at
    /// ±Δ/d (− on a reversed pass), and so does the frame that ends pass k − 1, which starts pass k
    /// (AnimationMath.docc/Modifiers.md: the next pass starts at that frame's time, and its velocity
    /// there is its own at local time 0). The same through `Animation.velocity` on a context the
    /// animation's own frames have carried into each pass (the animator's combined step is a
    /// separate path). With `baseWritesContext`, the ramp through `stateKeeping`.
    static func repeatVelocityCheck(_ configuration: VerificationConfiguration, baseWritesContext: Bool = false) -> CheckReport {
        let delta = 80.0, h = 1.0 / 60, d = 0.51, count = 3
        let framesPerPass = Int((d / h).rounded(.down)) + 1
        let ramp = Animation.linear(duration: d)
        let animation = configuration.repeatCount(baseWritesContext ? stateKeeping(ramp) : ramp, count, true)
        // The library's animator (the alternative ChainingAnimator reports values only).
        var animator = Animator(value: 0.0)
        animator.setValue(delta, animation: animation, at: 0)
        var context = AnimationContext<Double>()
        var stats = ErrorStatistics()
        var t = 0.0
        for n in 0..<(count * framesPerPass) {
            let pass = n / framesPerPass
            let speed = pass % 2 == 1 ? -delta / d : delta / d
            let velocity = animator.frame(at: t).velocity
            let role = n % framesPerPass == 0 && n > 0 ? "ends pass \(pass - 1), starts pass \(pass)" : "in pass \(pass)"
            stats.add(velocity ?? .nan, speed, scale: delta / d,
                      location: WorstCase("frame \(n) (\(role)): velocity \(velocity.map { "\($0)" } ?? "nil"), expected \(speed)", time: t))
            _ = animation.animate(value: delta, time: t, context: &context)
            let own = animation.velocity(value: delta, time: t, context: context)
            stats.add(own ?? .nan, speed, scale: delta / d,
                      location: WorstCase("frame \(n) (\(role)): Animation.velocity \(own.map { "\($0)" } ?? "nil"), expected \(speed)", time: t))
            t += h
        }
        let subject = "repeatCount(3, autoreverses: true) of linear" + (baseWritesContext ? " (a base that writes its context)" : "")
        return gatedCheck(CheckSubject(suite: name, name: subject + ": velocity ±Δ/d (the animator's, Animation.velocity), pass ends included",
                                       kind: .reference, source: "timeline derived by hand: the documented repeat passes (AnimationMath.docc/Modifiers.md) of Apple's linear ramp, constant speed Δ/d",
                                       implementation: "RepeatAnimation through Animator and Animation.velocity", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance)
    }

    /// `base` wrapped in `logicallyComplete(after: 10)`: the same motion (the modifier only sets the
    /// logical-completion flag, Modifiers.md), and 10 s is past every pass, so not even the flag
    /// changes; but a base that writes its context, which the repeat must then keep per pass (a
    /// timing curve writes nothing, and the repeat may keep its pass alone). The hand timelines of
    /// the base hold unchanged.
    static func stateKeeping(_ base: Animation) -> Animation {
        base.logicallyComplete(after: 10)
    }

    /// The frame time the caller's accumulation `t += h` reaches after `n` frames.
    static func frameTime(_ n: Int, _ h: Double) -> Double {
        var t = 0.0
        for _ in 0..<n { t += h }
        return t
    }

    static func repeatForeverCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        let delta = 80.0, h = 1.0 / 60
        let framesPerPass = 31
        let animation = configuration.repeatCount(base, nil, true)
        var context = AnimationContext<Double>()
        var stats = ErrorStatistics()
        var t = 0.0
        for n in 0...(12 * framesPerPass) {
            let got = animation.animate(value: delta, time: t, context: &context)
            let k = n / framesPerPass, j = n % framesPerPass
            let expected: Double
            if j == 0 && k > 0 {
                expected = (k - 1) % 2 == 1 ? 0 : delta
            } else {
                let local = t - (k == 0 ? 0 : frameTime(k * framesPerPass, h))
                let value = baseValue(delta, local)!
                expected = k % 2 == 1 ? delta - value : value
            }
            stats.add(got ?? .nan, expected, scale: delta, location: WorstCase("frame \(n)", time: t))
            t += h
        }
        let flagged = context.isLogicallyComplete
        if flagged { stats.add(.nan, 0, scale: delta, location: WorstCase("repeatForever reported logical completion")) }
        return gatedCheck(CheckSubject(suite: name, name: "repeatForever(autoreverses: true), 12 passes", kind: .reference, source: CheckSource.handTimeline, implementation: "RepeatAnimation",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance)
    }

    static func logicallyCompleteCheck() -> CheckReport {
        // The first frame at or after `after` sets the flag; the motion itself is the base's. A
        // duration of 0 (allowed: "a finite duration ≥ 0") is logically complete from the first frame.
        var stats = ErrorStatistics()
        for after in [0, 0.1, 0.25, 0.4] {
            let animation = Animation.linear(duration: 1).logicallyComplete(after: after)
            var context = AnimationContext<Double>()
            var flaggedAt: Double?
            for i in 0...80 {
                let t = Double(i) / 60
                let value = animation.animate(value: 10.0, time: t, context: &context)
                if t <= 1 { stats.add(value ?? .nan, 10 * t, scale: 10, location: WorstCase("after \(after)", time: t)) }
                if flaggedAt == nil, context.isLogicallyComplete { flaggedAt = t }
            }
            let expected = (0...80).map { Double($0) / 60 }.first { $0 >= after }!
            stats.add(flaggedAt ?? .nan, expected, scale: 10, location: WorstCase("flag time for after \(after)"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "logicallyComplete(after:) timing", kind: .reference, source: CheckSource.handTimeline, implementation: "LogicallyCompleteAnimation",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: timelineTolerance)
    }
}
