// Chaining, non-animated changes, velocity and time handling of the animator, against values
// computed by hand.

@testable import AnimationMath
import Testing

@Suite("Animator: chains and changes")
struct AnimatorChainTests {
    /// Hand-computed values on the 1/64 clock go through a handful of roundings of numbers ≤ 300:
    /// a few ulps of 300 (≈ 6e-14 each) — 1e-12 is a bound with room, and far below any semantic slip.
    static let handTolerance = 1e-12

    /// Central differences with step h = `differenceStep` err by h²/6·|r‴| (|r‴| ≲ 1e5 pt/s³ here:
    /// ≤ 2e-6 pt/s) plus rounding ≈ ε·|r|/h (≤ 3e-9 pt/s); 1e-5 pt/s sits above both and far below
    /// a chain-rule slip, which shows at the size of the velocity (~100 pt/s).
    static let differenceTolerance = 1e-5
    static let differenceStep = 1e-5

    @Test("two linear ramps chain as result += animate(V − result, t − s)")
    func chainedRampsByHand() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .ramp(1), at: 0)
        #expect(animator.frame(at: animatorTick(32)).value == 50)  // 100·0.5, exact in binary
        animator.setValue(200, animation: .ramp(1), at: 0.5)
        #expect(animator.chainCount == 2)
        #expect(animator.interval == 200)

        // t = 0.75: r0 = 75; second entry Δ = 200 − 75 = 125 at 0.25 → 31.25; r = 106.25.
        // velocity: 100·(1 − 0.25) + 125·1 = 200 (d/dt of 100t + (200 − 100t)(t − 0.5) = 350 − 200t).
        let f = animator.frame(at: 0.75)
        #expect(abs(f.value - 106.25) <= Self.handTolerance)
        #expect(abs(f.velocity! - 200) <= Self.handTolerance)
        // t = 1: r0 = 100 (t ≤ d still animates); Δ = 100 at 0.5 → 50; r = 150; velocity 100·0.5 + 100 = 150.
        let g = animator.frame(at: 1)
        #expect(abs(g.value - 150) <= Self.handTolerance)
        #expect(abs(g.velocity! - 150) <= Self.handTolerance)
        // t = 1.25: the first ramp is over → r = 100 and it leaves; Δ = 100 at 0.75 → 75; r = 175.
        let h = animator.frame(at: 1.25)
        #expect(animator.chainCount == 1)
        #expect(abs(h.value - 175) <= Self.handTolerance)
        #expect(abs(h.velocity! - 100) <= Self.handTolerance)
        // t = 1.5 shows the target; past it the run ends.
        #expect(abs(animator.frame(at: 1.5).value - 200) <= Self.handTolerance)
        let end = animator.frame(at: animatorTick(97))
        #expect(end.value == 200 && end.velocity == 0)
        #expect(!animator.isAnimating && animator.interval == 0)
    }

    @Test("a middle entry that finishes first pins the chain and takes the older entries with it")
    func middleEntryFinishesFirst() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .ramp(2), completion: AnimationCompletion(id: 1), at: 0)
        animator.setValue(200, animation: .ramp(0.25), completion: AnimationCompletion(id: 2), at: 0)
        animator.setValue(300, animation: .ramp(1), at: 0)
        // t = 0.25: r0 = 12.5; Δ1 = 187.5 · 1 → 200; Δ2 = 100 · 0.25 → 225.
        #expect(abs(animator.frame(at: animatorTick(16)).value - 225) <= Self.handTolerance)
        // t = 0.5: the middle ramp is over: the chain starts at 200 and the first ramp leaves with it
        // (logically complete now); Δ = 100 · 0.5 → 250.
        let f = animator.frame(at: animatorTick(32))
        #expect(animator.chainCount == 1)
        #expect(abs(f.value - 250) <= Self.handTolerance && abs(f.velocity! - 100) <= Self.handTolerance)
        #expect(animator.completionEvents.map(\.id) == [1, 2])
        // Later frames keep starting from 200 (the pin persists): t = 0.75 → 275.
        #expect(abs(animator.frame(at: animatorTick(48)).value - 275) <= Self.handTolerance)
    }

    @Test("chained easeInOut: value is the chain formula, velocity its derivative")
    func chainedEaseInOut() {
        let d = 0.5
        var animator = Animator(value: 10.0)
        // Changes apply before the frame at their time (times never go back: a change applied
        // early would clamp the earlier frames to it).
        let changes: [(time: Double, value: Double, animation: Animation)] =
            [(0, 110, .easeInOut(duration: d)), (0.2, -40, .easeInOut(duration: d)), (0.3, 60, .linear(duration: d))]
        var nextChange = 0
        let curve = UnitCurve.easeInOut
        let entries: [(target: Double, start: Double, curve: UnitCurve)] =
            [(100, 0, curve), (-50, 0.2, curve), (50, 0.3, .linear)]
        for i in 0...60 {
            let t = Double(i) / 60
            while nextChange < changes.count, changes[nextChange].time <= t {
                let change = changes[nextChange]
                animator.setValue(change.value, animation: change.animation, at: change.time)
                nextChange += 1
                #expect(animator.chainCount == nextChange)
            }
            var ahead = animator, behind = animator  // copies run on independently (a struct)
            let f = animator.frame(at: t)
            if t - 0.3 > d {  // the newest entry is over: the run ends at the model value
                #expect(f.value == 60 && f.velocity == 0 && !animator.isAnimating, "t = \(t)")
                continue
            }
            // Targets relative to the origin 10; a finished entry pins the result to its target.
            var r = 0.0
            for entry in entries {
                let elapsed = t - entry.start
                r = elapsed > d ? entry.target : r + (entry.target - r) * entry.curve.value(at: elapsed / d)
            }
            #expect(abs(f.value - (10 + r)) <= Self.handTolerance, "t = \(t): \(f.value) vs \(10 + r), chain \(animator.chainCount)")
            // Velocity against a central difference, away from the kinks where an entry starts or ends.
            let h = Self.differenceStep
            if [0, 0.2, 0.3, 0.5, 0.7, 0.8].allSatisfy({ abs(t - $0) > 2 * h }) {
                let estimate = (ahead.frame(at: t + h).value - behind.frame(at: t - h).value) / (2 * h)
                #expect(abs(f.velocity! - estimate) <= Self.differenceTolerance,
                        "t = \(t): velocity \(f.velocity!) vs difference \(estimate)")
            }
        }
    }

    @Test("a change without animation while animating jumps by the change and keeps the offsets")
    func nonAnimatedChangeWhileAnimating() {
        for transaction in [Transaction(), Transaction(animation: .ramp(1), disablesAnimations: true)] {
            var animator = Animator(value: 0.0)
            animator.setValue(100, animation: .ramp(1), at: 0)
            #expect(animator.frame(at: 0.5).value == 50)
            animator.setValue(150, transaction: transaction, at: 0.5)
            #expect(animator.modelValue == 150 && animator.interval == 100 && animator.chainCount == 1)
            #expect(animator.frame(at: 0.5).value == 100)  // 150 − 100 + 50: jumped by 50
            #expect(animator.frame(at: 0.75).value == 125)
            #expect(animator.frame(at: 1).value == 150)
            #expect(animator.frame(at: animatorTick(65)).value == 150)
            #expect(!animator.isAnimating)
        }
    }

    @Test("a change without animation when idle moves the presentation at once")
    func nonAnimatedChangeWhenIdle() {
        var animator = Animator(value: 3.0)
        animator.setValue(7, animation: nil, at: 1)
        let f = animator.frame(at: 1)
        #expect(f.value == 7 && f.velocity == 0 && !animator.isAnimating)
    }

    @Test("a change to the same value creates no animation")
    func noChange() {
        var animator = Animator(value: 5.0)
        animator.setValue(5, animation: .ramp(1), at: 0)
        #expect(!animator.isAnimating)
    }

    @Test("earlier times are clamped to the latest time seen")
    func timeIsClamped() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .ramp(1), at: 0)
        let late = animator.frame(at: 0.5)
        let early = animator.frame(at: 0.25)
        #expect(early.time == 0.5 && early.value == late.value)
        #expect(animator.latestTime == 0.5)
    }

    @Test("a running animation without velocity makes the frame's velocity nil")
    func unknownVelocity() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: Animation(AnimatorSilentRamp(duration: 1)), at: 0)
        #expect(animator.frame(at: 0.5).velocity == nil)
        #expect(animator.frame(at: 2).velocity == 0)  // finished: idle
    }

    @Test("a merging animation takes over the begin time and animates the whole new interval")
    func mergeTakesOverBeginTime() {
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: .ramp(1), at: 0)
        _ = animator.frame(at: 0.5)
        animator.setValue(200, animation: .ramp(1, merges: true), at: 0.5)
        #expect(animator.chainCount == 1)
        // One ramp over the total 200 from the original begin: 200·0.75 at t = 0.75.
        #expect(animator.frame(at: 0.75).value == 150)
    }

    @Test("interpolating springs chained: velocity matches a central difference")
    func interpolatingSpringChainVelocity() {
        let animation = Animation.interpolatingSpring(mass: 1, stiffness: 20, damping: 3, initialVelocity: 1)
        var animator = Animator(value: 0.0)
        animator.setValue(100, animation: animation, at: 0)
        animator.setValue(-30, animation: animation, at: 0.4)
        animator.setValue(80, animation: animation, at: 0.9)
        let h = Self.differenceStep
        for i in 1..<90 {
            let t = 0.9 + Double(i) / 30
            var ahead = animator
            var behind = animator
            let f = animator.frame(at: t)
            let estimate = (ahead.frame(at: t + h).value - behind.frame(at: t - h).value) / (2 * h)
            #expect(abs(f.velocity! - estimate) <= Self.differenceTolerance, "t = \(t)")
            if !animator.isAnimating { break }
        }
    }
}
