import HookeSupport
import AnimationMath

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
            throw InputError("\(field.path): must be an object with exactly one animation name (\(baseNames.joined(separator: ", "))) or {\"base\": ..., \"modifiers\": [...]}, got \(members.count) keys")
        }
        let p = JSONField(parameters, path: field.path.isEmpty ? name : "\(field.path).\(name)")
        switch name {
        case "spring": return try spring(p)
        case "smooth", "snappy", "bouncy": return try presetSpring(name, p)
        case "interactiveSpring": return try interactiveSpring(p)
        case "interpolatingSpring": return try interpolatingSpring(p)
        case "linear", "easeIn", "easeOut", "easeInOut": return try curve(name, p)
        case "timingCurve": return try timingCurve(p)
        case "default":
            _ = try p.object(allowed: [])
            return .default
        default:
            throw InputError("\(p.path): unknown animation \(quoted(name)); known: \(baseNames.joined(separator: ", "))")
        }
    }

    /// `spring`: response/dampingFraction/blendDuration or duration/bounce/blendDuration.
    static func spring(_ p: JSONField) throws -> Animation {
        let f = try p.object(allowed: ["response", "dampingFraction", "blendDuration", "duration", "bounce"])
        let blend = try f["blendDuration"]?.number(.time) ?? 0
        if f.has("duration") || f.has("bounce") {
            try f.rejectMixing(["duration", "bounce"], with: ["response", "dampingFraction"])
            let duration = try f["duration"]?.number(.positive) ?? 0.5
            let bounce = try f["bounce"]?.number(.greaterThan(-1)) ?? 0
            try InputRange.check(Spring(duration: duration, bounce: bounce), inputs: p.path)
            return .spring(duration: duration, bounce: bounce, blendDuration: blend)
        }
        if f.has("response") || f.has("dampingFraction") {
            let response = try f["response"]?.number(.positive) ?? 0.5
            let fraction = try f["dampingFraction"]?.number(.nonNegative) ?? 0.825
            try InputRange.check(Spring(response: response, dampingRatio: fraction), inputs: p.path)
            return .spring(response: response, dampingFraction: fraction, blendDuration: blend)
        }
        return .spring(duration: 0.5, bounce: 0, blendDuration: blend)
    }

    /// `smooth`, `snappy`, `bouncy`: duration/extraBounce on top of the preset's bounce.
    static func presetSpring(_ name: String, _ p: JSONField) throws -> Animation {
        let f = try p.object(allowed: ["duration", "extraBounce"])
        let duration = try f["duration"]?.number(.positive) ?? 0.5
        let preset = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3][name]!
        let extraBounce = try Self.extraBounce(f, preset: preset)
        try InputRange.check(Spring(duration: duration, bounce: preset + extraBounce), inputs: p.path)
        switch name {
        case "smooth": return .smooth(duration: duration, extraBounce: extraBounce)
        case "snappy": return .snappy(duration: duration, extraBounce: extraBounce)
        default: return .bouncy(duration: duration, extraBounce: extraBounce)
        }
    }

    /// `interactiveSpring`: response/dampingFraction/blendDuration or duration/extraBounce/blendDuration.
    static func interactiveSpring(_ p: JSONField) throws -> Animation {
        let f = try p.object(allowed: ["response", "dampingFraction", "blendDuration", "duration", "extraBounce"])
        let blend = try f["blendDuration"]?.number(.time) ?? 0.25
        if f.has("duration") || f.has("extraBounce") {
            try f.rejectMixing(["duration", "extraBounce"], with: ["response", "dampingFraction"])
            let duration = try f["duration"]?.number(.positive) ?? 0.15
            let extraBounce = try Self.extraBounce(f, preset: 0.15)
            try InputRange.check(Spring(duration: duration, bounce: 0.15 + extraBounce), inputs: p.path)
            return .interactiveSpring(duration: duration, extraBounce: extraBounce, blendDuration: blend)
        }
        let response = try f["response"]?.number(.positive) ?? 0.15
        let fraction = try f["dampingFraction"]?.number(.nonNegative) ?? 0.86
        try InputRange.check(Spring(response: response, dampingRatio: fraction), inputs: p.path)
        return .interactiveSpring(response: response, dampingFraction: fraction, blendDuration: blend)
    }

    /// `interpolatingSpring`: mass/stiffness/damping/initialVelocity or duration/bounce/initialVelocity.
    static func interpolatingSpring(_ p: JSONField) throws -> Animation {
        let f = try p.object(allowed: ["mass", "stiffness", "damping", "initialVelocity", "duration", "bounce"])
        let initialVelocity = try f["initialVelocity"]?.number(.any) ?? 0
        if f.has("stiffness") || f.has("damping") || f.has("mass") {
            try f.rejectMixing(["mass", "stiffness", "damping"], with: ["duration", "bounce"])
            let mass = try f["mass"]?.number(.positive) ?? 1
            let stiffness = try f.required("stiffness").number(.positive)
            let damping = try f.required("damping").number(.nonNegative)
            try InputRange.check(Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
                                 inputs: p.path)
            return .interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        }
        let duration = try f["duration"]?.number(.positive) ?? 0.5
        let bounce = try f["bounce"]?.number(.greaterThan(-1)) ?? 0
        try InputRange.check(Spring(duration: duration, bounce: bounce), inputs: p.path)
        return .interpolatingSpring(duration: duration, bounce: bounce, initialVelocity: initialVelocity)
    }

    /// `linear`, `easeIn`, `easeOut`, `easeInOut`: duration.
    static func curve(_ name: String, _ p: JSONField) throws -> Animation {
        let f = try p.object(allowed: ["duration"])
        let duration = try f["duration"]?.number(.duration) ?? Animation.defaultTimingCurveDuration
        switch name {
        case "linear": return .linear(duration: duration)
        case "easeIn": return .easeIn(duration: duration)
        case "easeOut": return .easeOut(duration: duration)
        default: return .easeInOut(duration: duration)
        }
    }

    /// `timingCurve`: controlPoints [x1, y1, x2, y2] (x in [0, 1]) and duration.
    static func timingCurve(_ p: JSONField) throws -> Animation {
        let f = try p.object(allowed: ["controlPoints", "duration"])
        let pointsField = try f.required("controlPoints")
        let points = try pointsField.array().map { try $0.number(.any) }
        guard points.count == 4 else {
            throw InputError("\(pointsField.path): must be four numbers [x1, y1, x2, y2], got \(points.count)")
        }
        for index in [0, 2] where !(0...1).contains(points[index]) {
            throw InputError("\(pointsField.path)[\(index)]: control-point x must be in [0, 1], got \(formatShort(points[index], digits: 17))")
        }
        let duration = try f["duration"]?.number(.duration) ?? Animation.defaultTimingCurveDuration
        return .timingCurve(points[0], points[1], points[2], points[3], duration: duration)
    }

    /// `extraBounce` (default 0), such that the preset's bounce plus it stays > −1, where SwiftUI's
    /// bounce-to-damping mapping 1/(1 + b) is defined.
    static func extraBounce(_ f: JSONObject, preset: Double) throws -> Double {
        guard let field = f["extraBounce"] else { return 0 }
        let extra = try field.number(.any)
        guard preset + extra > -1 else {
            throw InputError("\(field.path): the bounce \(formatShort(preset)) + extraBounce must be > -1, got extraBounce \(formatShort(extra, digits: 17))")
        }
        return extra
    }

    static func apply(_ field: JSONField, to animation: Animation) throws -> Animation {
        let f = try field.object(allowed: ["delay", "speed", "repeatCount", "repeatForever", "autoreverses", "logicallyComplete"])
        let kinds = ["delay", "speed", "repeatCount", "repeatForever", "logicallyComplete"].filter { f.has($0) }
        guard kinds.count == 1 else {
            throw InputError("\(field.path): must hold exactly one modifier (delay, speed, repeatCount, repeatForever, logicallyComplete), got \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))")
        }
        if f.has("autoreverses"), kinds[0] != "repeatCount", kinds[0] != "repeatForever" {
            throw InputError("\(field.path).autoreverses: only goes with repeatCount or repeatForever")
        }
        let autoreverses = try f["autoreverses"]?.bool() ?? true
        switch kinds[0] {
        case "delay": return animation.delay(try f.required("delay").number(.time))
        case "speed":
            let field = try f.required("speed")
            let speed = try field.number(.positive)
            guard (1e-6...1e6).contains(speed) else {
                throw InputError("\(field.path): must be in [1e-6, 1e6], got \(formatShort(speed, digits: 17))")
            }
            return animation.speed(speed)
        case "repeatCount":
            let countField = try f.required("repeatCount")
            let count = try countField.number(.nonNegative)
            guard count == count.rounded(), count <= Double(Int32.max) else {
                throw InputError("\(countField.path): must be a whole number, got \(formatShort(count, digits: 17))")
            }
            return animation.repeatCount(Int(count), autoreverses: autoreverses)
        case "repeatForever":
            let flag = try f.required("repeatForever")
            guard try flag.bool() else { throw InputError("\(flag.path): must be true (omit the modifier to play once)") }
            return animation.repeatForever(autoreverses: autoreverses)
        default:
            return animation.logicallyComplete(after: try f.required("logicallyComplete").number(.time))
        }
    }
}
