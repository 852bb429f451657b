import Foundation
import HookeSupport

/// Hand-written argument parsing (no outside packages), in the shape of swift-argument-parser:
/// each subcommand declares its options, `ParsedArguments` checks them, and typed accessors turn
/// values into numbers with a message that names the flag, the value and what is allowed.
/// An option is declared once: its name, kind, and the value placeholder and description its
/// command's `--help` lists (`OptionSpec.helpLines`).
public struct OptionSpec: Sendable {
    public enum Kind: Sendable { case flag, single, repeating }
    public var name: String
    public var kind: Kind
    /// The value's placeholder in `--help` (`FILE`); empty for a flag.
    public var value: String
    /// What the option does, for `--help`; each line after the first continues it under the
    /// description column. Empty: described elsewhere (e.g. the SPRING section), not listed.
    public var help: String
    public init(_ name: String, _ kind: Kind = .single, _ value: String = "", _ help: String = "") {
        self.name = name
        self.kind = kind
        self.value = value
        self.help = help
    }

    /// `--help` lines for the described `options`: "  --name VALUE" padded to `column`, then the
    /// description, its continuation lines indented to the column.
    public static func helpLines(_ options: [OptionSpec], column: Int = 23) -> String {
        options.filter { !$0.help.isEmpty }.map { option in
            let label = "  " + option.name + (option.value.isEmpty ? "" : " " + option.value)
            let padded = label.count < column ? label + String(repeating: " ", count: column - label.count) : label + " "
            let indent = "\n" + String(repeating: " ", count: column)
            let text = padded + option.help.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: indent)
            return text.replacingOccurrences(of: " +\n", with: "\n", options: .regularExpression)
        }.joined(separator: "\n")
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
                    throw InputError("unknown option \(quoted(argument)); see 'hooke \(command) --help'")
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
                throw InputError("unknown option \(quoted(name)); see 'hooke \(command) --help'")
            }
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw InputError("\(name) takes no value") }
                flags.insert(name)
            case .single, .repeating:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw InputError("\(name) needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
                if spec.kind == .single, values[name] != nil {
                    throw InputError("\(name) given more than once")
                }
                values[name, default: []].append(value)
            }
        }
        if positionals.count > maxPositionals {
            throw InputError("unexpected argument \(quoted(positionals[maxPositionals])); see 'hooke \(command) --help'")
        }
    }

    /// A file to read for option `name`: not empty; nil when the option is absent.
    public func inputFile(_ name: String) throws -> String? {
        guard let path = string(name) else { return nil }
        guard !path.isEmpty else { throw InputError("\(name): needs a file name, got ''") }
        return path
    }

    /// Refuses the first of `flags` that is given: not allowed with `option` (`reason` in parentheses).
    public func refuse(_ flags: [String], with option: String, because reason: String? = nil) throws {
        for flag in flags where has(flag) {
            throw InputError("\(flag): not allowed with \(option)" + (reason.map { " (\($0))" } ?? ""))
        }
    }

    /// A file to write for option `name`, checked before any work (`checkOutputFile`); nil when the
    /// option is absent.
    public func outputFile(_ name: String) throws -> String? {
        guard let path = string(name) else { return nil }
        try Self.checkOutputFile(path, option: name)
        return path
    }

    /// Checks a file the command will write, before any work: not empty, not a directory, in an
    /// existing directory the user may write to (a typo should fail at once, not after a long run,
    /// and must not create a directory tree).
    public static func checkOutputFile(_ path: String, option name: String) throws {
        guard !path.isEmpty else { throw InputError("\(name): needs a file name, got ''") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw InputError("\(name): \(quoted(path)) is a directory; give a file name")
        }
        try checkWritableDirectory(URL(fileURLWithPath: path).deletingLastPathComponent().path, option: name)
        if FileManager.default.fileExists(atPath: path), !FileManager.default.isWritableFile(atPath: path) {
            throw InputError("\(name): \(quoted(path)) is not writable")
        }
    }

    /// `directory` exists, is a directory and is writable.
    package static func checkWritableDirectory(_ directory: String, option name: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw InputError("\(name): directory \(quoted(directory)) does not exist")
        }
        guard isDirectory.boolValue else { throw InputError("\(name): \(quoted(directory)) is not a directory") }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw InputError("\(name): directory \(quoted(directory)) is not writable")
        }
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
            throw InputError("\(name): must be an integer ≥ \(minimum), got \(quoted(text))")
        }
        return value
    }
}

extension ParsedArguments {
    /// The case of `T` named by option `name` (or `defaultValue` when it is absent).
    package func choice<T: CaseIterable & RawRepresentable>(_ name: String, default defaultValue: String) throws -> T
    where T.RawValue == String {
        try parseChoice(string(name) ?? defaultValue, option: name)
    }
}

/// The case of `T` whose raw value is `text`; else an error naming `option`, every case and `text`.
package func parseChoice<T: CaseIterable & RawRepresentable>(_ text: String, option: String) throws -> T
where T.RawValue == String {
    guard let value = T(rawValue: text) else {
        throw InputError("\(option): must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \(quoted(text))")
    }
    return value
}

/// Parses a finite number for `name`, with the message format every command uses.
public func parseNumber(_ text: String, name: String, constraint: NumberConstraint = .any) throws -> Double {
    guard let value = Double(text.trimmingSpaces()), value.isFinite else {
        throw InputError("\(name): must be a finite number, got \(quoted(text))")
    }
    if let problem = constraint.check(value) {
        throw InputError("\(name): \(problem), got \(text)")
    }
    return value
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    package func trimmingSpaces() -> SubSequence {
        var slice = self[...]
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return slice
    }
}
