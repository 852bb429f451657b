/// A keyframe that moves to its value along a straight line, paced by a timing curve: SwiftUI's
/// `LinearKeyframe` (iOS 17).
///
/// Apple documents `init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear)`,
/// "A keyframe that uses simple linear interpolation", with `timingCurve` "A unit curve that
/// controls the speed of interpolation" (developer.apple.com/documentation/swiftui/linearkeyframe).
///
/// Over its segment, from the value `x0` reached when the segment begins to `to`, the value is
/// `x0 + (to − x0)·curve(s)` with `s = (t − start) / duration`, and the velocity is
/// `(to − x0)·curve′(s) / duration`. The segment ignores the incoming velocity (a corner is allowed:
/// that is what "linear" means). A duration of 0 jumps to `to` like a `MoveKeyframe` (Hooke's
/// reading; there is no progress to pace).
public struct LinearKeyframe<Value: VectorArithmetic> {
    /// The value at the end of the segment.
    public var to: Value
    /// The length of the segment in seconds, ≥ 0 and finite.
    public var duration: Double
    /// The pacing of the interpolation over the segment's unit progress.
    public var timingCurve: UnitCurve

    /// Creates a keyframe that interpolates linearly to `to` over `duration` seconds.
    ///
    /// - Precondition: `duration` is finite and ≥ 0.
    public init(_ to: Value, duration: Double, timingCurve: UnitCurve = .linear) {
        precondition(duration >= 0 && duration.isFinite, "LinearKeyframe: duration must be finite and ≥ 0 (got \(duration))")
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }
}

extension LinearKeyframe: Sendable where Value: Sendable {}
