/// A keyframe that moves toward its value with a spring: SwiftUI's `SpringKeyframe`.
///
/// Apple documents `init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(),
/// startVelocity: Value? = nil)` with `duration` "The duration of the segment defined by this
/// keyframe, or nil to use the settling duration of the spring", `spring` "The spring that defines
/// the shape of the segment before this keyframe" and `startVelocity` "The velocity of the value at
/// the start of the segment, or nil to automatically compute the velocity to maintain smooth motion"
/// (developer.apple.com/documentation/swiftui/springkeyframe/init(_:duration:spring:startvelocity:)).
///
/// Hooke's reading:
/// - The spring starts from the value and velocity the previous segment ends with (velocity 0 at the
///   start of the timeline, or after a move), or from `startVelocity` when given, and pulls toward
///   `to`: value `x0 + spring.value(target: to − x0, initialVelocity: v0, time: t − start)`.
/// - `duration` is when the next keyframe takes over; the spring need not have arrived. The next
///   segment starts from the value and velocity the spring has then, so the motion stays continuous.
///   The same holds after the last keyframe: the timeline holds the value the spring reached, not
///   `to` (no jump at the end). *Unverified on a device.*
/// - `nil` duration: `spring.settlingDuration`, SwiftUI's settling duration of the spring (target 1,
///   initial velocity 0, ε = 0.001), a property of the spring alone, as the documentation's wording
///   "the settling duration of the spring" reads. A spring that never settles (bounce ≥ 1, settling
///   duration infinite) therefore needs an explicit duration.
public struct SpringKeyframe<Value: VectorArithmetic> {
    /// The value the spring pulls toward.
    public var to: Value
    /// The length of the segment in seconds, or `nil` for the spring's settling duration.
    public var duration: Double?
    /// The spring of the segment.
    public var spring: Spring
    /// The velocity at the start of the segment, or `nil` to continue the incoming velocity.
    public var startVelocity: Value?

    /// Creates a keyframe that springs toward `to`.
    ///
    /// - Precondition: `duration` is `nil`, or finite and ≥ 0.
    public init(_ to: Value, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        if let duration {
            precondition(duration >= 0 && duration.isFinite, "SpringKeyframe: duration must be finite and ≥ 0 (got \(duration))")
        }
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    /// The segment's length: `duration`, or the spring's settling duration when it is `nil`.
    /// (`package`: `Keyframe.duration` is the public form; the frame harness's keyframes reference
    /// reads it per spring keyframe.)
    package var resolvedDuration: Double { duration ?? spring.settlingDuration }
}

extension SpringKeyframe: Sendable where Value: Sendable {}
