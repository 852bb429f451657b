import HookeSupport
import Scenarios

/// The JSON Lines protocol between `hooke conform` and an engine process, version 1: what Hooke
/// writes (hello, one case per line, bye) and the strict reader of what the engine writes back.
/// The contract is the DocC article JSONLinesProtocol (Conformance.docc); this file is its one implementation.
public enum EngineProtocol {
    /// The protocol version this judge speaks; an engine's hello must say the same.
    public static let version = 1
    /// The longest line an engine may write, in bytes (newline excluded).
    public static let maximumLineBytes = 64 << 20

    /// Hooke's hello.
    public static var hello: String { #"{"type":"hello","protocol":\#(version)}"# }
    /// The last message; Hooke then closes the engine's stdin and the engine exits 0.
    public static let bye = #"{"type":"bye"}"#

    /// One case as a line: `{"type":"case","id":…,"kind":…, <inputs>}`.
    public static func caseLine(_ request: ConformanceRequest, id: String) -> String {
        var line = #"{"type":"case","id":\#(jsonString(id)),"kind":"\#(request.kind.rawValue)","#
        switch request {
        case .spring(let spring):
            let p = spring.spring
            let parameters = [("mass", p.mass), ("stiffness", p.stiffness), ("damping", p.damping),
                              ("response", p.response), ("dampingRatio", p.dampingRatio),
                              ("duration", p.duration), ("bounce", p.bounce)]
            line += #""spring":{"# + parameters.map { "\"\($0.0)\":\(formatNumber($0.1))" }.joined(separator: ",") + "},"
            line += #""from":\#(formatNumber(spring.from)),"to":\#(formatNumber(spring.to)),"velocity":\#(formatNumber(spring.velocity)),"#
            line += #""retargets":["# + spring.retargets.map {
                #"{"time":\#(formatNumber($0.time)),"to":\#(formatNumber($0.to))}"#
            }.joined(separator: ",") + "],"
            line += #""times":"# + numbers(spring.times)
        case .curve(let curve):
            line += #""bezier":\#(numbers(curve.bezier)),"progress":\#(numbers(curve.progress))"#
        case .animation(let animation):
            line += #""scenario":"# + animation.json
        case .transaction(let transaction):
            line += #""scenario":"# + transaction.json + #","values":["# + transaction.valueNames.map(jsonString).joined(separator: ",") + "]"
        }
        return line + "}"
    }

    static func numbers(_ list: [Double]) -> String {
        "[" + list.map(formatNumber).joined(separator: ",") + "]"
    }
}

/// A line an engine wrote, read strictly (RFC 8259 by `StrictJSON`, every key checked). One
/// leniency: the bare tokens `NaN`, `Infinity` and `-Infinity` (what many JSON writers emit for
/// non-finite numbers) are read as those numbers, so the judge can say which value is not finite
/// instead of calling the whole line garbage; `null` in a number list reads as NaN.
public enum EngineReply: Sendable, Equatable {
    case hello(EngineIdentity, protocol: Int)
    case result(id: String, answer: EngineAnswer)

    /// Kinds an engine may declare that this version does not know are ignored (a newer engine
    /// can talk to an older judge); every other unknown key is an error.
    public init(line: [UInt8]) throws(ReplyError) {
        guard let text = String(validating: line, as: UTF8.self) else {
            throw ReplyError("not UTF-8 text")
        }
        let json: StrictJSON
        do {
            json = try StrictJSON.parse(text)
        } catch {
            guard let lenient = try? StrictJSON.parse(Self.nonFiniteTokensAsNumbers(text)) else {
                throw ReplyError("not JSON (\((error as? InputError)?.message ?? "\(error)"))")
            }
            json = lenient
        }
        guard case .object(let members) = json else { throw ReplyError("expected a JSON object, got \(json.typeName)") }
        let object = ReplyObject(members: members)
        switch try object.string("type") {
        case "hello":
            try object.allow(["type", "protocol", "name", "version", "kinds"])
            let version = try object.number("protocol")
            guard version == version.rounded(), abs(version) < 1e9 else { throw ReplyError("protocol: expected an integer") }
            var kinds = Set<ConformanceKind>()
            for name in try object.strings("kinds") { if let kind = ConformanceKind(rawValue: name) { kinds.insert(kind) } }
            self = .hello(EngineIdentity(name: try object.string("name"), version: try object.string("version"), kinds: kinds),
                          protocol: Int(version))
        case "result":
            let id = try object.string("id")
            if object["unsupported"] != nil {
                try object.allow(["type", "id", "unsupported"])
                self = .result(id: id, answer: .unsupported(try object.string("unsupported")))
            } else {
                try object.allow(["type", "id", "values", "velocities", "times"])
                let samples = EngineSamples(values: try object.numbers("values"),
                                            velocities: try object.optionalNumbers("velocities"),
                                            times: try object.optionalNumbers("times"))
                self = .result(id: id, answer: .samples(samples))
            }
        case let other:
            throw ReplyError("type: expected \"hello\" or \"result\", got \(quoted(other))")
        }
    }

    /// `text` with `NaN`, `Infinity` and `-Infinity` outside strings replaced by `null`, `1e999`
    /// and `-1e999` (which the reader turns into NaN and ±infinity).
    static func nonFiniteTokensAsNumbers(_ text: String) -> String {
        var result = ""
        var inString = false, escaped = false
        var rest = Substring(text)
        while let character = rest.first {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else {
                var replaced = false
                for (token, number) in [("-Infinity", "-1e999"), ("Infinity", "1e999"), ("NaN", "null")] where rest.hasPrefix(token) {
                    result += number
                    rest = rest.dropFirst(token.count)
                    replaced = true
                    break
                }
                if replaced { continue }
            }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }
}

/// A reply that is not a protocol message: the line is not JSON, or a key is missing, unknown or
/// of the wrong type. The engine is out of step with the protocol, so the run stops.
public struct ReplyError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// An object's members with typed accessors whose errors name the key.
private struct ReplyObject {
    var members: [(key: String, value: StrictJSON)]

    subscript(key: String) -> StrictJSON? { members.first { $0.key == key }?.value }

    func allow(_ keys: [String]) throws(ReplyError) {
        if let unknown = members.first(where: { !keys.contains($0.key) }) {
            throw ReplyError("\(unknown.key): unknown key here; expected \(keys.joined(separator: ", "))")
        }
    }

    func required(_ key: String) throws(ReplyError) -> StrictJSON {
        guard let value = self[key] else { throw ReplyError("\(key): missing") }
        return value
    }

    func string(_ key: String) throws(ReplyError) -> String {
        guard case .string(let text) = try required(key) else { throw ReplyError("\(key): expected a string, got \(try required(key).typeName)") }
        return text
    }

    func number(_ key: String) throws(ReplyError) -> Double {
        guard case .number(let value, _) = try required(key) else { throw ReplyError("\(key): expected a number, got \(try required(key).typeName)") }
        return value
    }

    func strings(_ key: String) throws(ReplyError) -> [String] {
        guard case .array(let elements) = try required(key) else { throw ReplyError("\(key): expected an array of strings") }
        var list: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else { throw ReplyError("\(key)[\(index)]: expected a string, got \(element.typeName)") }
            list.append(text)
        }
        return list
    }

    /// Numbers; `null` (or a NaN token) reads as NaN, for the judge to report.
    func numbers(_ key: String) throws(ReplyError) -> [Double] {
        guard case .array(let elements) = try required(key) else { throw ReplyError("\(key): expected an array of numbers, got \(try required(key).typeName)") }
        var list: [Double] = []
        list.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            switch element {
            case .number(let value, _): list.append(value)
            case .null: list.append(.nan)
            default: throw ReplyError("\(key)[\(index)]: expected a number, got \(element.typeName)")
            }
        }
        return list
    }

    func optionalNumbers(_ key: String) throws(ReplyError) -> [Double]? {
        self[key] == nil ? nil : try numbers(key)
    }
}
