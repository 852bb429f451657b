import AnimationMath
import Testing

@Suite("AnimatablePair")
struct AnimatablePairTests {
    /// A pair of Doubles is two Doubles inline and trivially copyable: nothing to retain, nothing
    /// on the heap, so its (inlinable, specialised) arithmetic cannot allocate.
    @Test("a pair of Doubles is inline and trivial")
    func pairOfDoublesIsInlineAndTrivial() {
        #expect(MemoryLayout<AnimatablePair<Double, Double>>.size == 16)
        #expect(MemoryLayout<AnimatablePair<Double, Double>>.stride == 16)
        #expect(_isPOD(AnimatablePair<Double, Double>.self))
        #expect(_isPOD(AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>.self))
    }

    @Test("a pair's components and arithmetic")
    func componentsAndArithmetic() {
        var pair = AnimatablePair(1.5, -2.0)
        #expect(pair.first == 1.5 && pair.second == -2.0)
        pair += AnimatablePair(0.5, 4.0)
        #expect(pair == AnimatablePair(2.0, 2.0))
        #expect(pair.scaled(by: 3) == AnimatablePair(6.0, 6.0))
        #expect(pair.magnitudeSquared == 8)
        #expect(AnimatablePair<Double, Double>.zero == AnimatablePair(0.0, 0.0))
    }

    @Test("hashable is consistent with equality")
    func hashableIsConsistentWithEquality() {
        let a = AnimatablePair(0.0, 1.0)
        let b = AnimatablePair(-0.0, 1.0)  // == a, since -0.0 == 0.0
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b, AnimatablePair(1.0, 0.0)]).count == 2)
    }
}
