// AnimatorStateReuseTests.swift — the animator hands a finished entry's state storage to the next
// new entry (`AnimationState.removeAllKeepingStorage()`): a reused state must read exactly like a
// fresh one, and copies (of a state, of an animator) must stay independent.

@testable import AnimationMath
import Testing

/// A key whose default is not zero, so a stale value and the default cannot be confused.
private enum ReuseCountKey: AnimationStateKey {
    static var defaultValue: Int { 7 }
}

private enum ReuseNameKey: AnimationStateKey {
    static var defaultValue: String { "default" }
}

/// The frames a `FrameCountingAnimation` has run; 0 in a fresh context.
private enum FramesRunKey: AnimationStateKey {
    static var defaultValue: Int { 0 }
}

/// Counts its frames in the state: its value is Δ · frames / 10 while fewer than 10 frames have run,
/// then it finishes. A reused context that leaked a previous run's count (10) would finish at once.
private struct FrameCountingAnimation: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        let frames = context.state[FramesRunKey.self]
        guard frames < 10 else { return nil }
        context.state[FramesRunKey.self] = frames + 1
        return value.scaled(by: Double(frames + 1) / 10)
    }
}

/// Allowed error of a hand-computed presentation value: 200 − 100 + 100 · 0.1 rounds at most once
/// per operation at magnitude ≤ 200, under 1e-13; 1e-12 leaves room and still catches any leak
/// (a leaked state would be off by the whole interval).
private let presentationTolerance = 1e-12

@Suite("Animator: reused animation state")
struct AnimatorStateReuseTests {
    @Test("an emptied state reads every key's default, keeps its storage, and revives keys written again")
    func emptiedStateReadsDefaults() {
        var state = AnimationState<Double>()
        state[ReuseCountKey.self] = 3
        state[ReuseNameKey.self] = "written"
        let storage = state.storage.map(ObjectIdentifier.init)

        state.removeAllKeepingStorage()
        #expect(state.storage.map(ObjectIdentifier.init) == storage, "the storage is kept for reuse")
        #expect(state[ReuseCountKey.self] == 7)
        #expect(state[ReuseNameKey.self] == "default")
        #expect(!state.contains(ReuseCountKey.self))
        #expect(!state.contains(ReuseNameKey.self))

        // Writing one key revives it alone; the other still reads its default.
        state[ReuseNameKey.self] = "again"
        #expect(state[ReuseNameKey.self] == "again")
        #expect(state.contains(ReuseNameKey.self))
        #expect(state[ReuseCountKey.self] == 7)
        #expect(!state.contains(ReuseCountKey.self))

        // `update` on a stale key starts from the default, not from the stale value.
        state.removeAllKeepingStorage()
        let seen = state.update(ReuseCountKey.self) { value -> Int in
            defer { value += 1 }
            return value
        }
        #expect(seen == 7)
        #expect(state[ReuseCountKey.self] == 8)
        #expect(state[ReuseNameKey.self] == "default")
    }

    @Test("copies stay independent of an emptied and reused state")
    func copiesStayIndependent() {
        var original = AnimationState<Double>()
        original[ReuseCountKey.self] = 1
        original[ReuseNameKey.self] = "one"

        // Emptying a shared state lets go of the storage: the copy keeps its values.
        var copy = original
        original.removeAllKeepingStorage()
        #expect(original[ReuseCountKey.self] == 7)
        #expect(copy[ReuseCountKey.self] == 1)
        #expect(copy[ReuseNameKey.self] == "one")
        #expect(original.storage == nil, "a shared storage is not emptied in place")

        // A copy of a state holding stale boxes sees only the live ones, before and after a write.
        copy.removeAllKeepingStorage()
        copy[ReuseCountKey.self] = 2
        var second = copy
        #expect(second[ReuseNameKey.self] == "default")
        second[ReuseNameKey.self] = "two"
        second[ReuseCountKey.self] = 20
        #expect(copy[ReuseCountKey.self] == 2)
        #expect(copy[ReuseNameKey.self] == "default")
        #expect(!copy.contains(ReuseNameKey.self))
        #expect(second[ReuseCountKey.self] == 20)
        #expect(second[ReuseNameKey.self] == "two")
        second.removeAllKeepingStorage()
        #expect(copy[ReuseCountKey.self] == 2)
    }

    @Test("a run started after another finished sees a fresh context, reusing the storage")
    func secondRunSeesFreshState() {
        var animator = Animator<Double>(value: 0)
        let counting = Animation(FrameCountingAnimation())
        animator.setValue(100, animation: counting, at: 0)
        var frame = 1
        while animator.isAnimating {
            _ = animator.frame(at: animatorTick(frame))
            frame += 1
        }
        #expect(frame == 12, "10 frames with values, the 11th finishes")
        let spare = animator.spareState.storage.map(ObjectIdentifier.init)
        #expect(spare != nil, "the finished entry's storage is kept")

        animator.setValue(200, animation: counting, at: animatorTick(frame))
        #expect(animator.chain.head!.context.state.storage.map(ObjectIdentifier.init) == spare)
        // The count restarts from the default: the first frame covers a tenth of the interval.
        let first = animator.frame(at: animatorTick(frame + 1))
        #expect(abs(first.value - 110) <= presentationTolerance)
    }

    @Test("a reused .spring run matches a fresh animator frame for frame, and forks stay independent")
    func reusedSpringMatchesFresh() {
        // Run one spring to rest, then start a second run in the same animator.
        var reused = Animator<Double>(value: 0)
        reused.setValue(50, animation: .bouncy, at: 0)
        var time = 0.0
        while reused.isAnimating {
            time += 1.0 / 120
            _ = reused.frame(at: time)
        }
        // A `.spring` keeps its state inline in the context (`AnimationContext.fluidSpring`), not in
        // a storage: the new entry's context must start it at zero all the same.
        #expect(reused.spareState.storage == nil)
        var fresh = Animator<Double>(value: 50)
        reused.setValue(-30, animation: .spring, at: time)
        fresh.setValue(-30, animation: .spring, at: time)

        // A fork shares the spare and the running state; driving it differently must not leak.
        var fork = reused
        fork.setValue(400, animation: .snappy, at: time + 0.05)
        for step in 1...240 {
            let t = time + Double(step) / 120
            let a = reused.frame(at: t), b = fresh.frame(at: t)
            _ = fork.frame(at: t)
            // Same operations on the same numbers: bit-for-bit equal.
            #expect(a.value == b.value && a.velocity == b.velocity, "frame \(step)")
        }
        #expect(!reused.isAnimating && !fresh.isAnimating)
    }
}
