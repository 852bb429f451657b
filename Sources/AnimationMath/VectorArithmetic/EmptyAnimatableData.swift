/// The animatable data of a type with nothing to animate: the zero-dimensional vector space.
///
/// Every value equals `zero`; every operation is a no-op and `magnitudeSquared` is 0.
@frozen
public struct EmptyAnimatableData: Sendable, BitwiseCopyable {
    /// Creates the (only) empty value.
    @inlinable
    public init() {}
}
