/// A pair of animatable values, which is itself animatable: the direct sum of two vector spaces.
///
/// Nest pairs to animate more than two values, as SwiftUI does for `CGRect`
/// (`AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<CGFloat, CGFloat>>`).
///
/// Performance: the pair stores its two values inline and every operation is `@inlinable`, so a
/// pair of scalars (for example `AnimatablePair<Double, Double>`, 16 bytes, trivially copyable)
/// is specialised in client code and its arithmetic never allocates.
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic> {
    /// The first value.
    public var first: First

    /// The second value.
    public var second: Second

    /// Creates a pair from its two values.
    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }
}

// Sendable conformances must live in the file that declares the type.
extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}
