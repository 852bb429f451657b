// Core Graphics geometry lives in Foundation on Linux; see CGFloat+VectorArithmetic.swift.
import Foundation

extension CGRect: Animatable {
    /// The origin's data then the size's: `((x, y), (width, height))`.
    public typealias AnimatableData = AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData>

    /// The rectangle as its origin and size, stored as given (never standardised, so a negative
    /// width animates as a negative width).
    @inlinable
    public var animatableData: AnimatableData {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set {
            origin.animatableData = newValue.first
            size.animatableData = newValue.second
        }
    }
}
