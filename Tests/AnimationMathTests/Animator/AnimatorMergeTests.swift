// Merging `.spring` animations through the animator: continuity and the kept force.

@testable import AnimationMath
import Testing

@Suite("Animator: merging springs")
struct AnimatorMergeTests {
    /// The animator and the reference run the same integrator steps in the same order; only the
    /// animator's `model − interval + x` adds roundings of values ≤ 200: a few ulps, 1e-12 with room.
    static let sameStepsTolerance = 1e-12

    /// Resetting the force at the merge changes the next frames by ~1e-2 pt here (F ≈ k·(Δ − x) is
    /// large mid-flight); the test requires the reset variant to differ by more than this, so that
    /// matching the kept-force reference proves the force was kept.
    static let forceMattersThreshold = 1e-6

    static let response = 0.5, damping = 0.7
    static let frame = 1.0 / 60

    @Test("merge keeps offset, velocity and force: frames match one integrator run with a new target")
    func mergeKeepsForce() {
        let spring = Animation.spring(response: Self.response, dampingFraction: Self.damping)
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: spring, at: 0)
        let k = SpringIntegratorState<Double>.stiffness(response: Self.response)

        var reference = SpringIntegratorState<Double>()
        let mergeFrame = 12
        for i in 0...mergeFrame {
            let t = Double(i) * Self.frame
            let f = animator.frame(at: t)
            reference.advance(interval: 100, to: t, stiffness: k, dampingRatio: Self.damping)
            #expect(abs(f.value - reference.offset) <= Self.sameStepsTolerance)
        }
        let mergeTime = Double(mergeFrame) * Self.frame
        let before = animator.frame(at: mergeTime)
        animator.setValue(50, animation: spring, at: mergeTime)
        #expect(animator.chainCount == 1, ".spring merges")
        let after = animator.frame(at: mergeTime)
        // Continuity at the merge: same position and velocity on the merge frame.
        #expect(abs(after.value - before.value) <= Self.sameStepsTolerance)
        #expect(abs(after.velocity! - before.velocity!) <= Self.sameStepsTolerance)

        // The reference goes on toward 50 from the same state (its clock restarts at the merge time,
        // as the merge sets it), and a variant that drops the force.
        reference.time = mergeTime
        var forceReset = reference
        forceReset.force = 0
        var largestResetDifference = 0.0
        for i in (mergeFrame + 1)...(mergeFrame + 30) {
            let t = Double(i) * Self.frame
            let f = animator.frame(at: t)
            reference.advance(interval: 50, to: t, stiffness: k, dampingRatio: Self.damping)
            forceReset.advance(interval: 50, to: t, stiffness: k, dampingRatio: Self.damping)
            #expect(abs(f.value - reference.offset) <= Self.sameStepsTolerance, "t = \(t)")
            #expect(abs(f.velocity! - reference.velocity) <= Self.sameStepsTolerance, "t = \(t)")
            largestResetDifference = max(largestResetDifference, abs(forceReset.offset - reference.offset))
        }
        #expect(largestResetDifference > Self.forceMattersThreshold)
        // The context kept the integrator: its force is the reference's.
        let state = animator.chain.head!.context.fluidSpring
        #expect(abs(state.integrator.force - reference.force) <= Self.sameStepsTolerance * 1e3,
                "force \(state.integrator.force) vs \(reference.force)")  // force ~ k·Δ ≈ 1e4: scale
    }

    @Test("merging a spring with a different response keeps position and velocity continuous")
    func mergeWithBlendIsContinuous() {
        var animator = Animator(value: 694.0)
        animator.setValue(594, animation: .spring(response: 2.2, dampingFraction: 0.5), at: 0)
        for i in 0...119 { _ = animator.frame(at: Double(i) * Self.frame) }
        let t = 119 * Self.frame
        let before = animator.frame(at: t)
        animator.setValue(694, animation: .spring(response: 0.8, dampingFraction: 0.9, blendDuration: 0.5), at: t)
        let after = animator.frame(at: t)
        #expect(abs(after.value - before.value) <= Self.sameStepsTolerance)
        #expect(abs(after.velocity! - before.velocity!) <= Self.sameStepsTolerance)
        // And it settles at the new model value.
        var last = after
        for i in 120..<(120 + 600) where animator.isAnimating { last = animator.frame(at: Double(i) * Self.frame) }
        #expect(!animator.isAnimating && last.value == 694)
    }

    @Test("a spring interrupting a timing curve merges with it and samples it toward the old target")
    func springAfterCurve() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .linear(duration: 1), at: 0)
        let before = animator.frame(at: 0.5)
        animator.setValue(200, animation: .spring, at: 0.5)
        #expect(animator.chainCount == 1)
        let after = animator.frame(at: 0.5)
        // The linear animation is sampled with the interval it animates before the change (100):
        // offset 50, velocity 100 — the presentation stays at 50 (sampling with the new total 200
        // would move it to 100).
        #expect(before.value == 50)
        #expect(abs(after.value - 50) <= Self.sameStepsTolerance)
        #expect(abs(after.velocity! - 100) <= Self.sameStepsTolerance)
    }

    /// What a `.spring` interrupts: another `.spring`, a timing curve, an interpolating spring.
    static let previousAnimations: [(name: String, animation: Animation)] = [
        ("spring", .spring(response: 0.5, dampingFraction: 0.7)),
        ("easeInOut", .easeInOut(duration: 1)),
        ("interpolatingSpring", .interpolatingSpring(stiffness: 120, damping: 12)),
    ]

    /// Position and velocity at every merge: the presentation a frame at the change time would have
    /// shown without the change (a copy of the animator) against the first frame after it, for
    /// changes between frames and on a frame, toward targets on both sides. The merge keeps or samples
    /// the state, so only the animator's `model − interval + x` rounds: values ≤ 300, 1e-12.
    @Test("a .spring merging into a spring, a curve or an interpolating spring is continuous at every merge",
          arguments: 0..<3)
    func continuousAtEveryMerge(previousIndex: Int) {
        let (name, previous) = Self.previousAnimations[previousIndex]
        let spring = Animation.spring(response: 0.4, dampingFraction: 0.8)
        let changes: [(time: Double, target: Double)] = [(0.2 + 0.3 / 60, -50), (0.45, 300), (0.61 + 0.7 / 60, 20)]
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: previous, at: 0)
        var next = 0
        for i in 0...60 {
            let time = Double(i) * Self.frame
            while next < changes.count, changes[next].time <= time {
                let change = changes[next]
                var probe = animator
                let before = probe.frame(at: change.time)
                // The first change interrupts `previous`; the later ones merge spring into spring.
                animator.setValue(change.target, animation: spring, at: change.time)
                #expect(animator.chainCount == 1, "\(name): merged")
                let after = animator.frame(at: change.time)
                #expect(abs(after.value - before.value) <= Self.sameStepsTolerance,
                        "\(name) at \(change.time): \(before.value) → \(after.value)")
                #expect(abs(after.velocity! - before.velocity!) <= Self.sameStepsTolerance,
                        "\(name) at \(change.time): velocity \(before.velocity!) → \(after.velocity!)")
                next += 1
            }
            _ = animator.frame(at: time)
        }
        #expect(next == changes.count)
    }
}
