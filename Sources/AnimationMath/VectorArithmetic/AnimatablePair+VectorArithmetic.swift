extension AnimatablePair: VectorArithmetic {
    /// Two pairs are equal when both their components are equal.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.first == rhs.first && lhs.second == rhs.second
    }

    /// The pair of zeros.
    @inlinable
    public static var zero: Self { Self(.zero, .zero) }

    /// Adds component by component.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first + rhs.first, lhs.second + rhs.second)
    }

    /// Adds component by component, in place.
    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        lhs.first += rhs.first
        lhs.second += rhs.second
    }

    /// Subtracts component by component.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first - rhs.first, lhs.second - rhs.second)
    }

    /// Subtracts component by component, in place.
    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs.first -= rhs.first
        lhs.second -= rhs.second
    }

    /// Scales both components by `rhs`.
    @inlinable
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }

    /// The sum of the two components' squared magnitudes.
    @inlinable
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}
