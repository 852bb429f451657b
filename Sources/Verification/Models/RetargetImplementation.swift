// RetargetImplementation.swift — the ways a running motion can be interrupted by a new target,
// as the continuity checks see them: Hooke's closed form restarted from the current state, and
// SwiftUI's animator (merging `.spring`s, chaining everything else). Tests add a wrong one (a
// merge that drops the velocity) to show that the continuity check catches it.

import AnimationMath

/// The state just before and just after an interruption.
public struct InterruptionState: Sendable {
    public var time: Double
    public var valueBefore: Double
    public var valueAfter: Double
    public var velocityBefore: Double
    public var velocityAfter: Double

    public init(time: Double, valueBefore: Double, valueAfter: Double, velocityBefore: Double, velocityAfter: Double) {
        self.time = time
        self.valueBefore = valueBefore
        self.valueAfter = valueAfter
        self.velocityBefore = velocityBefore
        self.velocityAfter = velocityAfter
    }
}

/// A motion from `from` toward `to`, interrupted at `events` by new targets.
public struct RetargetImplementation: Sendable {
    public var name: String
    /// Whether the velocity must be continuous too (false for animations that start with a
    /// velocity of their own, such as a linear timing curve).
    public var velocityIsContinuous: Bool
    /// Runs the motion and reports the state on both sides of each interruption.
    public var run: @Sendable (_ from: Double, _ to: Double, _ events: [(time: Double, target: Double)]) -> [InterruptionState]

    public init(name: String, velocityIsContinuous: Bool,
                run: @escaping @Sendable (Double, Double, [(time: Double, target: Double)]) -> [InterruptionState]) {
        self.name = name
        self.velocityIsContinuous = velocityIsContinuous
        self.run = run
    }

    /// The spring every standard implementation uses.
    static let spring = Spring(response: 0.5, dampingRatio: 0.7)

    /// Hooke's closed form, restarted at each event from the position and velocity it reached.
    public static let hookeRestart = RetargetImplementation(name: "hooke.Spring restart", velocityIsContinuous: true) {
        from, to, events in
        closedFormRestart(from: from, to: to, events: events, keepVelocity: true)
    }

    /// The animator with a `.spring` animation (merges: offset, velocity and force kept).
    public static let animatorSpring = RetargetImplementation(name: "Animator .spring merge", velocityIsContinuous: true) {
        from, to, events in
        animatorRun(animation: .spring(spring), from: from, to: to, events: events)
    }

    /// The animator with an interpolating spring (chains).
    public static let animatorInterpolating = RetargetImplementation(
        name: "Animator interpolatingSpring chain", velocityIsContinuous: true
    ) { from, to, events in
        animatorRun(animation: .interpolatingSpring(spring), from: from, to: to, events: events)
    }

    /// The animator with easeInOut (chains; zero start velocity, so the velocity stays continuous).
    public static let animatorEaseInOut = RetargetImplementation(
        name: "Animator easeInOut chain", velocityIsContinuous: true
    ) { from, to, events in
        animatorRun(animation: .easeInOut(duration: 0.6), from: from, to: to, events: events)
    }

    public static let standard: [RetargetImplementation] = [.hookeRestart, .animatorSpring, .animatorInterpolating, .animatorEaseInOut]

    /// The closed form restarted at each event; `keepVelocity: false` is the deliberately wrong merge.
    public static func closedFormRestart(from: Double, to: Double, events: [(time: Double, target: Double)],
                                         keepVelocity: Bool) -> [InterruptionState] {
        var start = from, velocity = 0.0, target = to, segmentStart = 0.0
        var states: [InterruptionState] = []
        for event in events {
            let elapsed = event.time - segmentStart
            let x = start + spring.value(target: target - start, initialVelocity: velocity, time: elapsed)
            let v = spring.velocity(target: target - start, initialVelocity: velocity, time: elapsed)
            start = x
            velocity = keepVelocity ? v : 0
            segmentStart = event.time
            target = event.target
            let after = start + spring.value(target: target - start, initialVelocity: velocity, time: 0)
            let afterVelocity = spring.velocity(target: target - start, initialVelocity: velocity, time: 0)
            states.append(InterruptionState(time: event.time, valueBefore: x, valueAfter: after,
                                            velocityBefore: v, velocityAfter: afterVelocity))
        }
        return states
    }

    /// The animator: frames at 60 Hz; at each event, the frame at the event time before the change
    /// and the frame at the same time after it.
    static func animatorRun(animation: Animation, from: Double, to: Double,
                            events: [(time: Double, target: Double)]) -> [InterruptionState] {
        var animator = Animator<Double>(value: from)
        animator.setValue(to, animation: animation, at: 0)
        var states: [InterruptionState] = []
        var t = 0.0
        for event in events {
            while t < event.time {
                _ = animator.frame(at: t)
                t += 1.0 / 60
            }
            let before = animator.frame(at: event.time)
            animator.setValue(event.target, animation: animation, at: event.time)
            let after = animator.frame(at: event.time)
            states.append(InterruptionState(time: event.time, valueBefore: before.value, valueAfter: after.value,
                                            velocityBefore: before.velocity ?? .nan, velocityAfter: after.velocity ?? .nan))
        }
        return states
    }
}
