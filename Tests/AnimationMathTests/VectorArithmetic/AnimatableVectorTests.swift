import AnimationMath
import Testing

@Suite("AnimatableVector")
struct AnimatableVectorTests {
    @Test("zero is empty and equal to all-zero vectors")
    func zeroIsEmptyAndEqualToAllZeroVectors() {
        #expect(AnimatableVector.zero.count == 0)
        #expect(AnimatableVector([0, 0, -0.0]) == .zero)
        #expect(AnimatableVector([0, 0, -0.0]).hashValue == AnimatableVector.zero.hashValue)
        #expect(AnimatableVector([0, 1]) != .zero)
    }

    @Test("different lengths pad with zeros")
    func differentLengthsPadWithZeros() {
        let short = AnimatableVector([1, 2])
        let long = AnimatableVector([10, 20, 30])
        #expect((short + long).values == [11, 22, 30])
        #expect((long + short).values == [11, 22, 30])
        #expect((short - long).values == [-9, -18, -30])
        #expect((long - short).values == [9, 18, 30])
        var grown = short
        grown -= long
        #expect(grown.values == [-9, -18, -30])
        #expect(grown.count == 3)
    }

    @Test("trailing zeros do not change the value")
    func trailingZerosDoNotChangeTheValue() {
        let a = AnimatableVector([1, 2])
        let b = AnimatableVector([1, 2, 0, 0])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(AnimatableVector([1, 2, 3]) != a)
        #expect(AnimatableVector([1, 0, 2]) != a)
    }

    @Test("subscript and count")
    func subscriptAndCount() {
        var v = AnimatableVector([3, 4])
        #expect(v.count == 2)
        #expect(v[1] == 4)
        v[0] = 6
        #expect(v.values == [6, 4])
        #expect(v.magnitudeSquared == 52)
        v.scale(by: 0.5)
        #expect(v.values == [3, 2])
    }
}
