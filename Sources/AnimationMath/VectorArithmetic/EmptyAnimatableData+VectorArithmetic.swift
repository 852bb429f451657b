extension EmptyAnimatableData: VectorArithmetic {
    /// All empty values are equal.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// The empty value.
    @inlinable
    public static var zero: Self { Self() }

    /// Returns the empty value.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self { Self() }

    /// Does nothing.
    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {}

    /// Returns the empty value.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self { Self() }

    /// Does nothing.
    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {}

    /// Does nothing: there are no components to scale.
    @inlinable
    public mutating func scale(by rhs: Double) {}

    /// Always 0.
    @inlinable
    public var magnitudeSquared: Double { 0 }
}
