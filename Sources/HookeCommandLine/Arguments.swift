import Foundation

/// Hand-written argument parsing (no outside packages), in the shape of swift-argument-parser:
/// each subcommand declares its options, `ParsedArguments` checks them, and typed accessors turn
/// values into numbers with a message that names the flag, the value and what is allowed.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable { case flag, single, repeating }
    public var name: String
    public var kind: Kind
    public init(_ name: String, _ kind: Kind = .single) {
        self.name = name
        self.kind = kind
    }
}

public struct ParsedArguments {
    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    public let command: String

    /// Parses `arguments` against `options`; `--name value` and `--name=value` are both accepted.
    public init(_ arguments: [String], options: [OptionSpec], command: String, maxPositionals: Int = 0) throws {
        self.command = command
        let specs = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
                    throw UsageError("unknown option '\(argument)'; see 'hooke \(command) --help'")
                }
                positionals.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = specs[name] else {
                throw UsageError("unknown option '\(name)'; see 'hooke \(command) --help'")
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            case .single, .repeating:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError("\(name) needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
                if spec.kind == .single, values[name] != nil {
                    throw UsageError("\(name) given more than once")
                }
                values[name, default: []].append(value)
            }
        }
        if positionals.count > maxPositionals {
            throw UsageError("unexpected argument '\(positionals[maxPositionals])'; see 'hooke \(command) --help'")
        }
    }

    /// A file to write for option `name`, checked before any work: its directory must exist and the
    /// path must not be a directory (a typo should fail at once, not after a long run, and must not
    /// create a directory tree).
    public func outputFile(_ name: String) throws -> String? {
        guard let path = string(name) else { return nil }
        guard !path.isEmpty else { throw UsageError("\(name): needs a file name, got ''") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("\(name): '\(path)' is a directory; give a file name")
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("\(name): directory '\(parent)' does not exist")
        }
        return path
    }

    public func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func string(_ name: String) -> String? { values[name]?.last }
    public func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// A finite number, optionally bounded; `nil` when the option is absent.
    public func double(_ name: String, _ constraint: NumberConstraint = .any) throws -> Double? {
        guard let text = string(name) else { return nil }
        return try parseNumber(text, name: name, constraint: constraint)
    }

    public func double(_ name: String, default defaultValue: Double, _ constraint: NumberConstraint = .any) throws -> Double {
        try double(name, constraint) ?? defaultValue
    }

    public func int(_ name: String, default defaultValue: Int, minimum: Int) throws -> Int {
        guard let text = string(name) else { return defaultValue }
        guard let value = Int(text), value >= minimum else {
            throw UsageError("\(name): must be an integer ≥ \(minimum), got '\(text)'")
        }
        return value
    }
}

/// What a numeric option allows; the message says it in words.
public enum NumberConstraint: Sendable {
    case any, positive, nonNegative, atLeast(Double)

    func check(_ value: Double) -> String? {
        switch self {
        case .any: return nil
        case .positive: return value > 0 ? nil : "must be > 0"
        case .nonNegative: return value >= 0 ? nil : "must be ≥ 0"
        case .atLeast(let bound): return value >= bound ? nil : "must be ≥ \(bound)"
        }
    }
}

/// Parses a finite number for `name`, with the message format every command uses.
public func parseNumber(_ text: String, name: String, constraint: NumberConstraint = .any) throws -> Double {
    guard let value = Double(text.trimmingSpaces()), value.isFinite else {
        throw UsageError("\(name): must be a finite number, got '\(text)'")
    }
    if let problem = constraint.check(value) {
        throw UsageError("\(name): \(problem), got \(text)")
    }
    return value
}

extension String {
    func trimmingSpaces() -> Substring {
        var slice = self[...]
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return slice
    }
}
