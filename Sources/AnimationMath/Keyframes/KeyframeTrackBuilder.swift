/// Collects keyframes written one per line into an array, as SwiftUI's `KeyframeTrackContentBuilder`
/// does:
///
///     let timeline = KeyframeTimeline(initialValue: 0.0) {
///         CubicKeyframe(1.0, duration: 0.3)
///         SpringKeyframe(0.0, spring: .bouncy)
///     }
@resultBuilder
public enum KeyframeTrackBuilder<Value: VectorArithmetic> {
    public static func buildExpression(_ keyframe: LinearKeyframe<Value>) -> [Keyframe<Value>] { [.linear(keyframe)] }
    public static func buildExpression(_ keyframe: CubicKeyframe<Value>) -> [Keyframe<Value>] { [.cubic(keyframe)] }
    public static func buildExpression(_ keyframe: SpringKeyframe<Value>) -> [Keyframe<Value>] { [.spring(keyframe)] }
    public static func buildExpression(_ keyframe: MoveKeyframe<Value>) -> [Keyframe<Value>] { [.move(keyframe)] }
    public static func buildExpression(_ keyframe: Keyframe<Value>) -> [Keyframe<Value>] { [keyframe] }
    public static func buildExpression(_ keyframes: [Keyframe<Value>]) -> [Keyframe<Value>] { keyframes }
    public static func buildBlock(_ parts: [Keyframe<Value>]...) -> [Keyframe<Value>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Keyframe<Value>]?) -> [Keyframe<Value>] { part ?? [] }
    public static func buildEither(first part: [Keyframe<Value>]) -> [Keyframe<Value>] { part }
    public static func buildEither(second part: [Keyframe<Value>]) -> [Keyframe<Value>] { part }
    public static func buildArray(_ parts: [[Keyframe<Value>]]) -> [Keyframe<Value>] { parts.flatMap { $0 } }
}
