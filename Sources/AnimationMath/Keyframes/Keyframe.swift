/// One keyframe of a track: any of SwiftUI's four kinds.
///
/// SwiftUI gathers keyframes with a result builder into an opaque `KeyframeTrackContent`; Hooke keeps
/// them as an array of this enum (build one with `KeyframeTrackBuilder`, or write the array).
public enum Keyframe<Value: VectorArithmetic> {
    case linear(LinearKeyframe<Value>)
    case cubic(CubicKeyframe<Value>)
    case spring(SpringKeyframe<Value>)
    case move(MoveKeyframe<Value>)

    /// The value the keyframe moves to (a spring's target, which it may not reach).
    public var to: Value {
        switch self {
        case .linear(let keyframe): keyframe.to
        case .cubic(let keyframe): keyframe.to
        case .spring(let keyframe): keyframe.to
        case .move(let keyframe): keyframe.to
        }
    }

    /// The length of the keyframe's segment in seconds: 0 for a move, the settling duration for a
    /// spring without a duration.
    public var duration: Double {
        switch self {
        case .linear(let keyframe): keyframe.duration
        case .cubic(let keyframe): keyframe.duration
        case .spring(let keyframe): keyframe.resolvedDuration
        case .move: 0
        }
    }
}

extension Keyframe: Sendable where Value: Sendable {}
