/// A keyframe that jumps to its value at once: SwiftUI's `MoveKeyframe`, "A keyframe that
/// immediately moves to the given value without interpolating"
/// (developer.apple.com/documentation/swiftui/movekeyframe).
///
/// It takes no time: at the moment it is reached the value is `to`, exactly. Hooke's reading of the
/// velocity: a jump carries no motion, so the velocity after a move is 0 (the value holds at `to`
/// until the next segment), and a following spring or cubic keyframe without a start velocity
/// starts from rest.
public struct MoveKeyframe<Value: VectorArithmetic> {
    /// The value jumped to.
    public var to: Value

    /// Creates a keyframe that jumps to `to`.
    public init(_ to: Value) {
        self.to = to
    }
}

extension MoveKeyframe: Sendable where Value: Sendable {}
