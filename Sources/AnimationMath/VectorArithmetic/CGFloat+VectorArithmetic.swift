// `CGFloat` lives in Foundation on Linux (swift-corelibs-foundation), so this file, alone with the
// other Core Graphics conformances, imports it; the rest of the module imports nothing.
import Foundation

extension CGFloat: VectorArithmetic {
    /// Scales in `CGFloat` precision (a `Double` on every 64-bit platform, so exact conversion).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    /// The square of the value, converted to `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
