import AnimationMath

/// A timing curve over time, as a timing-curve animation shows it (`hooke eval curve`): the value
/// goes from `from` to `to` along `curve` over `duration`, then holds (velocity 0).
public struct CurveTrajectory: Sendable {
    /// The named curves by their Swift names (a curve evaluation's preset, a keyframe's `timingCurve`).
    public static let presets: [(name: String, curve: UnitCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut),
        ("circularEaseInOut", .circularEaseInOut),
    ]

    public var curve: UnitCurve
    public var duration: Double
    public var from: Double
    public var to: Double

    public init(curve: UnitCurve, duration: Double, from: Double = 0, to: Double = 1) {
        self.curve = curve
        self.duration = duration
        self.from = from
        self.to = to
    }

    /// The value `from + (to − from)·curve(t/duration)` and its time derivative at `time`.
    public func sample(at time: Double) -> (value: Double, velocity: Double) {
        let distance = to - from, progress = time / duration
        if progress > 1 { return (to, 0) }
        return (from + distance * curve.value(at: progress), distance * curve.velocity(at: progress) / duration)
    }
}
