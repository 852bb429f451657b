/// A type that can be animated: a vector space over `Double`, as SwiftUI defines it.
///
/// `AdditiveArithmetic` supplies `+`, `-`, `+=`, `-=` and `zero`; this protocol adds scaling by a
/// real number and the squared magnitude that animations use for finish thresholds.
///
/// Laws every conformance keeps (checked for each one by `VectorArithmeticLaws` in the tests):
/// `a + .zero == a`, `a + b == b + a`, `a - a == .zero`, `a.scaled(by: 1) == a`,
/// `a.scaled(by: 0) == .zero`, `(a + b).scaled(by: s) == a.scaled(by: s) + b.scaled(by: s)`,
/// `magnitudeSquared >= 0` and `zero.magnitudeSquared == 0`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)

    /// The dot product of the value with itself.
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
