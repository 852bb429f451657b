/// How a value changes over time, described by keyframes: SwiftUI's `KeyframeTimeline` (iOS 17).
///
/// Apple (developer.apple.com/documentation/swiftui/keyframetimeline): "keyframes don't interpolate
/// between from and to values that SwiftUI provides as state changes. Instead, keyframes fully define
/// the path that a value takes over time … they have a set duration, and you can scrub and evaluate
/// them for any time within the duration."
///
///     let timeline = KeyframeTimeline(initialValue: 0.0) {
///         SpringKeyframe(1.0, duration: 1.0, spring: Spring(duration: 0.5, bounce: 0.3))
///         LinearKeyframe(3.0, duration: 0.5)
///         CubicKeyframe(2.0, duration: 0.4)
///         MoveKeyframe(-2.0)
///     }
///     timeline.value(time: 1.25)   // 2.0: halfway along the linear keyframe from 1.0…
///
/// (…from the value the spring reached at 1.0 s, to be exact: see `SpringKeyframe`.)
///
/// Hooke holds one track for the whole value; SwiftUI's key-path tracks over parts of a value are
/// expressed by animating an `AnimatablePair` (or `AnimatableVector`) with keyframes on the whole.
/// The evaluation rules (knots, holding before and after, velocities) are `KeyframeTrack`'s.
///
/// Performance: all segment coefficients are computed at init; `value(time:)` is a binary search
/// over a contiguous array of start times plus one closed form, and never allocates for `Double` or
/// other inline values.
public struct KeyframeTimeline<Value: VectorArithmetic> {
    /// The resolved keyframes (`package`: the frame harness reads their segments; a user evaluates
    /// the timeline).
    @usableFromInline package let track: KeyframeTrack<Value>

    /// Creates a timeline that starts at `initialValue` and runs through `keyframes` in order.
    ///
    /// - Precondition: every keyframe's (resolved) duration is finite and ≥ 0.
    public init(initialValue: Value, keyframes: [Keyframe<Value>]) {
        track = KeyframeTrack(initialValue: initialValue, keyframes: keyframes)
    }

    /// Creates a timeline from keyframes written one per line.
    public init(initialValue: Value, @KeyframeTrackBuilder<Value> content: () -> [Keyframe<Value>]) {
        self.init(initialValue: initialValue, keyframes: content())
    }

    /// The value before the first keyframe.
    @inlinable public var initialValue: Value { track.initialValue }

    /// The total duration in seconds: the sum of the keyframes' durations (a spring keyframe without
    /// a duration counts its spring's settling duration).
    @inlinable public var duration: Double { track.duration }

    /// The value at `time` seconds: `initialValue` before 0, the final value from `duration` on.
    ///
    /// - Complexity: O(log n) in the number of keyframes; no allocation.
    @inlinable
    public func value(time: Double) -> Value { track.value(time: time) }

    /// The value at `progress` through the timeline: `value(time: progress · duration)`, with progress
    /// clamped to [0, 1] (SwiftUI: "Returns the interpolated value at the given progress in the range
    /// zero to one").
    @inlinable
    public func value(progress: Double) -> Value {
        let clamped = progress.isNaN ? progress : Swift.min(Swift.max(progress, 0), 1)
        return track.value(time: clamped * duration)
    }

    /// The rate of change of the value at `time`, in value units per second (a Hooke addition): the
    /// exact derivative of `value(time:)` inside each segment, 0 before 0 and from `duration` on.
    /// Where the velocity jumps (a corner after a linear keyframe, a move) this is the right-hand
    /// limit.
    ///
    /// - Complexity: O(log n) in the number of keyframes; no allocation.
    @inlinable
    public func velocity(time: Double) -> Value { track.velocity(time: time) }

    /// `value(time:)` and `velocity(time:)` from one segment search and one evaluation (a Hooke
    /// addition, for engines that need both every frame).
    @inlinable
    public func valueAndVelocity(time: Double) -> (value: Value, velocity: Value) { track.valueAndVelocity(time: time) }
}

extension KeyframeTimeline: Sendable where Value: Sendable {}
