// AnimatorSuite.swift — the animator's chain against the chain formula (curves from GSL's Brent
// root), and its `.spring` merges — with and without a response blend — against SwiftUI's rule
// evaluated by GSL (`FixedStepSpringReference`: powers of the rule's step matrix), given the same
// events and the documented merge order.

import AnimationMath
import ReferenceSolver

enum AnimatorSuite {
    static let name = "animator"

    /// Chain vs the formula with curves from GSL: the animator adds a handful of roundings of
    /// values of size Δ to the curve's own ulps.
    static let chainTolerance = Tolerance(
        name: "chainFormula", metric: "maxRelError", value: 2e-15,
        reason: "measured 3.8e-16 of Δ: a few additions of Δ-sized values on top of the curve's ulps (vs GSL Brent)")

    /// Merges vs the rule evaluated by GSL: the two evaluate the same steps in a different order
    /// (matrix powers vs sequential updates); measured ~1e-15 of the distance.
    static let mergeTolerance = Tolerance(
        name: "mergeVsRule", metric: "maxRelError", value: 4e-14,
        reason: "matrix powers (GSL BLAS) vs sequential steps round differently; measured 4.1e-15 of the distance (blend)")

    static let mergeSource = "SwiftUI's 1/300 s rule and merge order (fitted to a device recording, AnimationMath.docc/MergeAndChain.md) evaluated by GSL BLAS as step-matrix powers (FixedStepSpringReference); the rule is shared with the library, the evaluation is not"

    static let suite = VerificationSuite(name: name, summary: "the animator's chain vs the chain formula; .spring merges vs the rule evaluated by GSL") {
        configuration in
        [try chainCheck(configuration), try mergeCheck(configuration, .plain), try mergeCheck(configuration, .blended),
         try mergeCheck(configuration, .sameInstant),
         try mergeIntoChainCheck(configuration), try mergeIntoRepeatCheck(configuration),
         try kindsCheck(), kindVelocityCheck(), mergeRuleCheck(), timeShiftCheck(), zeroIntervalVelocityCheck()]
    }

    /// Two easeInOut changes, the second at s₂ while the first runs: presentation =
    /// from + r, r = a₁(V₁, t) then r += a₂(V₂ − r, t − s₂) (AnimationMath.docc/MergeAndChain.md), with a = Δ·curve(t/d).
    static func chainCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        let from = 10.0, first = 110.0, second = -40.0, s2 = 0.2, d = 0.5
        var animator = configuration.animator.make(from)
        animator.setValue(first, animation: .easeInOut(duration: d), at: 0)
        var stats = ErrorStatistics()
        var t = 0.0
        var changed = false
        func curve(_ p: Double) throws -> Double {
            try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: Swift.min(Swift.max(p, 0), 1))
        }
        var xs: [Double] = [], ys: [Double] = []
        while t <= 0.75 {
            if !changed && t >= s2 {
                animator.setValue(second, animation: .easeInOut(duration: d), at: s2)
                changed = true
            }
            let frame = animator.frame(at: t)
            let v1 = first - from, v2 = second - from
            var r: Double
            if t <= d { r = v1 * (try curve(t / d)) } else { r = v1 }
            var expected = from + r
            if changed {
                if t - s2 <= d { r += (v2 - r) * (try curve((t - s2) / d)); expected = from + r } else { expected = second }
            }
            stats.add(frame.value, expected, scale: Swift.abs(second - from) + Swift.abs(first - from),
                      location: WorstCase("easeInOut chain", time: t))
            xs.append(t); ys.append(frame.value)
            t += 1.0 / 120
        }
        return gatedCheck(CheckSubject(suite: name, name: "chain of two easeInOut changes", kind: .reference, source: CheckSource.handChain,
                          implementation: "Animator", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: chainTolerance,
                          series: [SampleSeries(name: "presentation, easeInOut chained at 0.2 s", xLabel: "t (s)",
                                                yLabel: "value", x: xs, y: ys)])
    }

    /// The merge scenarios: the first spring's response and blend duration, then the changes.
    enum MergeCase {
        /// 0 → 100, → 30 at 0.3 s, → 80 at 0.55 s, one response (0.5), no blend.
        case plain
        /// The same changes with responses 0.5 → 0.3 → 0.8, each spring's blendDuration 0.4.
        case blended
        /// 0 → 100 (response 0.5, no blend), then two changes in one instant at 0.3 s: → 30 by a spring
        /// of response 0.3 without a blend, → 60 by one of response 0.8 with blendDuration 0.4. The
        /// second merge blends from the response in effect of the spring it replaces, which has no
        /// blend of its own: its own response 0.3, even at the instant of its own merge (where a blend
        /// progress (t − blendStart)/blendDuration would be 0/0).
        case sameInstant

        var label: String {
            switch self {
            case .plain: ".spring merges vs the rule (old target up to the change)"
            case .blended: ".spring merges with a response blend vs the rule (smoothstep)"
            case .sameInstant: ".spring merged twice in one instant, the first without a blend, vs the rule"
            }
        }
        var location: String {
            switch self {
            case .plain: "merges"
            case .blended: "blended merges"
            case .sameInstant: "two merges in one instant"
            }
        }
        var first: (response: Double, blendDuration: Double) { self == .blended ? (0.5, 0.4) : (0.5, 0) }
        var changes: [(time: Double, target: Double, response: Double, blendDuration: Double)] {
            switch self {
            case .plain: [(0.3, 30, 0.5, 0), (0.55, 80, 0.5, 0)]
            case .blended: [(0.3, 30, 0.3, 0.4), (0.55, 80, 0.8, 0.4)]
            case .sameInstant: [(0.3, 30, 0.3, 0), (0.3, 60, 0.8, 0.4)]
            }
        }
    }

    /// `.spring`s merged at mid-flight changes (`MergeCase`), frames at 60 Hz, against the rule: at a
    /// change the state is advanced to the change time toward the *old* target, the clock restarts
    /// there, and the steps go toward the new one. Where the responses differ the rule's stiffness
    /// follows the running spring's smoothstep response blend frame by frame: r = r_new + (r_old −
    /// r_new)·(1 − p²(3 − 2p)), r_old the response in effect of the spring replaced (its own response
    /// when it has no blend).
    /// The response at `time` of a blend toward `response` from `response + interval`, over
    /// `duration` from `start`: the smoothstep with its progress clamped to [0, 1] (MergeAndChain.md).
    static func blendedResponse(_ response: Double, interval: Double, start: Double, duration: Double, at time: Double) -> Double {
        let p = Swift.min(Swift.max((time - start) / duration, 0), 1)
        return response + interval * (1 - p * p * (3 - 2 * p))
    }

    /// The 1/300 s rule for a `.spring` of this response: stiffness (2π/response)², capped.
    static func rule(response: Double, ζ: Double) -> FixedStepSpringReference {
        let frequency = 2 * Double.pi / response
        return FixedStepSpringReference(stiffness: Swift.min(frequency * frequency, FixedStepSpringReference.stiffnessCap), dampingRatio: ζ)
    }

    static func mergeCheck(_ configuration: VerificationConfiguration, _ mergeCase: MergeCase) throws -> CheckReport {
        let ζ = 0.7
        let changes = mergeCase.changes
        let from = 0.0, first = 100.0
        var animator = configuration.animator.make(from)
        animator.setValue(first, animation: configuration.fluidSpring(mergeCase.first.response, ζ, mergeCase.first.blendDuration), at: 0)
        var state = FixedStepSpringReference.State(), clock = 0.0, interval = first - from
        var response = mergeCase.first.response, blendDuration = mergeCase.first.blendDuration
        var blendStart = 0.0, blendInterval = 0.0
        func effectiveResponse(_ time: Double) -> Double {
            guard blendDuration > 0, blendInterval != 0 else { return response }
            return blendedResponse(response, interval: blendInterval, start: blendStart, duration: blendDuration, at: time)
        }
        func rule(_ time: Double) -> FixedStepSpringReference { Self.rule(response: effectiveResponse(time), ζ: ζ) }
        var stats = ErrorStatistics()
        var next = 0
        var xs: [Double] = [], ys: [Double] = []
        for frameIndex in 0...120 {
            let time = Double(frameIndex) / 60
            while next < changes.count, changes[next].time <= time {
                let change = changes[next]
                animator.setValue(change.target, animation: configuration.fluidSpring(change.response, ζ, change.blendDuration),
                                  at: change.time)
                let (steps, _) = FixedStepSpringReference.stepCount(from: clock, to: change.time)
                state = try rule(change.time).advance(state, toward: interval, steps: steps)
                blendInterval = effectiveResponse(change.time) - change.response
                response = change.response
                blendDuration = change.blendDuration
                blendStart = change.time
                clock = change.time
                interval = change.target - from
                next += 1
            }
            let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: time)
            state = try rule(time).advance(state, toward: interval, steps: steps)
            clock = reached
            let frame = animator.frame(at: time)
            guard animator.isAnimating else { break }  // at rest: the model, no longer the rule
            stats.add(frame.value, from + state.position, scale: 100, location: WorstCase(mergeCase.location, time: time))
            xs.append(time); ys.append(frame.value - from - state.position)
        }
        let label = mergeCase.label
        return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference, source: mergeSource, implementation: "Animator",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: mergeTolerance,
                          detail: "max \(short(stats.maxRelative)) of the distance over \(stats.count) frames",
                          series: [SampleSeries(name: label, xLabel: "t (s)", yLabel: "animator − rule", x: xs, y: ys)])
    }

    /// A `.spring` merged into the newer of two chained linear animations (0 → 100 over 1 s at 0,
    /// → 300 over 1 s at 0.25 s, → 400 by `.spring(response: 0.5, dampingFraction: 0.7)` at 0.5 s),
    /// frames at 60 Hz. The spring takes over the newer entry's state from what that entry animates:
    /// its interval V₂ − r₁, with r₁ the older entry's result at the last frame before the change
    /// (AnimationMath.docc/MergeAndChain.md), sampled as a linear motion — offset (V₂ − r₁)·e and
    /// velocity V₂ − r₁ at its elapsed time e, force 0 — and then follows the rule toward 400 − r₁(t)
    /// on the older entry's result r₁(t) = 100·min(t, 1), evaluated by GSL.
    static func mergeIntoChainCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        let first = 100.0, second = 300.0, third = 400.0, s2 = 0.25, s3 = 0.5, response = 0.5, ζ = 0.7
        var animator = configuration.animator.make(0)
        animator.setValue(first, animation: .linear(duration: 1), at: 0)
        func older(_ t: Double) -> Double { first * Swift.min(t, 1) }
        let rule = Self.rule(response: response, ζ: ζ)
        var state = FixedStepSpringReference.State(), clock = 0.0
        var lastOlder = 0.0, merged = false, chained = false
        var stats = ErrorStatistics()
        var xs: [Double] = [], ys: [Double] = []
        for frameIndex in 0...90 {
            let t = Double(frameIndex) / 60
            if !chained && t >= s2 {
                animator.setValue(second, animation: .linear(duration: 1), at: s2)
                chained = true
            }
            if !merged && t >= s3 {
                animator.setValue(third, animation: configuration.fluidSpring(response, ζ, 0), at: s3)
                let interval = second - lastOlder, elapsed = s3 - s2
                state = FixedStepSpringReference.State(position: interval * elapsed, velocity: interval, force: 0)
                clock = elapsed
                merged = true
            }
            let expected: Double
            if merged {
                let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: t - s2)
                state = try rule.advance(state, toward: third - older(t), steps: steps)
                clock = reached
                expected = older(t) + state.position
            } else if chained {
                expected = older(t) + (second - older(t)) * (t - s2)
            } else {
                expected = older(t)
            }
            let frame = animator.frame(at: t)
            guard animator.isAnimating else { break }  // at rest: the model, no longer the rule
            lastOlder = older(t)
            stats.add(frame.value, expected, scale: third, location: WorstCase("spring merged into a chain", time: t))
            xs.append(t); ys.append(frame.value - expected)
        }
        let label = ".spring merged into the newer of two chained animations vs the rule"
        return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference, source: mergeSource, implementation: "Animator",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: mergeTolerance,
                          detail: "max \(short(stats.maxRelative)) of the distance over \(stats.count) frames",
                          series: [SampleSeries(name: label, xLabel: "t (s)", yLabel: "animator − rule", x: xs, y: ys)])
    }

    /// `.spring`s merged into a running `linear(0.5).repeatCount(3, autoreverses: true)` (0 → 100 at
    /// 0; → 200 by `.spring(response: 0.5, dampingFraction: 0.7, blendDuration: 0.4)` at 0.7 s, in
    /// the reversed second pass; → 50 by a `.spring` of response 0.3 at 0.9 s), frames at 60 Hz.
    /// Up to 0.7 s the repeat's timeline by hand: 100·t/0.5, then from the frame that ends the first
    /// pass (31/60) back down. At 0.7 s the rule takes the repeat's position 63.3 and velocity −200
    /// (a linear pass of 100 in 0.5 s, backwards), force 0, with no blend (the repeat is not a spring); at 0.9 s the
    /// second spring takes the state whole and its response blends from 0.5 to 0.3 by the smoothstep
    /// (AnimationMath.docc/MergeAndChain.md), evaluated by GSL (`FixedStepSpringReference`).
    static func mergeIntoRepeatCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        let ζ = 0.7, blendDuration = 0.4, passDuration = 0.5, first = 100.0
        let firstChange = (time: 0.7, target: 200.0, response: 0.5)
        let secondChange = (time: 0.9, target: 50.0, response: 0.3)
        var animator = configuration.animator.make(0)
        animator.setValue(first, animation: configuration.repeatCount(.linear(duration: passDuration), 3, true), at: 0)
        // The first pass ends on the first frame past 0.5 s, 31/60, which starts the second one
        // (ModifierSuite's repeat timeline); both before the first change.
        let secondPassStart = 31.0 / 60
        func repeated(_ t: Double) -> Double {
            t < secondPassStart ? first * (t / passDuration) : first - first * ((t - secondPassStart) / passDuration)
        }
        let blendInterval = firstChange.response - secondChange.response
        func rule(_ time: Double) -> FixedStepSpringReference {
            Self.rule(response: time < secondChange.time ? firstChange.response
                          : blendedResponse(secondChange.response, interval: blendInterval, start: secondChange.time,
                                            duration: blendDuration, at: time), ζ: ζ)
        }
        var state = FixedStepSpringReference.State(), clock = 0.0, interval = firstChange.target, next = 0
        var stats = ErrorStatistics()
        var xs: [Double] = [], ys: [Double] = []
        for frameIndex in 0...150 {
            let t = Double(frameIndex) / 60
            if next == 0 && t >= firstChange.time {
                animator.setValue(firstChange.target, animation: configuration.fluidSpring(firstChange.response, ζ, blendDuration),
                                  at: firstChange.time)
                state = FixedStepSpringReference.State(position: repeated(firstChange.time), velocity: -first / passDuration, force: 0)
                clock = firstChange.time
                next = 1
            }
            if next == 1 && t >= secondChange.time {
                animator.setValue(secondChange.target, animation: configuration.fluidSpring(secondChange.response, ζ, blendDuration),
                                  at: secondChange.time)
                let (steps, _) = FixedStepSpringReference.stepCount(from: clock, to: secondChange.time)
                state = try rule(secondChange.time).advance(state, toward: interval, steps: steps)
                clock = secondChange.time
                interval = secondChange.target
                next = 2
            }
            let expected: Double
            if next > 0 {
                let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: t)
                state = try rule(t).advance(state, toward: interval, steps: steps)
                clock = reached
                expected = state.position
            } else {
                expected = repeated(t)
            }
            let frame = animator.frame(at: t)
            guard animator.isAnimating else { break }  // at rest: the model, no longer the rule
            stats.add(frame.value, expected, scale: firstChange.target, location: WorstCase("springs merged into a repeat", time: t))
            xs.append(t); ys.append(frame.value - expected)
        }
        let label = ".spring merged into a running repeatCount, then a blended .spring, vs the rule"
        return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference,
                          source: mergeSource + "; the repeat's timeline by hand", implementation: "Animator",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: mergeTolerance,
                          detail: "max \(short(stats.maxRelative)) of the distance over \(stats.count) frames",
                          series: [SampleSeries(name: label, xLabel: "t (s)", yLabel: "animator − rule", x: xs, y: ys)])
    }

    // MARK: Every kind of animation through the animator

    /// One change, 0 → Δ at time 0, of each library animation kind, on `Double` and on a pair
    /// (Δ, −Δ/2) (the generic path), frames at 60 Hz, against each kind's own reference: GSL Brent
    /// for the timing curves (through the documented delay and speed time maps), GSL for the
    /// interpolating spring, the repeat and logical-completion timelines by hand, and `.default` as
    /// the `.spring(response: 0.55, dampingFraction: 1)` it is documented to be, by the 1/300 s rule
    /// evaluated by GSL (`FixedStepSpringReference`, with its rest test for the end).
    static let kindsTolerance = Tolerance(
        name: "everyKindThroughAnimator", metric: "maxRelError", value: 4e-14,
        reason: "each kind's own accuracy (curves ulps vs Brent, springs ~1e-14 vs GSL, the rule ~4e-15 vs BLAS powers) plus the animator's additions")

    static let kindsSource = "per kind: GSL Brent curves through the documented delay/speed time maps; GSL for interpolatingSpring; "
        + "repeat and logicallyComplete timelines by hand; .default as spring(response: 0.55, dampingFraction: 1) by the 1/300 s rule evaluated by GSL"

    static func kindsCheck() throws -> CheckReport {
        let delta = 40.0
        func curve(_ p: Double) throws -> Double {
            try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: Swift.min(Swift.max(p, 0), 1))
        }
        let frames = (0...150).map { Double($0) / 60 }
        let spring = try OscillatorReference.solve(
            OscillatorProblem(stiffness: 100, damping: 10, initialVelocity: 1 * delta, target: delta), at: frames)
        // It ends where its documented finish rule holds (`CompletionSuite.finishInstant`).
        let springFinish = CompletionSuite.finishInstant(stiffness: 100, damping: 10, initialVelocity: 1)
        // (label, animation, expected presentation at frame n; nil: the run has ended, the model shows)
        let ease = Animation.easeInOut(duration: 0.5)
        let passFrames = 31  // linear(0.5): a pass ends on the first frame past 0.5 s, 31/60
        var cases: [(String, Animation, (Int) throws -> Double?)] = [
            ("easeInOut 0.5 s", ease, { n in frames[n] > 0.5 ? nil : delta * (try curve(frames[n] / 0.5)) }),
            ("interpolatingSpring k 100, c 10, v0 1", .interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 1),
             { n in frames[n] >= springFinish ? nil : spring.positions[n] }),
            ("easeInOut.delay(0.25)", ease.delay(0.25), { n in frames[n] > 0.75 ? nil : delta * (try curve(Swift.max(0, frames[n] - 0.25) / 0.5)) }),
            ("easeInOut.speed(2)", ease.speed(2), { n in frames[n] > 0.25 ? nil : delta * (try curve(2 * frames[n] / 0.5)) }),
            ("linear(1).logicallyComplete(after: 0.3)", Animation.linear(duration: 1).logicallyComplete(after: 0.3),
             { n in frames[n] > 1 ? nil : delta * frames[n] }),
            ("linear(0.5).repeatCount(2, autoreverses: true)", Animation.linear(duration: 0.5).repeatCount(2),
             { n in
                 if n < passFrames { return delta * frames[n] / 0.5 }
                 if n == passFrames { return delta }
                 if n < 2 * passFrames { return delta - delta * (frames[n] - frames[passFrames]) / 0.5 }
                 return nil
             }),
        ]
        // .default: the rule toward Δ, one state per frame, until the rule's rest test holds.
        let rule = FixedStepSpringReference(stiffness: FixedStepSpringReference.stiffness(response: 0.55), dampingRatio: 1)
        var states = [FixedStepSpringReference.State()]
        var clock = 0.0
        for n in 1..<frames.count {
            let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: frames[n])
            states.append(try rule.advance(states[n - 1], toward: delta, steps: steps))
            clock = reached
        }
        cases.append((".default", .default, { n in
            FixedStepSpringReference.isAtRest(states[n], interval: delta) ? nil : states[n].position }))
        var stats = ErrorStatistics()
        for (label, animation, expected) in cases {
            var scalar = Animator(value: 0.0)
            var pair = Animator(value: AnimatablePair(0.0, 0.0))
            scalar.setValue(delta, animation: animation, at: 0)
            pair.setValue(AnimatablePair(delta, -delta / 2), animation: animation, at: 0)
            for n in frames.indices {
                let value = scalar.frame(at: frames[n]).value, vector = pair.frame(at: frames[n]).value
                let want = try expected(n) ?? delta
                stats.add(value, want, scale: delta, location: WorstCase(label, time: frames[n]))
                stats.add(vector.first, want, scale: delta, location: WorstCase("\(label), pair.first", time: frames[n]))
                stats.add(vector.second, -want / 2, scale: delta, location: WorstCase("\(label), pair.second", time: frames[n]))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "every animation kind through the animator (Double and a pair)", kind: .reference,
                          source: kindsSource, implementation: "Animator", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: kindsTolerance)
    }

    /// The frame velocity of one change of each stateless kind = d/dt of the frame value, on
    /// `Double` and on a pair: Richardson-extrapolated central differences in double-double, each
    /// value from a fresh animator (`DerivativeSuite` judges the animations' own velocities; this
    /// judges the animator's combined per-kind step), and the reversed second pass of an
    /// autoreversing repeat from copies of one animator run into it. Times stay clear of every kink
    /// by more than the coarsest step.
    static func kindVelocityCheck() -> CheckReport {
        let delta = 40.0
        let ease = Animation.easeInOut(duration: 0.5)
        let cases: [(String, Animation, [Double])] = [
            ("easeInOut 0.5 s", ease, [0.05, 0.2, 0.45]),
            ("interpolatingSpring k 100, c 10, v0 1", .interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 1), [0.05, 0.3, 0.9]),
            ("easeInOut.delay(0.25), waiting and running", ease.delay(0.25), [0.1, 0.2, 0.35, 0.6]),
            ("easeInOut.speed(2)", ease.speed(2), [0.03, 0.12, 0.22]),
            ("linear(1).logicallyComplete(after: 0.3), before and after", Animation.linear(duration: 1).logicallyComplete(after: 0.3), [0.1, 0.6]),
            ("easeInOut.repeatCount(3), first pass", ease.repeatCount(3), [0.1, 0.25, 0.4]),
        ]
        var stats = ErrorStatistics()
        var worstBound = 0.0
        let reference = RichardsonDerivative(step: 0.004)
        for (label, animation, times) in cases {
            func scalarFrame(_ t: Double) -> Animator<Double>.Frame {
                var animator = Animator(value: 0.0)
                animator.setValue(delta, animation: animation, at: 0)
                return animator.frame(at: t)
            }
            func pairFrame(_ t: Double) -> Animator<AnimatablePair<Double, Double>>.Frame {
                var animator = Animator(value: AnimatablePair(0.0, 0.0))
                animator.setValue(AnimatablePair(delta, -delta / 2), animation: animation, at: 0)
                return animator.frame(at: t)
            }
            for t in times {
                let (derivative, bound) = reference.derivative(at: t, valueScale: 2 * delta) { scalarFrame($0).value }
                worstBound = Swift.max(worstBound, bound / (20 * delta))
                stats.add(scalarFrame(t).velocity ?? .nan, derivative, scale: 20 * delta, location: WorstCase(label, time: t))
                let pair = pairFrame(t).velocity
                stats.add(pair?.first ?? .nan, derivative, scale: 20 * delta, location: WorstCase("\(label), pair.first", time: t))
                stats.add(pair?.second ?? .nan, -derivative / 2, scale: 20 * delta, location: WorstCase("\(label), pair.second", time: t))
            }
        }
        // A later pass: an autoreversing repeat's second pass runs backwards. The animator runs 60 Hz
        // frames into that pass (it starts on the frame that ends the first, 31/60 s), and every
        // value the derivative needs comes from a copy of it (an animator is a value).
        let reversing = ease.repeatCount(3, autoreverses: true)
        var primed = Animator(value: 0.0)
        primed.setValue(delta, animation: reversing, at: 0)
        for n in 0...33 { _ = primed.frame(at: Double(n) / 60) }
        func reversedFrame(_ t: Double) -> Animator<Double>.Frame {
            var copy = primed
            return copy.frame(at: t)
        }
        for t in [0.65, 0.8, 0.95] {
            let (derivative, bound) = reference.derivative(at: t, valueScale: 2 * delta) { reversedFrame($0).value }
            worstBound = Swift.max(worstBound, bound / (20 * delta))
            stats.add(reversedFrame(t).velocity ?? .nan, derivative, scale: 20 * delta,
                      location: WorstCase("easeInOut.repeatCount(3, autoreverses: true), second (reversed) pass", time: t))
        }
        return gatedCheck(CheckSubject(suite: name, name: "frame velocity = d/dt frame value, every stateless kind (Double and a pair)",
                          kind: .invariant, source: DerivativeSuite.source, implementation: "Animator", quickSet: true),
                          metrics: stats.metrics() + [Metric("referenceBound", worstBound, better: .none)], worst: stats.worst,
                          tolerance: DerivativeSuite.tolerance)
    }

    /// A chained change whose remaining interval is exactly zero: linear(1) from 0 to 10 at t = 0,
    /// then 5 with linear(1) at 0.5, where the first shows exactly 5. The chain's value is
    /// 10t + (5 − 10t)(t − 0.5) for t ≥ 0.5 (older value plus the newer ramp over what remains), so
    /// its velocity is 10 − 10(t − 0.5) + (5 − 10t): 10 at 0.5 (the newer ramp covers nothing yet).
    static func zeroIntervalVelocityCheck() -> CheckReport {
        var stats = ErrorStatistics()
        var animator = Animator(value: 0.0)
        animator.setValue(10, animation: .linear(duration: 1), at: 0)
        _ = animator.frame(at: 0.25)
        animator.setValue(5, animation: .linear(duration: 1), at: 0.5)
        for t in [0.5, 0.625, 0.75] {
            let frame = animator.frame(at: t)
            stats.add(frame.value, 10 * t + (5 - 10 * t) * (t - 0.5), scale: 10, location: WorstCase("value", time: t))
            stats.add(frame.velocity ?? .nan, 10 - 10 * (t - 0.5) + (5 - 10 * t), scale: 10, location: WorstCase("velocity", time: t))
        }
        return gatedCheck(CheckSubject(suite: name, name: "a chained change with nothing left to cover: value and velocity by hand", kind: .reference,
                          source: "the chain's documented sum (older value + newer animation of what remains) for two linear ramps, differentiated by hand",
                          implementation: "Animator", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: Tolerance(name: "zeroIntervalChain", metric: "maxRelError", value: 1e-15,
                                               reason: "exact binary times and two linear ramps: a few roundings at most; measured identical"))
    }

    /// Animations run on the time since their change, so the same changes and frames shifted by
    /// 0.5 s show the same values and velocities, bit for bit (every time is a multiple of 1/64, so
    /// the differences are exact): a `.spring` change at t₀, a second `.spring` change merged into
    /// it at t₀ + 0.1875, an easeInOut change chained at t₀ + 0.375, frames every 1/64 s to t₀ + 1.5.
    static func timeShiftCheck() -> CheckReport {
        let spring = Animation.spring(response: 0.4, dampingFraction: 0.8), ease = Animation.easeInOut(duration: 0.5)
        func run(from t0: Double) -> [Animator<Double>.Frame] {
            var animator = Animator(value: 0.0)
            var frames: [Animator<Double>.Frame] = []
            for n in 0...96 {
                let t = t0 + Double(n) / 64
                if n == 0 { animator.setValue(10, animation: spring, at: t) }
                if n == 12 { animator.setValue(25, animation: spring, at: t) }
                if n == 24 { animator.setValue(5, animation: ease, at: t) }
                frames.append(animator.frame(at: t))
            }
            return frames
        }
        var stats = ErrorStatistics()
        for (n, (shifted, original)) in zip(run(from: 0.5), run(from: 0)).enumerated() {
            let t = Double(n) / 64
            stats.add(shifted.value, original.value, scale: 25, location: WorstCase("value, shifted by 0.5 s", time: t))
            stats.add(shifted.velocity ?? .nan, original.velocity ?? .nan, scale: 250, location: WorstCase("velocity, shifted by 0.5 s", time: t))
        }
        return gatedCheck(CheckSubject(suite: name, name: "the same changes and frames 0.5 s later show the same values (merge and chain)",
                          kind: .invariant, source: CheckSource.api + ": an animation sees only the time since its change",
                          implementation: "Animator", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: Tolerance(name: "timeShift", metric: "maxRelError", value: 0,
                                               reason: "every time and difference is exact (multiples of 1/64): the same numbers or a fault"))
    }

    /// Which changes merge and which chain, by the documented rules applied by hand: the `.spring`
    /// family (`.default` included) takes over whatever `.spring` runs; a delay, speed or
    /// logical-completion modifier merges only with the same modifier and parameter, and then only if
    /// its base does; timing curves, interpolating springs, repeats and a user's animation (SwiftUI's
    /// default `shouldMerge` is false) never merge. Seen as the animator's chain length after a
    /// second change at 0.1 s (1: merged, 2: chained).
    static func mergeRuleCheck() -> CheckReport {
        let spring = Animation.spring(response: 0.4, dampingFraction: 0.8), ease = Animation.easeInOut(duration: 0.5)
        let ramp = Animation(CustomAnimationSuite.Ramp(duration: 1))
        let pairs: [(String, Animation, Animation, Bool)] = [
            (".spring → .spring", spring, spring, true),
            (".default → .spring", .default, spring, true), (".spring → .default", spring, .default, true),
            ("delay(0.1) → delay(0.1) of .spring", spring.delay(0.1), spring.delay(0.1), true),
            ("delay(0.1) → delay(0.2) of .spring", spring.delay(0.1), spring.delay(0.2), false),
            ("speed(2) → speed(2) of .spring", spring.speed(2), spring.speed(2), true),
            ("speed(2) → speed(3) of .spring", spring.speed(2), spring.speed(3), false),
            ("logicallyComplete(0.2) → the same, of .spring", spring.logicallyComplete(after: 0.2), spring.logicallyComplete(after: 0.2), true),
            ("logicallyComplete(0.2) → (0.3), of .spring", spring.logicallyComplete(after: 0.2), spring.logicallyComplete(after: 0.3), false),
            ("delay(0.1) of .spring → .spring", spring.delay(0.1), spring, true),
            (".spring → delay(0.1) of .spring", spring, spring.delay(0.1), false),
            ("easeInOut → easeInOut", ease, ease, false), ("delay(0.1) of easeInOut, twice", ease.delay(0.1), ease.delay(0.1), false),
            ("interpolatingSpring, twice", .interpolatingSpring(stiffness: 100, damping: 10), .interpolatingSpring(stiffness: 100, damping: 10), false),
            ("repeatCount(2) of .spring, twice", spring.repeatCount(2), spring.repeatCount(2), false),
            ("a user's ramp, twice", ramp, ramp, false),
        ]
        var stats = ErrorStatistics()
        for (label, first, second, merges) in pairs {
            var animator = Animator(value: 0.0)
            animator.setValue(10, animation: first, at: 0)
            _ = animator.frame(at: 0.05)
            animator.setValue(20, animation: second, at: 0.1)
            stats.add(Double(animator.chainCount), merges ? 1 : 2, scale: 1, location: WorstCase("\(label): chain of \(animator.chainCount)"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "which changes merge and which chain", kind: .reference,
                          source: "SwiftUI's merge rules (Apple's spring(response:dampingFraction:blendDuration:) page; OpenSwiftUI's audited "
                              + "DelayAnimation, SpeedAnimation; CustomAnimation's default shouldMerge false) applied by hand",
                          implementation: "Animation.shouldMerge", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: Tolerance(name: "mergeOrChain", metric: "maxAbsError", value: 0,
                                               reason: "a change merges or chains: no mismatch is allowed"))
    }
}
