import AnimationMath
import ReferenceSolver

// The `mixed` workload's independent reference: each sampled value replayed with the workload's
// changes (its first target at −phase, a retarget every `retargetPeriod` frames) through the
// animator's rules as AnimationMath.docc/MergeAndChain.md states them, with every animation
// evaluated by GSL instead of by the library:
//
// - the `.spring` family (SwiftUI's 1/300 s integrator, merging): the rule's steps as powers of its
//   step matrix by GSL BLAS (`FixedStepSpringReference`, as `hooke verify`'s merge check does); at a
//   change the state is advanced to the change toward the *old* interval, pinned to it if at rest
//   there, and the clock restarts at the change; the run ends at the first frame that meets the
//   finish rule (|v|, |F| ≤ 0.06 and within 1 % of the interval), showing the model from then on;
// - timing curves, alone or delayed or sped up (chaining): the chain formula
//   r = chainBase; rᵢ = rᵢ₋₁ + (Vᵢ − rᵢ₋₁)·c((t − sᵢ − delay)·speed / d), with c and its slope from
//   GSL's Brent root of the Bézier (`CurveShape.reference(at:)`), a finished older entry pinning the
//   chain to its target and the newest one ending the run; the velocity by the chain rule with the
//   exact progress c.
//
// `repeatCount` and `interpolatingSpring` values have no reference here (nil): the error column of
// `mixed` is over the other sampled values, and the legend says so.

extension MixedPopulation {
    /// How the reference evaluates one of `animations` (same index); nil: no independent reference.
    enum ReferenceAnimation: Equatable {
        /// SwiftUI's `.spring(response:dampingFraction:blendDuration:)`, merging.
        case fluidSpring(response: Double, dampingFraction: Double, blendDuration: Double)
        /// A timing curve of `duration`, started `delay` late and run `speed` times as fast, chaining.
        case curve(CurveShape, duration: Double, delay: Double, speed: Double)

        /// The library animation this stands for (a test checks it equals `animations[i]`).
        var animation: Animation {
            switch self {
            case let .fluidSpring(response, dampingFraction, blendDuration):
                return .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
            case let .curve(shape, duration, delay, speed):
                var animation = Animation.timingCurve(shape.curve, duration: duration)
                if delay != 0 { animation = animation.delay(delay) }
                if speed != 1 { animation = animation.speed(speed) }
                return animation
            }
        }
    }

    /// Per entry of `animations`: the springs' response and damping fraction from SwiftUI's
    /// definitions (`.spring` and `.smooth`: duration 0.5, bounce 0; `.snappy` bounce 0.15;
    /// `.bouncy` 0.3; `.interactiveSpring` duration 0.15, bounce 0.15, blend 0.25; ζ = 1 − bounce),
    /// the curves' control points and durations (`.easeOut`: 0.35 s).
    static let referenceAnimations: [ReferenceAnimation?] = [
        .fluidSpring(response: 0.5, dampingFraction: 1, blendDuration: 0),
        .fluidSpring(response: 0.5, dampingFraction: 1, blendDuration: 0),
        .fluidSpring(response: 0.5, dampingFraction: 0.85, blendDuration: 0),
        .fluidSpring(response: 0.5, dampingFraction: 0.7, blendDuration: 0),
        .fluidSpring(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25),
        .fluidSpring(response: 0.4, dampingFraction: 0.7, blendDuration: 0),
        .curve(.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1), duration: 0.5, delay: 0, speed: 1),
        .curve(.bezier(x1: 0, y1: 0, x2: 0.58, y2: 1), duration: 0.35, delay: 0, speed: 1),
        .curve(.linear, duration: 0.6, delay: 0, speed: 1),
        .curve(.bezier(x1: 0.2, y1: 0.9, x2: 0.3, y2: 1.2), duration: 0.45, delay: 0, speed: 1),
        .curve(.bezier(x1: 0.42, y1: 0, x2: 1, y2: 1), duration: 0.3, delay: 0.1, speed: 1),
        .curve(.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1), duration: 0.8, delay: 0, speed: 2),
        nil, // .easeOut(duration: 0.25).repeatCount(3, autoreverses: true)
        nil, // .interpolatingSpring(stiffness: 170, damping: 15)
    ]

    /// The reference's value and velocity of each of the first `count` values after `frames`
    /// frames; nil for a value whose animation has no reference.
    func referenceStates(frames: Int, frameInterval: Double) throws -> [(value: Double, velocity: Double)?] {
        try (0..<count).map { index in
            guard let animation = Self.referenceAnimations[animationIndex[index]] else { return nil }
            var value = ReferenceValue(animation: animation)
            value.change(to: firstTarget[index], at: -phase[index])
            var state = (value: 0.0, velocity: 0.0)
            for frame in 0...frames where frame > 0 {
                let time = Double(frame) * frameInterval
                if (index &- frame) % Self.retargetPeriod == 0 {
                    let sign: Double = (frame / Self.retargetPeriod) % 2 == 0 ? 1 : -1
                    value.change(to: value.model + sign * step[index], at: time)
                }
                state = try value.frame(at: time)
            }
            return state
        }
    }
}

/// One value replayed by the reference (see the file's comment).
private struct ReferenceValue {
    let animation: MixedPopulation.ReferenceAnimation
    var model = 0.0
    /// The change the run covers (zero when idle).
    var interval = 0.0
    /// The chain: cumulative target Vᵢ and start sᵢ per entry, oldest first.
    var entries: [(target: Double, start: Double)] = []
    var chainBase = 0.0
    /// The `.spring` rule's state and clock (elapsed time of the entry).
    var spring = FixedStepSpringReference.State()
    var clock = 0.0

    init(animation: MixedPopulation.ReferenceAnimation) { self.animation = animation }

    /// SwiftUI's finish rule for the 1/300 s integrator (AnimationMath.docc/SpringAnimationIntegrator.md).
    static let restSpeed = 0.06, restDistanceFraction = 0.01

    mutating func change(to newValue: Double, at time: Double) {
        guard newValue != model else { return }
        interval += newValue - model
        model = newValue
        guard let newest = entries.indices.last else {
            entries = [(interval, time)]
            chainBase = 0
            spring = FixedStepSpringReference.State()
            clock = 0
            return
        }
        switch animation {
        case let .fluidSpring(response, dampingFraction, _):
            // Merge: up to the change toward the old interval, then the clock restarts there.
            let elapsed = time - entries[newest].start
            let old = entries[newest].target
            spring = (try? advanceSpring(toward: old, to: elapsed, response: response, dampingFraction: dampingFraction)) ?? spring
            if isAtRest(spring, interval: old) { spring.position = old }
            clock = elapsed
            entries[newest].target = interval
        case .curve:
            entries.append((interval, time))
        }
    }

    mutating func frame(at time: Double) throws -> (value: Double, velocity: Double) {
        guard !entries.isEmpty else { return (model, 0) }
        switch animation {
        case let .fluidSpring(response, dampingFraction, _):
            let target = entries[0].target
            spring = try advanceSpring(toward: target, to: time - entries[0].start, response: response,
                                       dampingFraction: dampingFraction)
            if isAtRest(spring, interval: target) { return endRun() }
            return (model - interval + spring.position, spring.velocity)
        case let .curve(shape, duration, delay, speed):
            var result = chainBase, velocity = 0.0
            var index = 0
            while index < entries.count {
                let remaining = entries[index].target - result
                let elapsed = time - entries[index].start
                let baseTime = max(0, elapsed - delay) * speed
                guard baseTime <= duration else {
                    if index == entries.count - 1 { return endRun() }
                    chainBase = entries[index].target
                    result = chainBase
                    velocity = 0
                    entries.removeFirst(index + 1)
                    index = 0
                    continue
                }
                let (progress, slope) = try shape.reference(at: baseTime / duration)
                let own = elapsed < delay ? 0 : remaining * slope / duration * speed
                velocity = velocity - velocity * progress + own
                result += remaining * progress
                index += 1
            }
            return (model - interval + result, velocity)
        }
    }

    mutating func endRun() -> (value: Double, velocity: Double) {
        entries = []
        interval = 0
        chainBase = 0
        return (model, 0)
    }

    /// The rule's state advanced from `clock` to `elapsed` (whole 1/300 s steps while the clock is
    /// behind) toward `interval`.
    mutating func advanceSpring(toward interval: Double, to elapsed: Double, response: Double,
                                dampingFraction: Double) throws -> FixedStepSpringReference.State {
        let frequency = 2 * Double.pi / response
        let rule = FixedStepSpringReference(stiffness: min(frequency * frequency, 45_000), dampingRatio: dampingFraction)
        let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: elapsed)
        let state = try rule.advance(spring, toward: interval, steps: steps)
        clock = reached
        return state
    }

    func isAtRest(_ state: FixedStepSpringReference.State, interval: Double) -> Bool {
        guard max(abs(state.velocity), abs(state.force)) <= Self.restSpeed else { return false }
        let tolerance = abs(interval * Self.restDistanceFraction)
        return tolerance == 0 || abs(interval - state.position) <= tolerance
    }
}
