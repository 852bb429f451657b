extension Double: VectorArithmetic {
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    @inlinable
    public var magnitudeSquared: Double { self * self }
}
