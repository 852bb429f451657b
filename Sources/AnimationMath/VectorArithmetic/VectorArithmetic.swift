/// A type that can be animated: a vector space over `Double`, as SwiftUI defines it.
///
/// `AdditiveArithmetic` supplies `+`, `-`, `+=`, `-=` and `zero`; this protocol adds scaling by a
/// real number and the squared magnitude that animations use for finish thresholds.
///
/// Laws every conformance keeps (checked for each one by `checkVectorArithmeticLaws` in
/// `Tests/AnimationMathTests/Support/VectorArithmeticLaws.swift`):
/// - `a + .zero == a` and `a - a == .zero` (exactly, for finite components);
/// - `a + b == b + a` (exactly: IEEE addition commutes);
/// - `(a + b) + c ≈ a + (b + c)` (up to rounding: floating-point addition does not associate);
/// - `a.scaled(by: 1) == a` and `a.scaled(by: 0) == .zero` (exactly, for finite components);
/// - `(a + b).scaled(by: s) ≈ a.scaled(by: s) + b.scaled(by: s)` and
///   `a.scaled(by: s + t) ≈ a.scaled(by: s) + a.scaled(by: t)` (up to rounding);
/// - `magnitudeSquared >= 0`, `zero.magnitudeSquared == 0`, and `magnitudeSquared` is the sum of
///   the squares of the components (up to rounding).
///
/// Conformances in this module: `Double`, `Float`, `CGFloat`, `AnimatablePair`,
/// `AnimatableVector` and `EmptyAnimatableData`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    ///
    /// - Parameter rhs: The factor. Types with a narrower scalar (such as `Float`) round it to
    ///   their own precision first.
    mutating func scale(by rhs: Double)

    /// The dot product of the value with itself: the sum of the squares of its components.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy with every component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}
