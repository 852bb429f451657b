// Why AnimationMath imports Foundation at all: SwiftUI makes `CGFloat`, `CGPoint`, `CGSize` and
// `CGRect` animatable, and on Linux those types live only in Foundation (swift-corelibs-foundation;
// `FoundationEssentials` does not have them: `import FoundationEssentials; let x: CGFloat = 1` does
// not compile with Swift 6.3). So this file and the other Core Graphics conformances (CGPoint, CGSize,
// CGRect, and EdgeInsets and UnitPoint, whose animatable data is made of CGFloat) import it; the rest
// of the module imports nothing but the C library for `exp`, `sin` and `cos`.
import Foundation

extension CGFloat: VectorArithmetic {
    /// Scales in `CGFloat` precision (a `Double` on every 64-bit platform, so exact conversion).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    /// The square of the value, converted to `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
