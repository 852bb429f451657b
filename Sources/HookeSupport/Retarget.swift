/// A change of a motion's target: from `time` (seconds) on, the motion is pulled toward `target`.
/// The one shape of a retarget for the reference problem (`OscillatorProblem`), the trajectories of
/// `hooke eval spring` (`SpringTrajectory`) and the commands that read them.
public struct Retarget: Sendable, Hashable {
    /// When the target changes (s, finite, ≥ 0).
    public var time: Double
    /// The new target.
    public var target: Double

    public init(time: Double, target: Double) {
        self.time = time
        self.target = target
    }
}
