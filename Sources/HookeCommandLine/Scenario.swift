import AnimationMath
import Foundation

/// A `hooke run` scenario: a value, frame times, and a timeline of transactions (changes with an
/// animation), read from JSON and validated field by field. Every problem is a `UsageError` whose
/// message starts with the JSON path of the field, e.g.
/// `transactions[2].animation.spring.response: must be > 0, got -1`.
///
/// ```json
/// { "value": 694,
///   "frames": [0.0167, 0.0333],                  (or "frameRate": 60 with "until": 2.0)
///   "transactions": [
///     { "time": 0, "value": 594, "animation": {"spring": {"response": 2.2, "dampingFraction": 0.5}} } ] }
/// ```
///
/// - `value`: a number, or an array of numbers (a vector; every transaction's value must then be an
///   array of the same length). Values may be any finite number.
/// - Frames: `frames` (times ≥ 0, non-decreasing) or `frameRate` (> 0) with `until` (≥ 0), giving
///   i/frameRate for i = 0, 1, … while ≤ until (plus 1e-9 of a frame for rounding).
/// - `transactions`: `time` (≥ 0, non-decreasing), `value`, and optionally `animation` (null, a base,
///   or `{"base": BASE, "modifiers": [...]}`), `completion` (a name), `completionCriteria`
///   (`"logicallyComplete"`, the default, or `"removed"`), `disablesAnimations` (a boolean).
///   A transaction at time T applies before the frame at T.
/// - Bases (omitted fields take SwiftUI's defaults): `spring` with response/dampingFraction/
///   blendDuration or duration/bounce/blendDuration; `smooth`, `snappy`, `bouncy` with duration/
///   extraBounce; `interactiveSpring` with response/dampingFraction/blendDuration or duration/
///   extraBounce/blendDuration; `interpolatingSpring` with mass/stiffness/damping/initialVelocity
///   (stiffness and damping required) or duration/bounce/initialVelocity; `linear`, `easeIn`,
///   `easeOut`, `easeInOut` with duration; `timingCurve` with controlPoints [x1, y1, x2, y2] and
///   duration; `default` with nothing.
/// - Modifiers, applied in order: `{"delay": d}`, `{"speed": s}`, `{"repeatCount": n, "autoreverses": b}`,
///   `{"repeatForever": true, "autoreverses": b}` (autoreverses defaults to true, as in SwiftUI),
///   `{"logicallyComplete": t}`.
///
/// Numeric rules: durations, responses, times, masses and stiffnesses must be > 0 or ≥ 0 as their
/// meaning needs; damping fractions and dampings ≥ 0; bounce > −1 (SwiftUI's mapping is undefined
/// at −1); extraBounce, initialVelocity and control-point y values any finite number.
struct Scenario {
    /// The components of the initial value; a scalar scenario has one and `isVector == false`.
    var initialValue: [Double]
    var isVector: Bool
    var frames: SampleTimes
    var transactions: [ScenarioTransaction]
    /// The distinct completion names, in order of first appearance (their index is the event id).
    var completionNames: [String]

    /// More frames than this is almost certainly a mistake (a tiny frame interval).
    static let maximumFrames = 10_000_000
    /// Slack for the last frame of a `frameRate` grid, as a fraction of a frame: covers the rounding
    /// of `until · frameRate` so a grid meant to end on `until` keeps its last frame.
    static let frameEndSlack = 1e-9

    init(path: String) throws {
        self = try ScenarioJSON.load(path, Self.init(json:))
    }

    init(json text: String) throws {
        let root = try JSONField(ScenarioJSON.parse(text), path: "")
        let fields = try root.object(allowed: ["value", "frames", "frameRate", "until", "transactions"])
        let value = try fields.required("value")
        (initialValue, isVector) = try value.vectorOrNumber()

        switch (fields["frames"], fields["frameRate"], fields["until"]) {
        case (let list?, nil, nil):
            let times = try list.array().map { try $0.number(.time) }
            for index in times.indices.dropFirst() where times[index] < times[index - 1] {
                throw UsageError("frames[\(index)]: times must not decrease, got \(formatShort(times[index], digits: 17)) after \(formatShort(times[index - 1], digits: 17))")
            }
            frames = SampleTimes(times)
        case (nil, let rate?, let until?):
            let frameRate = try rate.number(.positive)
            let end = try until.number(.time)
            let count = (end * frameRate + Self.frameEndSlack).rounded(.down) + 1
            guard count <= Double(Self.maximumFrames) else {
                throw UsageError("frameRate: \(formatShort(frameRate)) with until \(formatShort(end)) gives \(formatShort(count)) frames; at most \(Self.maximumFrames) are allowed")
            }
            frames = SampleTimes(count: Int(count), .rate(frameRate))  // computed when read: no array
        case (nil, _?, nil):
            throw UsageError("until: missing (frameRate needs until)")
        case (nil, nil, _?):
            throw UsageError("frameRate: missing (until needs frameRate)")
        case (nil, nil, nil):
            throw UsageError("frames: missing (give frames, or frameRate with until)")
        default:
            throw UsageError("frames: give either frames or frameRate with until, not both")
        }
        guard frames.count <= Self.maximumFrames else {
            throw UsageError("frames: at most \(Self.maximumFrames) frames are allowed, got \(frames.count)")
        }

        var names: [String] = []
        transactions = []
        for (index, item) in try fields.required("transactions").array().enumerated() {
            let transaction = try ScenarioTransaction(item, dimension: isVector ? initialValue.count : nil, names: &names)
            if let previous = transactions.last, transaction.time < previous.time {
                throw UsageError("transactions[\(index)].time: transactions must be sorted by time, got \(formatShort(transaction.time, digits: 17)) after \(formatShort(previous.time, digits: 17))")
            }
            transactions.append(transaction)
        }
        completionNames = names
    }
}

/// One change of a scenario.
struct ScenarioTransaction {
    var time: Double
    var value: [Double]
    var animation: Animation?
    var disablesAnimations: Bool
    /// The index of the completion's name in `Scenario.completionNames`.
    var completionID: Int?
    var completionCriteria: AnimationCompletionCriteria

    init(_ field: JSONField, dimension: Int?, names: inout [String]) throws {
        let fields = try field.object(allowed: [
            "time", "value", "animation", "completion", "completionCriteria", "disablesAnimations",
        ])
        time = try fields.required("time").number(.time)
        let valueField = try fields.required("value")
        let (components, isVector) = try valueField.vectorOrNumber()
        switch (dimension, isVector) {
        case (nil, true):
            throw UsageError("\(valueField.path): must be a number like the scenario's value, got an array")
        case (_?, false):
            throw UsageError("\(valueField.path): must be an array like the scenario's value, got a number")
        case let (n?, true) where n != components.count:
            throw UsageError("\(valueField.path): must have \(n) components like the scenario's value, got \(components.count)")
        default:
            break
        }
        value = components
        animation = try fields["animation"].flatMap { try $0.isNull ? nil : ScenarioAnimation.parse($0) }
        disablesAnimations = try fields["disablesAnimations"]?.bool() ?? false
        if let name = try fields["completion"]?.string() {
            if let existing = names.firstIndex(of: name) {
                completionID = existing
            } else {
                completionID = names.count
                names.append(name)
            }
        } else {
            completionID = nil
        }
        if let criteria = fields["completionCriteria"] {
            guard completionID != nil else {
                throw UsageError("\(criteria.path): needs a completion name in \(field.path.isEmpty ? "" : field.path + ".")completion")
            }
            switch try criteria.string() {
            case "logicallyComplete": completionCriteria = .logicallyComplete
            case "removed": completionCriteria = .removed
            case let other:
                throw UsageError("\(criteria.path): must be \"logicallyComplete\" or \"removed\", got \"\(other)\"")
            }
        } else {
            completionCriteria = .logicallyComplete
        }
    }
}

/// Builds an `Animation` from its JSON description (see `Scenario` for the grammar).
enum ScenarioAnimation {
    static let baseNames = [
        "spring", "smooth", "snappy", "bouncy", "interactiveSpring", "interpolatingSpring",
        "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "default",
    ]

    static func parse(_ field: JSONField) throws -> Animation {
        let members = try field.objectMembers()
        if members.contains(where: { $0.key == "base" }) {
            let fields = try field.object(allowed: ["base", "modifiers"])
            var animation = try base(fields.required("base"))
            for modifier in try fields["modifiers"]?.array() ?? [] {
                animation = try apply(modifier, to: animation)
            }
            return animation
        }
        return try base(field)
    }

    /// `{"NAME": {parameters}}`: exactly one key, a base name.
    static func base(_ field: JSONField) throws -> Animation {
        let members = try field.objectMembers()
        guard members.count == 1, let (name, parameters) = members.first.map({ ($0.key, $0.value) }) else {
            throw UsageError("\(field.path): must be an object with exactly one animation name (\(baseNames.joined(separator: ", "))) or {\"base\": ..., \"modifiers\": [...]}, got \(members.count) keys")
        }
        let p = JSONField(parameters, path: field.path.isEmpty ? name : "\(field.path).\(name)")
        switch name {
        case "spring":
            let f = try p.object(allowed: ["response", "dampingFraction", "blendDuration", "duration", "bounce"])
            let blend = try f["blendDuration"]?.number(.time) ?? 0
            if f.has("duration") || f.has("bounce") {
                try f.rejectMixing(["duration", "bounce"], with: ["response", "dampingFraction"])
                let duration = try f["duration"]?.number(.positive) ?? 0.5
                let bounce = try f["bounce"]?.number(.greaterThan(-1)) ?? 0
                try SpringOptions.checkRange(Spring(duration: duration, bounce: bounce), inputs: p.path)
                return .spring(duration: duration, bounce: bounce, blendDuration: blend)
            }
            if f.has("response") || f.has("dampingFraction") {
                let response = try f["response"]?.number(.positive) ?? 0.5
                let fraction = try f["dampingFraction"]?.number(.nonNegative) ?? 0.825
                try SpringOptions.checkRange(Spring(response: response, dampingRatio: fraction), inputs: p.path)
                return .spring(response: response, dampingFraction: fraction, blendDuration: blend)
            }
            return .spring(duration: 0.5, bounce: 0, blendDuration: blend)
        case "smooth", "snappy", "bouncy":
            let f = try p.object(allowed: ["duration", "extraBounce"])
            let duration = try f["duration"]?.number(.positive) ?? 0.5
            let preset = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3][name]!
            let extraBounce = try Self.extraBounce(f, preset: preset)
            try SpringOptions.checkRange(Spring(duration: duration, bounce: preset + extraBounce), inputs: p.path)
            switch name {
            case "smooth": return .smooth(duration: duration, extraBounce: extraBounce)
            case "snappy": return .snappy(duration: duration, extraBounce: extraBounce)
            default: return .bouncy(duration: duration, extraBounce: extraBounce)
            }
        case "interactiveSpring":
            let f = try p.object(allowed: ["response", "dampingFraction", "blendDuration", "duration", "extraBounce"])
            let blend = try f["blendDuration"]?.number(.time) ?? 0.25
            if f.has("duration") || f.has("extraBounce") {
                try f.rejectMixing(["duration", "extraBounce"], with: ["response", "dampingFraction"])
                let duration = try f["duration"]?.number(.positive) ?? 0.15
                let extraBounce = try Self.extraBounce(f, preset: 0.15)
                try SpringOptions.checkRange(Spring(duration: duration, bounce: 0.15 + extraBounce), inputs: p.path)
                return .interactiveSpring(duration: duration, extraBounce: extraBounce, blendDuration: blend)
            }
            let response = try f["response"]?.number(.positive) ?? 0.15
            let fraction = try f["dampingFraction"]?.number(.nonNegative) ?? 0.86
            try SpringOptions.checkRange(Spring(response: response, dampingRatio: fraction), inputs: p.path)
            return .interactiveSpring(response: response, dampingFraction: fraction, blendDuration: blend)
        case "interpolatingSpring":
            let f = try p.object(allowed: ["mass", "stiffness", "damping", "initialVelocity", "duration", "bounce"])
            let initialVelocity = try f["initialVelocity"]?.number(.any) ?? 0
            if f.has("stiffness") || f.has("damping") || f.has("mass") {
                try f.rejectMixing(["mass", "stiffness", "damping"], with: ["duration", "bounce"])
                let mass = try f["mass"]?.number(.positive) ?? 1
                let stiffness = try f.required("stiffness").number(.positive)
                let damping = try f.required("damping").number(.nonNegative)
                try SpringOptions.checkRange(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
                                             inputs: p.path)
                return .interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
            }
            let duration = try f["duration"]?.number(.positive) ?? 0.5
            let bounce = try f["bounce"]?.number(.greaterThan(-1)) ?? 0
            try SpringOptions.checkRange(Spring(duration: duration, bounce: bounce), inputs: p.path)
            return .interpolatingSpring(duration: duration, bounce: bounce, initialVelocity: initialVelocity)
        case "linear", "easeIn", "easeOut", "easeInOut":
            let f = try p.object(allowed: ["duration"])
            let duration = try f["duration"]?.number(.duration) ?? Animation.defaultTimingCurveDuration
            switch name {
            case "linear": return .linear(duration: duration)
            case "easeIn": return .easeIn(duration: duration)
            case "easeOut": return .easeOut(duration: duration)
            default: return .easeInOut(duration: duration)
            }
        case "timingCurve":
            let f = try p.object(allowed: ["controlPoints", "duration"])
            let pointsField = try f.required("controlPoints")
            let points = try pointsField.array().map { try $0.number(.any) }
            guard points.count == 4 else {
                throw UsageError("\(pointsField.path): must be four numbers [x1, y1, x2, y2], got \(points.count)")
            }
            for index in [0, 2] where !(0...1).contains(points[index]) {
                throw UsageError("\(pointsField.path)[\(index)]: control-point x must be in [0, 1], got \(formatShort(points[index], digits: 17))")
            }
            let duration = try f["duration"]?.number(.duration) ?? Animation.defaultTimingCurveDuration
            return .timingCurve(points[0], points[1], points[2], points[3], duration: duration)
        case "default":
            _ = try p.object(allowed: [])
            return .default
        default:
            throw UsageError("\(p.path): unknown animation \(quoted(name)); known: \(baseNames.joined(separator: ", "))")
        }
    }

    /// `extraBounce` (default 0), such that the preset's bounce plus it stays > −1, where SwiftUI's
    /// bounce-to-damping mapping 1/(1 + b) is defined.
    static func extraBounce(_ f: JSONObject, preset: Double) throws -> Double {
        guard let field = f["extraBounce"] else { return 0 }
        let extra = try field.number(.any)
        guard preset + extra > -1 else {
            throw UsageError("\(field.path): the bounce \(formatShort(preset)) + extraBounce must be > -1, got extraBounce \(formatShort(extra, digits: 17))")
        }
        return extra
    }

    static func apply(_ field: JSONField, to animation: Animation) throws -> Animation {
        let f = try field.object(allowed: ["delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyComplete"])
        let kinds = ["delay", "speed", "repeatCount", "repeatForever", "logicallyComplete"].filter { f.has($0) }
        guard kinds.count == 1 else {
            throw UsageError("\(field.path): must hold exactly one modifier (delay, speed, repeatCount, repeatForever, logicallyComplete), got \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))")
        }
        if f.has("autoreverses"), kinds[0] != "repeatCount", kinds[0] != "repeatForever" {
            throw UsageError("\(field.path).autoreverses: only goes with repeatCount or repeatForever")
        }
        let autoreverses = try f["autoreverses"]?.bool() ?? true
        switch kinds[0] {
        case "delay": return animation.delay(try f.required("delay").number(.time))
        case "speed":
            let field = try f.required("speed")
            let speed = try field.number(.positive)
            guard (1e-6...1e6).contains(speed) else {
                throw UsageError("\(field.path): must be in [1e-6, 1e6], got \(formatShort(speed, digits: 17))")
            }
            return animation.speed(speed)
        case "repeatCount":
            let countField = try f.required("repeatCount")
            let count = try countField.number(.nonNegative)
            guard count == count.rounded(), count <= Double(Int32.max) else {
                throw UsageError("\(countField.path): must be a whole number, got \(formatShort(count, digits: 17))")
            }
            return animation.repeatCount(Int(count), autoreverses: autoreverses)
        case "repeatForever":
            let flag = try f.required("repeatForever")
            guard try flag.bool() else { throw UsageError("\(flag.path): must be true (omit the modifier to play once)") }
            return animation.repeatForever(autoreverses: autoreverses)
        default:
            return animation.logicallyComplete(after: try f.required("logicallyComplete").number(.time))
        }
    }
}

/// A JSON value with its path, and typed accessors whose errors name that path.
struct JSONField {
    var value: ScenarioJSON
    /// `transactions[2].animation.spring.response`; empty for the root.
    var path: String

    init(_ value: ScenarioJSON, path: String) {
        self.value = value
        self.path = path
    }

    var isNull: Bool { value == .null }
    var label: String { path.isEmpty ? "scenario" : path }

    func typeError(_ expected: String) -> UsageError {
        UsageError("\(label): expected \(expected), got \(value.typeName)")
    }

    func number(_ constraint: NumberConstraint) throws -> Double {
        guard case .number(let number, let text) = value else { throw typeError("a number") }
        guard number.isFinite else { throw UsageError("\(label): must be a finite number, got \(text)") }
        if let problem = constraint.check(number) {
            throw UsageError("\(label): \(problem), got \(text)")
        }
        return number
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw typeError("true or false") }
        return flag
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw typeError("a string") }
        return text
    }

    func array() throws -> [JSONField] {
        guard case .array(let elements) = value else { throw typeError("an array") }
        return elements.enumerated().map { JSONField($1, path: "\(path)[\($0)]") }
    }

    func objectMembers() throws -> [(key: String, value: ScenarioJSON)] {
        guard case .object(let members) = value else { throw typeError("an object") }
        return members
    }

    /// The members of an object whose keys must all be in `allowed`.
    func object(allowed: [String]) throws -> JSONObject {
        var fields: [String: JSONField] = [:]
        for (key, member) in try objectMembers() {
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                let known = allowed.isEmpty ? "it takes no keys" : "known keys: \(allowed.joined(separator: ", "))"
                throw UsageError("\(memberPath): unknown key; \(known)")
            }
            fields[key] = JSONField(member, path: memberPath)
        }
        return JSONObject(fields: fields, path: path)
    }

    /// A number (a scalar) or a non-empty array of numbers (a vector).
    func vectorOrNumber() throws -> (components: [Double], isVector: Bool) {
        switch value {
        case .number:
            return ([try number(.any)], false)
        case .array:
            let elements = try array()
            guard !elements.isEmpty else { throw UsageError("\(label): a vector needs at least one component") }
            return (try elements.map { try $0.number(.any) }, true)
        default:
            throw typeError("a number or an array of numbers")
        }
    }
}

/// The checked members of a JSON object.
struct JSONObject {
    var fields: [String: JSONField]
    var path: String

    subscript(key: String) -> JSONField? { fields[key] }

    func has(_ key: String) -> Bool { fields[key] != nil }

    func required(_ key: String) throws -> JSONField {
        guard let field = fields[key] else {
            throw UsageError("\(path.isEmpty ? key : "\(path).\(key)"): missing")
        }
        return field
    }

    /// Two parameterisations of one thing must not be mixed.
    func rejectMixing(_ these: [String], with those: [String]) throws {
        if let this = these.first(where: has), let that = those.first(where: has) {
            throw UsageError("\(fields[that]!.path): cannot be combined with \(this); use \(these.joined(separator: "/")) or \(those.joined(separator: "/"))")
        }
    }
}
