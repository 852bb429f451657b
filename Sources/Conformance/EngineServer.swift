import HookeSupport
import Scenarios

/// The engine's side of the protocol, for an engine written in Swift that is run as a process
/// (`examples/engines/hooke`): reads Hooke's lines, calls a `ConformanceEngine`, writes replies.
/// The exact inverse of `EngineProtocol`'s writer and `EngineReply`'s reader.
public enum EngineServer {
    /// Answers hello, each case, and bye, then returns. `readLine` gives the next line of stdin
    /// (nil at its end); `write` writes one line to stdout and flushes it. Throws `InputError` on
    /// a line that is not a message of protocol version 1 (the engine should then exit non-zero).
    public static func serve<Engine: ConformanceEngine>(
        _ engine: inout Engine, readLine: () -> String?, write: (String) -> Void
    ) throws {
        while let line = readLine() {
            guard case .object(let members) = try StrictJSON.parse(line),
                  case .string(let type)? = members.first(where: { $0.key == "type" })?.value else {
                throw InputError("expected an object with a type")
            }
            switch type {
            case "hello":
                let identity = try engine.start()
                let kinds = identity.kinds.sorted().map { "\"\($0.rawValue)\"" }.joined(separator: ",")
                write(#"{"type":"hello","protocol":\#(EngineProtocol.version),"name":\#(jsonString(identity.name)),"version":\#(jsonString(identity.version)),"kinds":[\#(kinds)]}"#)
            case "case":
                let (id, request) = try decodeCase(members)
                write(resultLine(id: id, try engine.answer(request, caseID: id)))
            case "bye":
                try engine.finish()
                return
            default:
                throw InputError("type: unknown message \(quoted(type))")
            }
        }
    }

    /// `{"type":"result","id":…,"values":[…],"velocities":[…]}` or `…,"unsupported":"why"}`.
    public static func resultLine(id: String, _ answer: EngineAnswer) -> String {
        switch answer {
        case .unsupported(let reason):
            return #"{"type":"result","id":\#(jsonString(id)),"unsupported":\#(jsonString(reason))}"#
        case .samples(let samples):
            var line = #"{"type":"result","id":\#(jsonString(id)),"values":\#(list(samples.values))"#
            if let velocities = samples.velocities { line += #","velocities":\#(list(velocities))"# }
            if let times = samples.times { line += #","times":\#(list(times))"# }
            return line + "}"
        }
    }

    static func list(_ numbers: [Double]) -> String { "[" + numbers.map(formatJSONNumber).joined(separator: ",") + "]" }

    /// A case line's id and request.
    public static func decodeCase(_ line: String) throws -> (id: String, request: ConformanceRequest) {
        guard case .object(let members) = try StrictJSON.parse(line) else { throw InputError("expected an object") }
        return try decodeCase(members)
    }

    static func decodeCase(_ members: [(key: String, value: StrictJSON)]) throws -> (id: String, request: ConformanceRequest) {
        func field(_ key: String) throws -> StrictJSON {
            guard let value = members.first(where: { $0.key == key })?.value else { throw InputError("\(key): missing") }
            return value
        }
        guard case .string(let id) = try field("id"), case .string(let kind) = try field("kind") else {
            throw InputError("id and kind must be strings")
        }
        switch ConformanceKind(rawValue: kind) {
        case .spring?:
            guard case .object(let parameters) = try field("spring") else { throw InputError("spring: expected an object") }
            func parameter(_ key: String) throws -> Double {
                guard case .number(let value, _)? = parameters.first(where: { $0.key == key })?.value else { throw InputError("spring.\(key): expected a number") }
                return value
            }
            guard case .array(let retargetList) = try field("retargets") else { throw InputError("retargets: expected an array") }
            let retargets = try retargetList.map { item -> SpringRequest.Retarget in
                guard case .object(let pair) = item,
                      case .number(let time, _)? = pair.first(where: { $0.key == "time" })?.value,
                      case .number(let to, _)? = pair.first(where: { $0.key == "to" })?.value else { throw InputError("retargets: expected {time, to}") }
                return SpringRequest.Retarget(time: time, to: to)
            }
            let spring = SpringRequest.Parameters(
                mass: try parameter("mass"), stiffness: try parameter("stiffness"), damping: try parameter("damping"),
                response: try parameter("response"), dampingRatio: try parameter("dampingRatio"),
                duration: try parameter("duration"), bounce: try parameter("bounce"))
            return (id, .spring(SpringRequest(spring: spring, from: try number(field("from")), to: try number(field("to")),
                                              velocity: try number(field("velocity")), retargets: retargets, times: try numbers(field("times")))))
        case .curve?:
            return (id, .curve(CurveRequest(bezier: try numbers(field("bezier")), progress: try numbers(field("progress")))))
        case .animation?:
            return (id, .animation(try AnimationRequest(json: try field("scenario").compactText)))
        case .transaction?:
            return (id, .transaction(try TransactionRequest(json: try field("scenario").compactText)))
        case nil:
            throw InputError("kind: unknown kind \(quoted(kind))")
        }
    }

    static func number(_ value: StrictJSON) throws -> Double {
        guard case .number(let number, _) = value else { throw InputError("expected a number, got \(value.typeName)") }
        return number
    }

    static func numbers(_ value: StrictJSON) throws -> [Double] {
        guard case .array(let items) = value else { throw InputError("expected an array of numbers, got \(value.typeName)") }
        return try items.map(number)
    }
}
