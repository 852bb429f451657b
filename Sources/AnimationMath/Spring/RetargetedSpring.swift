// RetargetedSpring.swift — a spring whose target jumps at given times, evaluated by restarting the
// closed form at each retarget from the position and velocity it had reached there. The motion is
// continuous in position and velocity; only the target (so the force) jumps. `hooke eval spring`'s
// exact engine and the verifier's retarget check both use this one definition, so the engine and
// the check that judges it cannot drift apart.

/// The closed form of a spring, restarted at each retarget (see the file's header).
///
/// Each segment is evaluated by the caller's `segment(displacement, initialVelocity, elapsed)`: the
/// (value, velocity) after `elapsed` of a spring that starts at zero with `initialVelocity` and moves
/// toward `displacement` — `Spring.valueAndVelocity`, or a model under test, so each caller keeps its
/// own evaluation bit for bit.
package struct RetargetedSpring {
    /// At `time` the target becomes `target`.
    package typealias Retarget = (time: Double, target: Double)

    /// The retargets, times non-decreasing.
    package let retargets: [Retarget]
    /// How many retargets have been applied (those at or before the last time sampled).
    package private(set) var applied = 0
    private var segmentStart = 0.0
    private var start: Double
    private var startVelocity: Double
    private var target: Double

    /// A motion from `from` with `velocity` toward `to` at time 0, then toward each retarget's
    /// target from its time on.
    package init(from: Double, velocity: Double, to: Double, retargets: [Retarget]) {
        self.retargets = retargets
        start = from
        startVelocity = velocity
        target = to
    }

    /// The position and velocity at `time`; times must not decrease from one call to the next.
    /// Applies the retargets at or before `time` first.
    package mutating func sample(
        at time: Double, _ segment: (_ displacement: Double, _ initialVelocity: Double, _ elapsed: Double) -> (value: Double, velocity: Double)
    ) -> (value: Double, velocity: Double) {
        while applied < retargets.count, retargets[applied].time <= time {
            restart(at: retargets[applied], segment)
        }
        let motion = segment(target - start, startVelocity, time - segmentStart)
        return (start + motion.value, motion.velocity)
    }

    /// `sample(at:_:)` with `spring`'s exact closed form.
    package mutating func sample(at time: Double, spring: Spring) -> (value: Double, velocity: Double) {
        sample(at: time) { spring.valueAndVelocity(target: $0, initialVelocity: $1, time: $2) }
    }

    private mutating func restart(at event: Retarget, _ segment: (Double, Double, Double) -> (value: Double, velocity: Double)) {
        let motion = segment(target - start, startVelocity, event.time - segmentStart)
        start += motion.value
        startVelocity = motion.velocity
        segmentStart = event.time
        target = event.target
        applied += 1
    }
}
