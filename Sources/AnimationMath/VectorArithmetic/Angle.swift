/// A geometric angle, SwiftUI's `Angle`: stored in radians, readable and writable in degrees.
///
/// **Animation.** `animatableData` is the angle in radians *times 128*, as SwiftUI defines it
/// (its compatibility tests, run on SwiftUI: `Angle(radians: 1).animatableData == 128`). The scale
/// matters because animations finish on absolute thresholds in the data's units (a `.spring` rests
/// once |v| and |F| are ≤ 0.06): in radians a quarter turn would count as at rest far too early;
/// ×128 puts a radian on the scale of a point.
public struct Angle: Hashable, Comparable, Sendable, Animatable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees: radians · (180/π); setting it sets radians to degrees · (π/180).
    @inlinable
    public var degrees: Double {
        get { radians * (180 / Double.pi) }
        set { radians = newValue * (Double.pi / 180) }
    }

    /// The zero angle.
    @inlinable
    public init() { radians = 0 }

    @inlinable
    public init(radians: Double) { self.radians = radians }

    @inlinable
    public init(degrees: Double) { radians = degrees * (Double.pi / 180) }

    @inlinable
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    @inlinable
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// 0 radians.
    public static let zero = Angle()

    @inlinable
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }

    /// radians × 128 (see the type's documentation); setting divides by 128, exactly.
    @inlinable
    public var animatableData: Double {
        get { radians * 128 }
        set { radians = newValue / 128 }
    }
}
