extension Float: VectorArithmetic {
    /// Scales in `Float`: the factor is rounded to `Float` first, as SwiftUI does.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }

    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
