/// A point in the unit square, SwiftUI's `UnitPoint`: a position inside a view as fractions of its
/// size (x from the leading edge, y from the top), and — for a timing curve's control point —
/// input progress (x) and output progress (y).
///
/// The coordinates are `Double` here (SwiftUI's are `CGFloat`, the same 64-bit value). Neither is
/// restricted; `UnitCurve.bezier` decides what to do with control points outside [0, 1].
/// `animatableData` is in `UnitPoint+Animatable.swift`.
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

    /// (0, 0).
    @inlinable
    public init() { self.init(x: 0, y: 0) }

    /// (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
