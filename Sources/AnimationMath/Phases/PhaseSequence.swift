/// A list of phases — values — and the animation that moves into each: what SwiftUI's
/// `PhaseAnimator` cycles through, reduced to one animatable value.
///
/// Apple (developer.apple.com/documentation/swiftui/phaseanimator): "A container that animates its
/// content by automatically cycling through a collection of phases that you provide, each defining a
/// discrete step within an animation." Its `animation` closure "takes the current phase as input.
/// Return the animation to use when transitioning to the next phase. If you return nil, the
/// transition doesn't animate", default `.default`. Observed behaviour (C. Eidhof, "SwiftUI Phase
/// Animation 'Bug'", chris.eidhof.nl) is that the closure receives the phase being moved *to*; Hooke
/// therefore stores `animations[i]` as the animation of the transition *into* phase i, and the
/// transition from the last phase back to the first uses `animations[0]`.
///
/// Drive a sequence with `PhaseSequenceAnimator`.
public struct PhaseSequence<Value: VectorArithmetic> {
    /// The phases in order; never empty.
    public let phases: [Value]
    /// `animations[i]`: the animation into phase i, or `nil` for a change without animation.
    public let animations: [Animation?]

    /// Creates a sequence with one animation per phase (the animation into that phase).
    ///
    /// - Precondition: `phases` is not empty (SwiftUI logs a runtime warning and shows a placeholder)
    ///   and `animations` has one element per phase.
    public init(phases: [Value], animations: [Animation?]) {
        precondition(!phases.isEmpty, "PhaseSequence: give at least one phase")
        precondition(animations.count == phases.count,
                     "PhaseSequence: give one animation per phase (\(phases.count)), got \(animations.count)")
        self.phases = phases
        self.animations = animations
    }

    /// Creates a sequence whose animation into each phase is `animation(phase)`, SwiftUI's closure
    /// form; the default is `.default` for every transition, as in SwiftUI.
    public init(phases: [Value], animation: (Value) -> Animation? = { _ in .default }) {
        self.init(phases: phases, animations: phases.map(animation))
    }

    /// The number of phases.
    @inlinable public var count: Int { phases.count }
}

extension PhaseSequence: Sendable where Value: Sendable {}
