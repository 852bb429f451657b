// DefaultAnimationTests.swift — `.default` behaves and merges as Apple's documented spring
// (response 0.55, damping fraction 1), while being its own animation.

import AnimationMath
import Testing

@Suite("DefaultAnimation")
struct DefaultAnimationTests {
    /// `.default` and `.spring(response: 0.55, dampingFraction: 1)` run the same integrator steps:
    /// identical to the last bit.
    static let sameSteps = 0.0

    /// The presentation of an animator driven at 60 Hz, with `changes` applied at their times.
    func trajectory(_ changes: [(time: Double, target: Double, animation: Animation)]) -> [Double] {
        var animator = Animator<Double>(value: 0)
        var next = 0
        var values: [Double] = []
        for i in 0...90 {
            let time = Double(i) / 60
            while next < changes.count, changes[next].time <= time {
                animator.setValue(changes[next].target, animation: changes[next].animation, at: changes[next].time)
                next += 1
            }
            values.append(animator.frame(at: time).value)
        }
        return values
    }

    @Test("behaves as spring(response: 0.55, dampingFraction: 1), Apple's documented value")
    func behavesAsTheDocumentedSpring() {
        let documented = Animation.spring(response: 0.55, dampingFraction: 1, blendDuration: 0)
        #expect(Animation.default != documented, "its own animation, equal only to itself")
        #expect(trajectory([(0, 100, .default)]) == trajectory([(0, 100, documented)]))
        // And not the 0.5 of a re-implementation: the trajectories differ by far more than rounding.
        let other = trajectory([(0, 100, .spring(response: 0.5, dampingFraction: 1))])
        #expect(zip(trajectory([(0, 100, .default)]), other).map { abs($0 - $1) }.max()! > 1)
    }

    @Test("merges like a .spring: with itself, under a .spring, over a .spring, and blends from 0.55")
    func mergesLikeASpring() {
        let documented = Animation.spring(response: 0.55, dampingFraction: 1, blendDuration: 0)
        let blending = Animation.spring(response: 0.2, dampingFraction: 0.8, blendDuration: 0.5)
        // Each pair: the first change with .default or with the documented spring, then a second
        // change between frames; the two runs must agree frame for frame.
        for second in [Animation.default, documented, blending, .spring(response: 0.3, dampingFraction: 0.6)] {
            let a = trajectory([(0, 100, .default), (0.4 + 0.5 / 60, -30, second)])
            let b = trajectory([(0, 100, documented), (0.4 + 0.5 / 60, -30, second == .default ? documented : second)])
            #expect(a == b, "then \(second)")
        }
        var animator = Animator<Double>(value: 0)
        animator.setValue(100, animation: .default, at: 0)
        _ = animator.frame(at: 0.2)
        animator.setValue(50, animation: .default, at: 0.25)
        #expect(animator.chainCount == 1, ".default merges with .default")
        animator.setValue(10, animation: .spring, at: 0.3)
        #expect(animator.chainCount == 1, ".spring merges with .default")
    }
}
