/// A small strict JSON reader (RFC 8259), for scenarios and keyframe timelines and for the replies
/// `hooke conform` reads from engines: every type, key and number kept as the text says it,
/// duplicates refused.
///
/// Why not `JSONSerialization`: it turns `true` into a number and numbers into booleans
/// (`NSNumber`), loses the order of keys and silently keeps the last of two equal keys; a scenario
/// file is a contract whose every type and key is checked, so the reader keeps exactly what the
/// file says. Numbers are parsed by Swift's `Double(_:)` (correctly rounded); a number too large for
/// a `Double` reads as infinite and is rejected later by the field's check, with its path.
///
/// Why not `JSONDecoder` with `Codable` models (measured with Swift 6.3's Foundation on Linux): it
/// reads numbers exactly as `Double(_:)` does (all 1,160 frame times of the two recording scenarios
/// agree), so exactness is no reason; but `{"value": 1, "value": 2}` decodes silently to 1, where
/// the tests expect `duplicate key "value"`; `1e999` fails the whole document as "not valid JSON"
/// with no path, where the messages say `transactions[0].time: must be a finite number, got 1e999`
/// (the number as written, which a decoded `Double` no longer has); and unknown keys are ignored
/// unless every model lists its keys by hand, which is this reader's `object(allowed:)` again.
import HookeSupport
import Foundation

package enum StrictJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double, text: String)
    case string(String)
    case array([StrictJSON])
    /// Keys in file order; duplicates are rejected while reading.
    case object([(key: String, value: StrictJSON)])

    package static func == (lhs: StrictJSON, rhs: StrictJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a, _), .number(b, _)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The JSON type's name, for messages ("expected a number, got a string").
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses a whole document; the error names the line and column.
    package static func parse(_ text: String) throws -> StrictJSON {
        var reader = Reader(bytes: Array(text.utf8))
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// Deeper nesting than this is not a scenario; the limit keeps recursion bounded.
        static let maximumDepth = 64

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String) -> InputError {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            }
            return InputError("invalid JSON at line \(line), column \(column): \(message)")
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws -> StrictJSON {
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            guard index < bytes.count else { throw error("unexpected end of input") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character \(quoted(Character(Unicode.Scalar(bytes[index]))))")
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("expected \(quoted(word))")
            }
            index += expected.count
        }

        mutating func number() throws -> StrictJSON {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("a number needs digits") }
            if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("leading zeros are not allowed") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("digits must follow the decimal point") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("digits must follow the exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text) else { throw error("not a number: \(text)") }
            return .number(value, text: text)
        }

        mutating func string() throws -> String {
            index += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run = [] }
            }
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { throw error("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw error("unpaired surrogate in \\u escape")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                        scalars.append(scalar)
                    default:
                        throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                    }
                default:
                    guard byte >= 0x20 else { throw error("control character in string") }
                    run.append(byte)
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count,
                  let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw error("\\u needs four hex digits") }
            index += 4
            return code
        }

        mutating func array(depth: Int) throws -> StrictJSON {
            index += 1
            var elements: [StrictJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw error("expected ',' or ']' in array")
            }
        }

        mutating func object(depth: Int) throws -> StrictJSON {
            index += 1
            var members: [(key: String, value: StrictJSON)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let keyStart = index
                let key = try string()
                if members.contains(where: { $0.key == key }) {
                    index = keyStart
                    throw error("duplicate key \"\(key)\"")
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                index += 1
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}' in object")
            }
        }
    }
}

extension StrictJSON {
    /// Reads the UTF-8 file at `path` and builds a value from its text; a `InputError` from `build`
    /// gets the path in front, so the message names the file and the JSON path of the field.
    static func load<T>(_ path: String, _ build: (String) throws -> T) throws -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("cannot read \(quoted(path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError("\(quoted(path)) is not UTF-8 text")
        }
        do {
            return try build(text)
        } catch let error as InputError {
            throw InputError("\(path): \(error.message)")
        }
    }
}
