// Core Graphics geometry lives in Foundation on Linux; see CGFloat+VectorArithmetic.swift.
import Foundation

extension CGPoint: Animatable {
    /// `x` then `y`.
    public typealias AnimatableData = AnimatablePair<CGFloat, CGFloat>

    /// The point as the pair `(x, y)`.
    @inlinable
    public var animatableData: AnimatableData {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}
