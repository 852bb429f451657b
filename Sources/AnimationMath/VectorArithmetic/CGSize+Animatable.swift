// Core Graphics geometry lives in Foundation on Linux; see CGFloat+VectorArithmetic.swift.
import Foundation

extension CGSize: Animatable {
    /// `width` then `height`.
    public typealias AnimatableData = AnimatablePair<CGFloat, CGFloat>

    /// The size as the pair `(width, height)`. Negative sizes pass through unchanged.
    @inlinable
    public var animatableData: AnimatableData {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}
