/// SwiftUI's timing-curve presets. Every one defaults to 0.35 s (SwiftUI's default duration).
extension Animation {
    /// SwiftUI's default duration for timing-curve animations, in seconds.
    @usableFromInline package static let defaultTimingCurveDuration: Double = 0.35

    /// Constant speed for `duration` seconds. - Precondition: `duration > 0`.
    public static func linear(duration: Double) -> Animation { timingCurve(.linear, duration: duration) }
    /// Constant speed for 0.35 s.
    public static var linear: Animation { linear(duration: defaultTimingCurveDuration) }

    /// Slow start, cubic Bézier (0.42, 0)(1, 1). - Precondition: `duration > 0`.
    public static func easeIn(duration: Double) -> Animation { timingCurve(.easeIn, duration: duration) }
    /// `easeIn(duration: 0.35)`.
    public static var easeIn: Animation { easeIn(duration: defaultTimingCurveDuration) }

    /// Slow end, cubic Bézier (0, 0)(0.58, 1). - Precondition: `duration > 0`.
    public static func easeOut(duration: Double) -> Animation { timingCurve(.easeOut, duration: duration) }
    /// `easeOut(duration: 0.35)`.
    public static var easeOut: Animation { easeOut(duration: defaultTimingCurveDuration) }

    /// Slow start and end, cubic Bézier (0.42, 0)(0.58, 1). - Precondition: `duration > 0`.
    public static func easeInOut(duration: Double) -> Animation { timingCurve(.easeInOut, duration: duration) }
    /// `easeInOut(duration: 0.35)`.
    public static var easeInOut: Animation { easeInOut(duration: defaultTimingCurveDuration) }

    /// A cubic Bézier from (0, 0) to (1, 1) with control points (c0x, c0y) and (c1x, c1y); the x
    /// coordinates are clamped to [0, 1] by `UnitCurve`, the y may overshoot.
    /// - Precondition: `duration > 0`.
    public static func timingCurve(
        _ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = defaultTimingCurveDuration
    ) -> Animation {
        timingCurve(
            .bezier(startControlPoint: UnitPoint(x: c0x, y: c0y), endControlPoint: UnitPoint(x: c1x, y: c1y)),
            duration: duration)
    }

    /// Any unit curve over `duration` seconds. - Precondition: `duration > 0`.
    public static func timingCurve(_ curve: UnitCurve, duration: Double) -> Animation {
        Animation(TimingCurveAnimation(curve: curve, duration: duration))
    }
}
