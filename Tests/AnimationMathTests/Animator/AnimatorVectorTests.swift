// Vector values agree per component with scalars.

@testable import AnimationMath
import Testing

@Suite("Animator: vector values")
struct AnimatorVectorTests {
    /// Component k of a pair animator and a scalar animator run the same operations on the same
    /// numbers, except the velocity's chain-rule factor p, which the pair forms from a two-component
    /// projection (a few ulps of p ≤ 1.2) where the scalar forms it from one: an error of a few ulps
    /// of the velocity (≤ 1e3). 1e-10 covers that.
    static let componentTolerance = 1e-10

    typealias Pair = AnimatablePair<Double, Double>

    @Test("chained curves and springs: AnimatablePair agrees with two scalar animators")
    func pairAgreesWithScalars() {
        let animations: [Animation] = [
            .easeInOut(duration: 0.5), .interpolatingSpring(stiffness: 30, damping: 4), .linear(duration: 0.3),
        ]
        let targets: [(Double, Double)] = [(100, -20), (-50, 80), (60, 60)]
        var pair = Animator(value: Pair(0, 10))
        var x = Animator(value: 0.0), y = Animator(value: 10.0)
        var i = 0
        for (n, target) in targets.enumerated() {
            let time = Double(n) * 0.2
            pair.setValue(Pair(target.0, target.1), animation: animations[n], at: time)
            x.setValue(target.0, animation: animations[n], at: time)
            y.setValue(target.1, animation: animations[n], at: time)
            #expect(pair.chainCount == n + 1 && x.chainCount == n + 1)
            while Double(i) / 60 < time + 0.2 {
                let t = Double(i) / 60
                let p = pair.frame(at: t), a = x.frame(at: t), b = y.frame(at: t)
                #expect(abs(p.value.first - a.value) <= Self.componentTolerance, "t = \(t)")
                #expect(abs(p.value.second - b.value) <= Self.componentTolerance, "t = \(t)")
                #expect(abs(p.velocity!.first - a.velocity!) <= Self.componentTolerance, "t = \(t)")
                #expect(abs(p.velocity!.second - b.velocity!) <= Self.componentTolerance, "t = \(t)")
                i += 1
            }
        }
    }

    @Test("a spring on (x, 0) runs frame for frame like the scalar spring on x, merge included")
    func springPairWithZeroComponent() {
        var pair = Animator(value: Pair(0, 0))
        var scalar = Animator(value: 0.0)
        pair.setValue(Pair(100, 0), animation: .spring(response: 0.4, dampingFraction: 0.6), at: 0)
        scalar.setValue(100, animation: .spring(response: 0.4, dampingFraction: 0.6), at: 0)
        for i in 0..<400 {
            let t = Double(i) / 60
            if i == 20 {
                pair.setValue(Pair(-30, 0), animation: .snappy, at: t)
                scalar.setValue(-30, animation: .snappy, at: t)
            }
            let p = pair.frame(at: t), s = scalar.frame(at: t)
            #expect(abs(p.value.first - s.value) <= Self.componentTolerance && p.value.second == 0, "t = \(t)")
            #expect(pair.isAnimating == scalar.isAnimating, "t = \(t)")
            if !scalar.isAnimating { break }
        }
        #expect(!scalar.isAnimating)
    }
}
