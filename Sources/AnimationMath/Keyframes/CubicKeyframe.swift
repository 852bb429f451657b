/// A keyframe that moves to its value along a cubic (Hermite) curve: SwiftUI's `CubicKeyframe`.
///
/// Apple (developer.apple.com/documentation/swiftui/cubickeyframe): "If you don't specify a start or
/// end velocity, SwiftUI automatically computes a curve that maintains smooth motion between
/// keyframes. Adjacent cubic keyframes result in a Catmull-Rom spline. If a cubic keyframe follows a
/// different type of keyframe, such as a linear keyframe, the end velocity of the segment defined by
/// the previous keyframe will be used as the starting velocity. Likewise, if a cubic keyframe is
/// followed by a different type of keyframe, the initial velocity of the next segment is used as the
/// end velocity of the segment defined by this keyframe."
///
/// Over its segment the value is the cubic Hermite interpolant of (x0, v0) at the start and
/// (to, v1) at the end, in time, so velocities are in value units per second. How Hooke chooses
/// v0 and v1 when they are `nil` (the rules are in `KeyframeTrack`):
/// - v0: the velocity the previous segment ends with (0 at the start of the timeline, where the value
///   has been at rest) — which, between two cubics, is the Catmull-Rom velocity below.
/// - v1, next keyframe cubic or spring without a start velocity: the Catmull-Rom velocity in time,
///   `(x₊ − x₋) / (t₊ − t₋)`, the chord from the start of this segment to the end of the next one.
///   Apple names Catmull-Rom but not its parameterisation; the uniform form's per-segment tangent
///   `(x₊ − x₋)/2` would make the velocity jump at a knot whenever neighbouring durations differ, which
///   contradicts "maintains smooth motion", so Hooke uses the non-uniform (time) form. *Unverified on
///   a device.*
/// - v1, next keyframe with an explicit start velocity: that velocity (Apple's rule above).
/// - v1, next keyframe linear: the linear segment's start velocity `(x₊ − to)·curve′(0)/d₊`.
/// - v1, next keyframe a move, or no next keyframe: 0, the velocity of the value holding still.
/// A duration of 0 jumps to `to` (there is no curve to follow).
public struct CubicKeyframe<Value: VectorArithmetic> {
    /// The value at the end of the segment.
    public var to: Value
    /// The length of the segment in seconds, ≥ 0 and finite.
    public var duration: Double
    /// The velocity at the start of the segment, or `nil` to keep the motion smooth.
    public var startVelocity: Value?
    /// The velocity at the end of the segment, or `nil` to keep the motion smooth.
    public var endVelocity: Value?

    /// Creates a keyframe that follows a cubic curve to `to` over `duration` seconds.
    ///
    /// - Precondition: `duration` is finite and ≥ 0.
    public init(_ to: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        precondition(duration >= 0 && duration.isFinite, "CubicKeyframe: duration must be finite and ≥ 0 (got \(duration))")
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }
}

extension CubicKeyframe: Sendable where Value: Sendable {}
