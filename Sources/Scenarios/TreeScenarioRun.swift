import AnimationMath

/// What every value of a tree shows at one frame.
public struct TreeScenarioFrame: Sendable {
    public var time: Double
    /// The presentation values, in ``TreeScenario/valueNames`` order.
    public var values: [Double]
    /// The velocities, in the same order; nil where the running animations cannot give one.
    public var velocities: [Double?]
}

extension TreeScenario {
    /// Runs the tree through the scenario — each change applied before the frame at its time,
    /// resolved by ``ViewTreeAnimator`` — and hands `frame` one ``TreeScenarioFrame`` per frame, in
    /// order, as it is computed. Returns the completions that fired, one per change at most;
    /// changes after the last frame still report those that fire at once.
    public func run(_ frame: (TreeScenarioFrame) throws -> Void) rethrows -> [ScenarioCompletion] {
        var animator = ViewTreeAnimator(tree, values: initialValues)
        var next = 0
        func apply(upTo time: Double) {
            while next < changes.count, changes[next].time <= time {
                animator.apply(changes[next].set, transaction: changes[next].transaction, at: changes[next].time)
                next += 1
            }
        }
        for time in frames {
            apply(upTo: time)
            let frames = animator.frame(at: time)
            try frame(TreeScenarioFrame(time: time, values: frames.map(\.value), velocities: frames.map(\.velocity)))
        }
        apply(upTo: .infinity)
        return animator.completionEvents.map {
            ScenarioCompletion(name: completionNames[$0.id], criteria: $0.criteria, time: $0.time)
        }
    }

    /// The whole run in memory: every frame and the completions (for short scenarios and tests).
    public func run() -> (frames: [TreeScenarioFrame], completions: [ScenarioCompletion]) {
        var frames: [TreeScenarioFrame] = []
        frames.reserveCapacity(self.frames.count)
        let completions = run { frames.append($0) }
        return (frames, completions)
    }
}
