import AnimationMath
import HookeSupport

/// One spring's motion from `from` (with `velocity`) toward `to`, whose target jumps at each
/// retarget — `hooke eval spring`'s `exact` and `swiftui` engines. (Its `gsl` engine, the reference
/// integrator, lives with the command line, which may use GSL.)
public struct SpringTrajectory: Sendable {
    /// At `time` (> 0) the target becomes `target`.
    public typealias Retarget = HookeSupport.Retarget

    public var spring: Spring
    public var from: Double
    public var to: Double
    public var velocity: Double
    /// Times non-decreasing.
    public var retargets: [Retarget]

    public init(spring: Spring, from: Double = 0, to: Double = 1, velocity: Double = 0, retargets: [Retarget] = []) {
        self.spring = spring
        self.from = from
        self.to = to
        self.velocity = velocity
        self.retargets = retargets
    }

    /// The exact closed form, restarted at each retarget from the position and velocity it reached
    /// (`RetargetedSpring`): hands `row` the time, value and velocity at each of `times`.
    public func exact(at times: SampleTimes, _ row: (_ time: Double, _ value: Double, _ velocity: Double) throws -> Void) rethrows {
        var motion = RetargetedSpring(from: from, velocity: velocity, to: to, retargets: retargets.map { ($0.time, $0.target) })
        for time in times {
            let state = motion.sample(at: time, spring: spring)
            try row(time, state.value, state.velocity)
        }
    }

    /// The `.spring(response:dampingFraction:)` animation of this spring, as SwiftUI runs it (its
    /// 1/300 s integrator, `FluidSpringAnimation`), through the animator as a view would: the change
    /// to `to` at time 0, then each retarget as a change at its time, which merges into the running
    /// integrator (offset, velocity and force kept; its clock restarts there). It starts at rest
    /// (`velocity` is not used). A velocity the animator cannot give is `nan`.
    public func swiftUI(at times: SampleTimes, _ row: (_ time: Double, _ value: Double, _ velocity: Double) throws -> Void) rethrows {
        let animation = Animation.spring(response: spring.response, dampingFraction: spring.dampingRatio)
        var animator = Animator<Double>(value: from)
        animator.setValue(to, animation: animation, at: 0)
        var next = 0
        for time in times {
            while next < retargets.count, retargets[next].time <= time {
                animator.setValue(retargets[next].target, animation: animation, at: retargets[next].time)
                next += 1
            }
            let frame = animator.frame(at: time)
            try row(time, frame.value, frame.velocity ?? .nan)
        }
    }
}
