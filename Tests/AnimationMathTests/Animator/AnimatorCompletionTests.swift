// Completion events: merged, chained, repeated, delayed and non-animated changes.

@testable import AnimationMath
import Testing

@Suite("Animator: completions")
struct AnimatorCompletionTests {
    /// Runs frames on the 1/64 clock from `first` until the animator is idle (or `last`).
    static func run(_ animator: inout Animator<Double>, from first: Int = 0, through last: Int = 2000) {
        for i in first...last {
            _ = animator.frame(at: animatorTick(i))
            if !animator.isAnimating { return }
        }
    }

    static func event(_ id: Int, _ time: Double, _ criteria: AnimationCompletionCriteria) -> AnimationCompletionEvent {
        AnimationCompletionEvent(id: id, time: time, criteria: criteria)
    }

    @Test("a single animation: logicallyComplete when it finishes (no flag), removed then too")
    func single() {
        for criteria in [AnimationCompletionCriteria.logicallyComplete, .removed] {
            var animator = Animator(value: 0.0)
            animator.setValue(1, animation: .linear(duration: 0.5), completion: AnimationCompletion(id: 7, criteria: criteria), at: 0)
            Self.run(&animator)
            // 32/64 = 0.5 still animates (t ≤ d); 33/64 returns nil.
            #expect(animator.completionEvents == [Self.event(7, animatorTick(33), criteria)])
        }
    }

    @Test("chained: each change's logicallyComplete waits for its own animation; removed waits for all")
    func chained() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .linear(duration: 0.5), completion: AnimationCompletion(id: 1), at: 0)
        Self.run(&animator, through: 8)
        animator.setValue(200, animation: .linear(duration: 0.5).logicallyComplete(after: 0.125),
                          completion: AnimationCompletion(id: 2), at: animatorTick(8))
        Self.run(&animator, from: 9, through: 16)
        animator.setValue(300, animation: .linear(duration: 0.5), completion: AnimationCompletion(id: 3, criteria: .removed), at: animatorTick(16))
        #expect(animator.chainCount == 3)
        Self.run(&animator, from: 17)
        #expect(animator.completionEvents == [
            Self.event(2, animatorTick(16), .logicallyComplete),  // 0.125 s after its start at 8/64
            Self.event(1, animatorTick(33), .logicallyComplete),  // the first curve ends
            Self.event(3, animatorTick(16 + 33), .removed),       // the newest ends: the run ends
        ])
    }

    @Test("chained: a removed completion of the first change waits for the newest animation")
    func chainedRemoved() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .linear(duration: 0.5), completion: AnimationCompletion(id: 1, criteria: .removed), at: 0)
        Self.run(&animator, through: 16)
        animator.setValue(0, animation: .linear(duration: 0.5), at: animatorTick(16))
        Self.run(&animator, from: 17)
        #expect(animator.completionEvents == [Self.event(1, animatorTick(16 + 33), .removed)])
    }

    @Test("the run ends with the newest entry: older entries still running report logical completion then")
    func olderEntryRemovedWithRun() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .linear(duration: 2), completion: AnimationCompletion(id: 1), at: 0)
        animator.setValue(200, animation: .linear(duration: 0.25), completion: AnimationCompletion(id: 2), at: 0)
        Self.run(&animator)
        #expect(animator.completionEvents == [
            Self.event(1, animatorTick(17), .logicallyComplete),
            Self.event(2, animatorTick(17), .logicallyComplete),
        ])
        #expect(animator.frame(at: animatorTick(18)).value == 200)
    }

    @Test("merged: the merged-away change completes logically at the merge; removed waits for the run")
    func merged() {
        let spring = Animation.spring(response: 0.5, dampingFraction: 1)
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: spring, completion: AnimationCompletion(id: 1), at: 0)
        Self.run(&animator, through: 8)
        animator.setValue(50, animation: spring, completion: AnimationCompletion(id: 2, criteria: .removed), at: animatorTick(8))
        #expect(animator.completionEvents == [Self.event(1, animatorTick(8), .logicallyComplete)])
        animator.removeAllCompletionEvents()
        Self.run(&animator, from: 9)
        #expect(animator.completionEvents.count == 1)
        let removed = animator.completionEvents[0]
        #expect(removed.id == 2 && removed.criteria == .removed && removed.time > animatorTick(8) + 0.5)

        // The merging change's own logicallyComplete: response 0.5 after the merge (the spring
        // restarts its logical clock there): the first frame with 8/64 + elapsed ≥ 0.5 → 40/64.
        var second = Animator(value: 0.0)
        second.setValue(100, animation: spring, completion: AnimationCompletion(id: 1, criteria: .removed), at: 0)
        Self.run(&second, through: 8)
        second.setValue(50, animation: spring, completion: AnimationCompletion(id: 2), at: animatorTick(8))
        Self.run(&second, from: 9)
        #expect(second.completionEvents.first == Self.event(2, animatorTick(40), .logicallyComplete))
        #expect(second.completionEvents.count == 2 && second.completionEvents[1].id == 1)
    }

    @Test("repeatCount(3, autoreverses:): completions fire after the last pass")
    func repeated() {
        for criteria in [AnimationCompletionCriteria.logicallyComplete, .removed] {
            var animator = Animator(value: 0.0)
            let animation = Animation.linear(duration: 0.5).repeatCount(3, autoreverses: true)
            animator.setValue(10, animation: animation, completion: AnimationCompletion(id: 4, criteria: criteria), at: 0)
            Self.run(&animator)
            // Pass 0 ends at 33/64 (first frame past 0.5), pass 1 starts there and ends at 66/64,
            // pass 2 ends at 99/64, the last: the animation finishes on that frame.
            #expect(animator.completionEvents == [Self.event(4, animatorTick(99), criteria)])
        }
    }

    @Test("delay(0.25): completions fire when the delayed curve ends")
    func delayed() {
        var animator = Animator(value: 0.0)
        animator.setValue(10, animation: .linear(duration: 0.5).delay(0.25), completion: AnimationCompletion(id: 5), at: 0)
        #expect(animator.frame(at: animatorTick(16)).value == 0)
        Self.run(&animator, from: 17)
        #expect(animator.completionEvents == [Self.event(5, animatorTick(49), .logicallyComplete)])
    }

    @Test("a change that creates no animation fires its completion at once, both criteria")
    func immediate() {
        for criteria in [AnimationCompletionCriteria.logicallyComplete, .removed] {
            var animator = Animator(value: 0.0)
            animator.setValue(100, animation: .linear(duration: 1), completion: AnimationCompletion(id: 1, criteria: criteria), at: 0)
            animator.setValue(150, animation: nil, completion: AnimationCompletion(id: 2, criteria: criteria), at: 0.5)
            animator.setValue(150, animation: .linear(duration: 1), completion: AnimationCompletion(id: 3, criteria: criteria), at: 0.5)
            animator.setValue(160, transaction: Transaction(animation: .linear(duration: 1), disablesAnimations: true,
                                                             completion: AnimationCompletion(id: 4, criteria: criteria)), at: 0.5)
            #expect(animator.completionEvents == [Self.event(2, 0.5, criteria), Self.event(3, 0.5, criteria), Self.event(4, 0.5, criteria)])
            Self.run(&animator, from: 33)
            #expect(animator.completionEvents.last == Self.event(1, animatorTick(65), criteria))
            #expect(animator.completionEvents.count == 4)
        }
    }

    @Test("handlers run once with their event")
    func handlers() {
        final class Log { var events: [AnimationCompletionEvent] = [] }
        let log = Log()
        var animator = Animator(value: 0.0)
        animator.setValue(1, animation: .linear(duration: 0.25),
                          completion: AnimationCompletion(id: 9, criteria: .removed) { log.events.append($0) }, at: 0)
        Self.run(&animator)
        _ = animator.frame(at: 10)
        #expect(log.events == [Self.event(9, animatorTick(17), .removed)])
    }
}
