import AnimationMath
import Foundation  // CGFloat, CGPoint, CGSize, CGRect
import Testing
import HookeSupport

/// Tolerances for the laws that rounding breaks (associativity, distributivity). Samples have
/// components in [-100, 100] and scalars |s| ≤ 4, so every intermediate is below 1,200 in
/// magnitude; each law compares two evaluation orders of at most three roundings, each at most
/// half an ulp of 1,200.
private enum LawTolerance {
    /// Double: half an ulp of 1,200 is 1.1e-13; three of them 3.4e-13; 1e-12 leaves a 3x margin.
    static let double = 1e-12
    /// Float: half an ulp of 1,200 is 6.1e-5; three of them 1.8e-4; 1e-3 leaves a 5x margin.
    static let float = 1e-3
    /// Component-wise results of a Float type against the same operation in Double: one Float
    /// rounding of a value below 1,200 (6.1e-5), plus the rounding of the scalar to Float
    /// (relative 6e-8, times 400: 2.4e-5). 1e-4 covers both.
    static let floatComponent = 1e-4
    /// magnitudeSquared against the sum of squared components, both in Double but possibly in a
    /// different order (nested pairs): at most n - 1 = 7 roundings of relative size 1.1e-16.
    static let doubleMagnitude = 1e-14
    /// Float's magnitudeSquared squares in Float (relative error 6e-8 per component) before
    /// converting; 1e-6 leaves a 10x margin.
    static let floatMagnitude = 1e-6
}

/// Factors for the scaling laws: exact binary fractions, a non-representable one (0.1), a small
/// one and a negative one.
private let scalars: [Double] = [0.5, -2, 3.25, 0.1, -1e-3, 4]

private let sampleCount = 12

private func randomComponent(_ generator: inout SplitMix64) -> Double {
    // Mostly uniform in [-100, 100]; now and then an exact zero, a negative zero, a small integer.
    switch generator.next() % 8 {
    case 0: return 0
    case 1: return -0.0
    case 2: return Double(Int(generator.next() % 21) - 10)
    default: return Double.random(in: -100...100, using: &generator)
    }
}

private func samples<V>(seed: UInt64, _ make: (inout SplitMix64) -> V) -> [V] {
    var generator = SplitMix64(seed: seed)
    return (0..<sampleCount).map { _ in make(&generator) }
}

@Suite("VectorArithmetic laws")
struct VectorArithmeticLawTests {
    @Test("Double obeys the laws")
    func double() {
        let seed: UInt64 = 0x5EED_0001
        let values = samples(seed: seed) { randomComponent(&$0) }
        let components: (Double) -> [Double] = { [$0] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("Float obeys the laws")
    func float() {
        let seed: UInt64 = 0x5EED_0002
        let values = samples(seed: seed) { Float(randomComponent(&$0)) }
        let components: (Float) -> [Double] = { [Double($0)] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.float),
                                  components: components, componentTolerance: LawTolerance.floatComponent,
                                  relativeMagnitudeTolerance: LawTolerance.floatMagnitude, seed: seed)
    }

    @Test("CGFloat obeys the laws")
    func cgFloat() {
        let seed: UInt64 = 0x5EED_0003
        let values = samples(seed: seed) { CGFloat(randomComponent(&$0)) }
        let components: (CGFloat) -> [Double] = { [Double($0)] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("AnimatablePair<Double, Double> obeys the laws")
    func pairOfDoubles() {
        let seed: UInt64 = 0x5EED_0004
        let values = samples(seed: seed) { AnimatablePair(randomComponent(&$0), randomComponent(&$0)) }
        let components: (AnimatablePair<Double, Double>) -> [Double] = { [$0.first, $0.second] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("AnimatablePair<Float, Double> obeys the laws")
    func pairOfFloatAndDouble() {
        let seed: UInt64 = 0x5EED_0005
        let values = samples(seed: seed) { AnimatablePair(Float(randomComponent(&$0)), randomComponent(&$0)) }
        let components: (AnimatablePair<Float, Double>) -> [Double] = { [Double($0.first), $0.second] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.float),
                                  components: components, componentTolerance: LawTolerance.floatComponent,
                                  relativeMagnitudeTolerance: LawTolerance.floatMagnitude, seed: seed)
    }

    @Test("nested pairs obey the laws")
    func nestedPairs() {
        typealias Nested = AnimatablePair<AnimatablePair<Double, CGFloat>, AnimatablePair<Double, AnimatablePair<Double, Double>>>
        let seed: UInt64 = 0x5EED_0006
        let values: [Nested] = samples(seed: seed) {
            AnimatablePair(AnimatablePair(randomComponent(&$0), CGFloat(randomComponent(&$0))),
                           AnimatablePair(randomComponent(&$0), AnimatablePair(randomComponent(&$0), randomComponent(&$0))))
        }
        let components: (Nested) -> [Double] = {
            [$0.first.first, Double($0.first.second), $0.second.first, $0.second.second.first, $0.second.second.second]
        }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("a pair of EmptyAnimatableData and AnimatableVector obeys the laws")
    func pairWithEmptyAndVector() {
        typealias Mixed = AnimatablePair<EmptyAnimatableData, AnimatableVector>
        let seed: UInt64 = 0x5EED_0007
        let values: [Mixed] = samples(seed: seed) { generator in
            let count = Int(generator.next() % 4)
            return AnimatablePair(EmptyAnimatableData(),
                                  AnimatableVector((0..<count).map { _ in randomComponent(&generator) }))
        }
        let components: (Mixed) -> [Double] = { $0.second.values }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("AnimatableVector obeys the laws")
    func animatableVector() {
        let seed: UInt64 = 0x5EED_0008
        let values: [AnimatableVector] = samples(seed: seed) { generator in
            // Lengths 0 through 8, so sums mix lengths; some end in explicit zeros.
            let count = Int(generator.next() % 9)
            var values = (0..<count).map { _ in randomComponent(&generator) }
            if generator.next() % 4 == 0 { values.append(0) }
            return AnimatableVector(values)
        }
        let components: (AnimatableVector) -> [Double] = { $0.values }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("EmptyAnimatableData obeys the laws")
    func emptyAnimatableData() {
        let values = Array(repeating: EmptyAnimatableData(), count: 3)
        let components: (EmptyAnimatableData) -> [Double] = { _ in [] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: 0),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: 0)
    }

    @Test("CGPoint's animatableData obeys the laws")
    func cgPointAnimatableData() {
        let seed: UInt64 = 0x5EED_0009
        let values = samples(seed: seed) {
            CGPoint(x: randomComponent(&$0), y: randomComponent(&$0)).animatableData
        }
        let components: (CGPoint.AnimatableData) -> [Double] = { [Double($0.first), Double($0.second)] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("CGSize's animatableData obeys the laws")
    func cgSizeAnimatableData() {
        let seed: UInt64 = 0x5EED_000A
        let values = samples(seed: seed) {
            CGSize(width: randomComponent(&$0), height: randomComponent(&$0)).animatableData
        }
        let components: (CGSize.AnimatableData) -> [Double] = { [Double($0.first), Double($0.second)] }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    @Test("CGRect's animatableData obeys the laws")
    func cgRectAnimatableData() {
        let seed: UInt64 = 0x5EED_000B
        let values = samples(seed: seed) {
            CGRect(x: randomComponent(&$0), y: randomComponent(&$0),
                   width: randomComponent(&$0), height: randomComponent(&$0)).animatableData
        }
        let components: (CGRect.AnimatableData) -> [Double] = {
            [Double($0.first.first), Double($0.first.second), Double($0.second.first), Double($0.second.second)]
        }
        checkVectorArithmeticLaws(values, scalars: scalars,
                                  isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                  components: components, componentTolerance: 0,
                                  relativeMagnitudeTolerance: LawTolerance.doubleMagnitude, seed: seed)
    }

    /// The checker itself must be able to fail: a conformance whose scaling ignores its factor
    /// breaks `scaled(by: 0) == zero` and the distributive laws.
    @Test("the checker catches a broken conformance")
    func checkerCatchesABrokenConformance() {
        withKnownIssue("BrokenVector.scale(by:) ignores its factor") {
            let components: (BrokenVector) -> [Double] = { [$0.value] }
            checkVectorArithmeticLaws([BrokenVector(value: 1), BrokenVector(value: -3)], scalars: [2],
                                      isClose: closeByComponents(components, tolerance: LawTolerance.double),
                                      components: components, componentTolerance: 0,
                                      relativeMagnitudeTolerance: LawTolerance.doubleMagnitude)
        }
    }
}

/// A deliberately wrong conformance, for `checkerCatchesABrokenConformance`.
private struct BrokenVector: VectorArithmetic, CustomStringConvertible {
    var value: Double
    static var zero: BrokenVector { BrokenVector(value: 0) }
    static func + (lhs: Self, rhs: Self) -> Self { Self(value: lhs.value + rhs.value) }
    static func - (lhs: Self, rhs: Self) -> Self { Self(value: lhs.value - rhs.value) }
    mutating func scale(by rhs: Double) {}
    var magnitudeSquared: Double { value * value }
    var description: String { "BrokenVector(\(value))" }
}
