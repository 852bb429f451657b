import AnimationMath
import ReferenceSolver

extension OscillatorProblem {
    /// The reference problem of `spring`'s motion from `from` (with `velocity`) toward `to`, whose
    /// target jumps at each retarget: what a GSL spring evaluation samples and what a
    /// recorded trace is compared with.
    package init(spring: Spring, from: Double, to: Double, velocity: Double, retargets: [Retarget]) {
        self.init(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialPosition: from,
                  initialVelocity: velocity, target: to, retargets: retargets)
    }
}
