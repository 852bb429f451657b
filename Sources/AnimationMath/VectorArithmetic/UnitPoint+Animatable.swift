// `CGFloat` lives in Foundation on Linux; see CGFloat+VectorArithmetic.swift.
import Foundation

extension UnitPoint: Animatable {
    /// `x` then `y`, each times 128.
    public typealias AnimatableData = AnimatablePair<CGFloat, CGFloat>

    /// The pair (128·x, 128·y): the same unit scale as `Angle`'s radians, so that a move across the
    /// whole unit square is on the scale of points for the absolute finish thresholds. The scale is
    /// OpenSwiftUI's audited re-implementation of SwiftUI (`UnitPoint` applies its "unit scale", 128,
    /// in `animatableData`); unverified on a device. Setting divides by 128, exactly.
    @inlinable
    public var animatableData: AnimatableData {
        get { AnimatablePair(CGFloat(x * 128), CGFloat(y * 128)) }
        set { (x, y) = (Double(newValue.first) / 128, Double(newValue.second) / 128) }
    }
}
