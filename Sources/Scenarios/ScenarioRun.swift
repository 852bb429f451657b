import AnimationMath

/// What a view shows at one frame of a scenario.
public struct ScenarioFrame: Sendable {
    public var time: Double
    /// The presentation value's components (one for a scalar scenario).
    public var value: [Double]
    /// The velocity's components, or nil where the running animations cannot give one.
    public var velocity: [Double]?
}

/// A completion of a scenario's transaction that fired.
public struct ScenarioCompletion: Sendable, Equatable {
    /// The transaction's `completion` name.
    public var name: String
    public var criteria: AnimationCompletionCriteria
    /// When the animator observed it (a frame's time, or the time of the change that fired it).
    public var time: Double
}

extension Scenario {
    /// Runs the animator through the scenario — each transaction applied before the frame at its
    /// time — and hands `frame` one `ScenarioFrame` per frame, in order, as it is computed (so a
    /// run of ten million frames takes no more memory than one). Returns the completions that
    /// fired, in order; transactions after the last frame still report those that fire at once.
    public func run(_ frame: (ScenarioFrame) throws -> Void) rethrows -> [ScenarioCompletion] {
        let events = isVector
            ? try simulate(initial: AnimatableVector(initialValue), make: { AnimatableVector($0) }, components: { $0.values }, frame)
            : try simulate(initial: initialValue[0], make: { $0[0] }, components: { [$0] }, frame)
        return events.map { ScenarioCompletion(name: completionNames[$0.id], criteria: $0.criteria, time: $0.time) }
    }

    /// The whole run in memory: every frame and the completions (for short scenarios and tests).
    public func run() -> (frames: [ScenarioFrame], completions: [ScenarioCompletion]) {
        var frames: [ScenarioFrame] = []
        frames.reserveCapacity(self.frames.count)
        let completions = run { frames.append($0) }
        return (frames, completions)
    }

    private func simulate<V: VectorArithmetic>(
        initial: V, make: ([Double]) -> V, components: (V) -> [Double], _ body: (ScenarioFrame) throws -> Void
    ) rethrows -> [AnimationCompletionEvent] {
        let dimension = initialValue.count
        /// Components padded to the scenario's length (an `AnimatableVector` may drop trailing zeros).
        func padded(_ value: V) -> [Double] {
            var list = components(value)
            if list.count < dimension { list += repeatElement(0, count: dimension - list.count) }
            return list
        }
        var animator = Animator(value: initial)
        var next = 0
        func apply(upTo time: Double) {
            while next < transactions.count, transactions[next].time <= time {
                let change = transactions[next]
                let completion = change.completionID.map { AnimationCompletion(id: $0, criteria: change.completionCriteria) }
                let transaction = Transaction(
                    animation: change.animation, disablesAnimations: change.disablesAnimations, completion: completion)
                animator.setValue(make(change.value), transaction: transaction, at: change.time)
                next += 1
            }
        }
        for time in frames {
            apply(upTo: time)
            let frame = animator.frame(at: time)
            try body(ScenarioFrame(time: frame.time, value: padded(frame.value), velocity: frame.velocity.map(padded)))
        }
        apply(upTo: .infinity)  // later transactions still report completions that fire at once
        return animator.completionEvents
    }
}
