/// A point in the unit square, in the coordinates of a timing curve: x is input progress, y is
/// output progress.
///
/// This is the minimal subset of SwiftUI's `UnitPoint` that `UnitCurve` needs. Neither coordinate
/// is restricted here; `UnitCurve.bezier` decides what to do with values outside [0, 1].
@frozen
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal coordinate (input progress, for a control point).
    public var x: Double

    /// The vertical coordinate (output progress, for a control point).
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
