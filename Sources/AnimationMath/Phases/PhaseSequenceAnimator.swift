/// Walks an `Animator` through a `PhaseSequence`: SwiftUI's `PhaseAnimator` for one value.
///
/// ## When a transition happens
///
/// - **Start.** The value shows phase 0. In `.continuous` mode (SwiftUI's `PhaseAnimator` without a
///   trigger, "Cycles through a sequence of phases continuously") the first transition, to phase 1,
///   starts at the creation time. In `.triggered` mode ("Cycles through a sequence of phases in
///   response to changes in a specified value") nothing moves until `trigger(at:)`.
/// - **Advance.** Each transition is an animated change of the animator's model to the next phase,
///   carrying an `AnimationCompletion`. When that completion fires, the next transition starts, at the
///   time of the frame that observed it. Apple documents only that the animator cycles; observers
///   describe it as "when that animation completes, it animates to the next phase" (Eidhof,
///   "SwiftUI Phase Animation 'Bug'"), i.e. a completion handler. Hooke's default criterion is
///   `.logicallyComplete`, the default of SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`
///   — so a `.spring` transition hands over after its response while its tail still runs, and the next
///   spring merges with it (velocity kept). `.removed` (wait until the animation has finished
///   entirely) is available through `advancingOn:`. *Which one SwiftUI uses is unverified.*
///   Because completions are seen by frames, a timing-curve transition of duration d lasts from its
///   start to the first frame after d (as in the `Animator`); a transition that creates no animation
///   (its animation is `nil`, or the phase equals the current value — Eidhof: repeating a phase does
///   not hold the value) completes at once, and the next one starts at the next `frame(at:)` call
///   (which may have the same time).
/// - **Cycle.** After the last phase the sequence returns to phase 0 ("until reaching the last phase,
///   at which point the modifier loops back to the first phase", Apple, `phaseAnimator(_:trigger:…)`).
///   `.continuous` goes on forever; `.triggered` stops once it is back at phase 0, so one trigger runs
///   every phase once (Eidhof, "Phase Animator Behavior"; swiftui-lab.com, "Advanced SwiftUI
///   Animations – Part 7"). Apple's parameter text for `trigger` ("A value whose changes cause the
///   animator to use the next phase") would make each trigger advance by one phase only; the observed
///   full run is what Hooke implements.
/// - **Trigger during a run.** The run moves on to the next phase at once, interrupting the current
///   transition (its animation is interrupted by the next one in the `Animator`, which merges or
///   chains as usual). *Unverified on a device.*
///
/// - Complexity: a frame is one `Animator.frame(at:)` plus, at a transition, one `setValue`.
public struct PhaseSequenceAnimator<Value: VectorArithmetic> {
    /// How the sequence is started and whether it repeats.
    public enum Mode: Sendable, Hashable {
        /// Starts at once and cycles forever (SwiftUI's `PhaseAnimator` without a trigger).
        case continuous
        /// Waits for `trigger(at:)`, then runs every phase once and stops at phase 0.
        case triggered
    }

    /// The phases and their animations.
    public let sequence: PhaseSequence<Value>
    public let mode: Mode
    /// The completion that ends a transition.
    public let criteria: AnimationCompletionCriteria
    /// The animator that shows the value.
    public private(set) var animator: Animator<Value>
    /// The phase the value is at or moving to.
    public private(set) var phaseIndex: Int = 0
    /// Whether a transition is under way (always true in `.continuous` mode after creation).
    public private(set) var isRunning = false
    /// The start time of every transition so far, with the phase it moves to, in order.
    public private(set) var transitions: [(time: Double, phase: Int)] = []

    /// Identifies the completion of the transition under way (transition serial number).
    var currentTransition = 0

    /// Creates the animator at phase 0; in `.continuous` mode the first transition starts at `time`.
    public init(
        _ sequence: PhaseSequence<Value>, mode: Mode,
        advancingOn criteria: AnimationCompletionCriteria = .logicallyComplete, at time: Double = 0
    ) {
        self.sequence = sequence
        self.mode = mode
        self.criteria = criteria
        animator = Animator(value: sequence.phases[0])
        if mode == .continuous {
            isRunning = true
            advance(at: time)
        }
    }

    /// The phase the value is at or moving to.
    @inlinable public var phase: Value { sequence.phases[phaseIndex] }

    /// A change of the trigger at `time`: starts a run when idle, or moves on to the next phase at once
    /// during one. In `.continuous` mode a trigger also moves on at once.
    public mutating func trigger(at time: Double) {
        isRunning = true
        advance(at: time)
    }

    /// Evaluates the frame at `time` and starts the next transition if the current one completed.
    public mutating func frame(at time: Double) -> Animator<Value>.Frame {
        let frame = animator.frame(at: time)
        let completed = animator.completionEvents.contains { $0.id == currentTransition }
        animator.removeAllCompletionEvents()
        if completed, isRunning {
            if mode == .triggered, phaseIndex == 0 {
                isRunning = false
            } else {
                advance(at: frame.time)
            }
        }
        return frame
    }

    /// Starts the transition to the next phase at `time`.
    mutating func advance(at time: Double) {
        phaseIndex = phaseIndex + 1 == sequence.count ? 0 : phaseIndex + 1
        currentTransition &+= 1
        transitions.append((time, phaseIndex))
        animator.setValue(sequence.phases[phaseIndex], animation: sequence.animations[phaseIndex],
                          completion: AnimationCompletion(id: currentTransition, criteria: criteria), at: time)
    }
}
