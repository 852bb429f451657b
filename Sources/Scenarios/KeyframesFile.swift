import HookeSupport
import AnimationMath
import Foundation

/// A keyframe timeline read from JSON for `hooke eval keyframes`, validated field by field. Every
/// problem is a `InputError` whose message starts with the JSON path of the field, e.g.
/// `keyframes[1].linear.duration: must be ≥ 0, got -1`.
///
/// ```json
/// { "initial": 0,
///   "keyframes": [
///     {"spring": {"value": 1, "duration": 1.0, "spring": {"duration": 0.5, "bounce": 0.3}}},
///     {"linear": {"value": 3, "duration": 0.5, "timingCurve": "easeInOut"}},
///     {"cubic":  {"value": 2, "duration": 0.4, "startVelocity": 0, "endVelocity": 0}},
///     {"move":   {"value": -2}} ] }
/// ```
///
/// - `initial`: a number, or a non-empty array of numbers (a vector). Every `value`, `startVelocity`
///   and `endVelocity` must then have the same shape (a number, or an array of the same length).
/// - `keyframes`: an array (possibly empty) of objects with exactly one key, the keyframe's kind:
///   - `linear`: `value`, `duration` (≥ 0), optional `timingCurve`: a name (`linear` (default),
///     `easeIn`, `easeOut`, `easeInOut`, `circularEaseIn`, `circularEaseOut`, `circularEaseInOut`) or
///     four numbers `[x1, y1, x2, y2]` (Bézier control points, x in [0, 1]);
///   - `cubic`: `value`, `duration` (≥ 0), optional `startVelocity`, `endVelocity` (omitted: chosen
///     for smooth motion, see `CubicKeyframe`);
///   - `spring`: `value`, optional `duration` (≥ 0; omitted: the spring's settling duration, which
///     must then be finite), optional `spring`, optional `startVelocity` (omitted: the incoming
///     velocity). A spring is one of `{"duration": D, "bounce": B}` (D > 0, B > −1; either may be
///     omitted: 0.5 and 0), `{"response": R, "dampingRatio": Z}` (R > 0, Z ≥ 0, both required),
///     `{"mass": M, "stiffness": K, "damping": C, "allowOverDamping": false}` (M > 0, default 1;
///     K > 0, C ≥ 0 required); omitted: `Spring()` (duration 0.5, bounce 0);
///   - `move`: `value`.
/// - Unknown keys, wrong types, non-finite numbers (1e999) and out-of-range values are errors. JSON
///   has no NaN or Infinity literals, so those are rejected by the reader with a line and column.
public struct KeyframesFile: Sendable {
    /// The components of the initial value; a scalar file has one and `isVector == false`.
    public var initialValue: [Double]
    public var isVector: Bool
    /// The components of a vector value (`RowWriter.dimension`); nil for a scalar.
    public var dimension: Int? { isVector ? initialValue.count : nil }
    public var keyframes: [KeyframeSpec]

    static let kinds = ["linear", "cubic", "spring", "move"]
    static let curveNames = CurveTrajectory.presets

    /// One keyframe with its values as component lists (the shape is checked against `initial`).
    public enum KeyframeSpec: Sendable {
        case linear(to: [Double], duration: Double, curve: UnitCurve)
        case cubic(to: [Double], duration: Double, startVelocity: [Double]?, endVelocity: [Double]?)
        case spring(to: [Double], duration: Double?, spring: Spring, startVelocity: [Double]?)
        case move(to: [Double])
    }

    /// Reads the timeline file at `path`; an error's message starts with the path, then the JSON path.
    public init(path: String) throws {
        self = try StrictJSON.load(path, Self.init(json:))
    }

    /// Reads a timeline from its JSON text; an error's message starts with the JSON path.
    public init(json text: String) throws {
        let root = JSONField(try StrictJSON.parse(text), path: "")
        guard case .object(_) = root.value else {
            throw InputError("timeline: expected an object with \"initial\" and \"keyframes\", got \(root.value.typeName)")
        }
        let fields = try root.object(allowed: ["initial", "keyframes"])
        (initialValue, isVector) = try fields.required("initial").vectorOrNumber()
        let shape = Shape(dimension: initialValue.count, isVector: isVector)
        keyframes = try fields.required("keyframes").array().map { try Self.keyframe($0, shape: shape) }
        let total = keyframes.reduce(0.0) { sum, keyframe in
            switch keyframe {
            case .linear(_, let duration, _), .cubic(_, let duration, _, _): return sum + duration
            case .spring(_, let duration, let spring, _): return sum + (duration ?? spring.settlingDuration)
            case .move: return sum
            }
        }
        guard total <= InputRange.maximumTime else {
            throw InputError("keyframes: the durations add up to \(formatShort(total)) seconds; the total must be ≤ 1e9 (a spring keyframe without a duration lasts its settling duration)")
        }
    }

    /// The shape every value must have: a number for a scalar file, an array of `dimension` numbers
    /// for a vector file.
    struct Shape {
        var dimension: Int
        var isVector: Bool

        func components(_ field: JSONField) throws -> [Double] {
            let (components, fieldIsVector) = try field.vectorOrNumber()
            switch (isVector, fieldIsVector) {
            case (false, true):
                throw InputError("\(field.path): must be a number like \"initial\", got an array")
            case (true, false):
                throw InputError("\(field.path): must be an array of \(dimension) numbers like \"initial\", got a number")
            case (true, true) where components.count != dimension:
                throw InputError("\(field.path): must have \(dimension) components like \"initial\", got \(components.count)")
            default:
                return components
            }
        }
    }

    /// `{"KIND": {fields}}`: exactly one key, a keyframe kind.
    static func keyframe(_ item: JSONField, shape: Shape) throws -> KeyframeSpec {
        guard case .object(let members) = item.value else { throw item.typeError("an object") }
        guard members.count == 1 else {
            throw InputError("\(item.path): must be an object with exactly one keyframe kind (\(kinds.joined(separator: ", "))), got \(members.count) keys")
        }
        let kind = members[0].key
        let p = JSONField(members[0].value, path: "\(item.path).\(kind)")
        switch kind {
        case "linear":
            let f = try p.object(allowed: ["value", "duration", "timingCurve"])
            let curve = try f["timingCurve"].map(timingCurve) ?? .linear
            return .linear(to: try shape.components(f.required("value")),
                           duration: try f.required("duration").number(.durationOrZero), curve: curve)
        case "cubic":
            let f = try p.object(allowed: ["value", "duration", "startVelocity", "endVelocity"])
            return .cubic(to: try shape.components(f.required("value")),
                          duration: try f.required("duration").number(.durationOrZero),
                          startVelocity: try f["startVelocity"].map(shape.components),
                          endVelocity: try f["endVelocity"].map(shape.components))
        case "spring":
            let f = try p.object(allowed: ["value", "duration", "spring", "startVelocity"])
            let to = try shape.components(f.required("value"))
            let spring = try f["spring"].map(Self.spring) ?? Spring()
            if let given = f["spring"] { try InputRange.check(spring, inputs: given.path) }
            let duration = try f["duration"]?.number(.durationOrZero)
            if duration == nil, !spring.settlingDuration.isFinite {
                throw InputError("\(p.path).duration: missing, and the spring never settles (its settling duration is \(formatShort(spring.settlingDuration))); give a duration")
            }
            return .spring(to: to, duration: duration, spring: spring,
                           startVelocity: try f["startVelocity"].map(shape.components))
        case "move":
            let f = try p.object(allowed: ["value"])
            return .move(to: try shape.components(f.required("value")))
        default:
            throw InputError("\(p.path): unknown keyframe kind; known: \(kinds.joined(separator: ", "))")
        }
    }

    /// `"NAME"` or `[x1, y1, x2, y2]`.
    static func timingCurve(_ field: JSONField) throws -> UnitCurve {
        switch field.value {
        case .string(let name):
            guard let curve = curveNames.first(where: { $0.0 == name })?.1 else {
                throw InputError("\(field.path): unknown timing curve \"\(name)\"; known: \(curveNames.map(\.0).joined(separator: ", ")) or [x1, y1, x2, y2]")
            }
            return curve
        case .array:
            let points = try field.array().map { try $0.number(.any) }
            guard points.count == 4 else {
                throw InputError("\(field.path): must be four numbers [x1, y1, x2, y2], got \(points.count)")
            }
            for index in [0, 2] where !(0...1).contains(points[index]) {
                throw InputError("\(field.path)[\(index)]: control-point x must be in [0, 1], got \(formatShort(points[index], digits: 17))")
            }
            return .bezier(startControlPoint: UnitPoint(x: points[0], y: points[1]),
                           endControlPoint: UnitPoint(x: points[2], y: points[3]))
        default:
            throw field.typeError("a timing-curve name or [x1, y1, x2, y2]")
        }
    }

    /// One of the three spring forms (see the type's documentation).
    static func spring(_ field: JSONField) throws -> Spring {
        let f = try field.object(allowed: ["duration", "bounce", "response", "dampingRatio", "mass", "stiffness", "damping", "allowOverDamping"])
        let forms = [["duration", "bounce"], ["response", "dampingRatio"], ["mass", "stiffness", "damping", "allowOverDamping"]]
        let used = forms.filter { $0.contains(where: f.has) }
        if used.count > 1 {
            try f.rejectMixing(used[0], with: used[1])
        }
        if f.has("response") || f.has("dampingRatio") {
            return Spring(response: try f.required("response").number(.positive),
                          dampingRatio: try f.required("dampingRatio").number(.nonNegative))
        }
        if f.has("stiffness") || f.has("damping") || f.has("mass") || f.has("allowOverDamping") {
            return Spring(mass: try f["mass"]?.number(.positive) ?? 1,
                          stiffness: try f.required("stiffness").number(.positive),
                          damping: try f.required("damping").number(.nonNegative),
                          allowOverDamping: try f["allowOverDamping"]?.bool() ?? false)
        }
        return Spring(duration: try f["duration"]?.number(.positive) ?? 0.5,
                      bounce: try f["bounce"]?.number(.greaterThan(-1)) ?? 0)
    }

    /// The keyframes as `Keyframe<V>`, building each value with `make`.
    public func keyframes<V: VectorArithmetic>(_ make: ([Double]) -> V) -> [Keyframe<V>] {
        keyframes.map { spec in
            switch spec {
            case let .linear(to, duration, curve):
                return .linear(LinearKeyframe(make(to), duration: duration, timingCurve: curve))
            case let .cubic(to, duration, startVelocity, endVelocity):
                return .cubic(CubicKeyframe(make(to), duration: duration,
                                            startVelocity: startVelocity.map(make), endVelocity: endVelocity.map(make)))
            case let .spring(to, duration, spring, startVelocity):
                return .spring(SpringKeyframe(make(to), duration: duration, spring: spring,
                                              startVelocity: startVelocity.map(make)))
            case let .move(to):
                return .move(MoveKeyframe(make(to)))
            }
        }
    }
}
