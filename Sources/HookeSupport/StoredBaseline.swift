// StoredBaseline.swift — what the two stored baselines share: the accuracy baseline of `hooke verify`
// (Verification/AccuracyBaseline.swift) and the performance baseline of `hooke bench`
// (FrameBench/PerformanceBaseline.swift). Each keeps its own comparison rule (a noise band in ulps;
// ratios to `naive` with thresholds); what is the same is written here once: reading the file and
// checking its schema version, the one-line error that names the file, the JSON path and the
// value, writing it atomically, the JSON coders, and the verdict of a comparison (a regression
// wins over an improvement).

import Foundation

/// A baseline file: a `Codable` document with a schema version under `versionKey`.
public protocol StoredBaseline: Codable {
    /// Where the file is unless the user names another, relative to the repository root
    /// (`BaselineFile`).
    static var defaultPath: String { get }
    /// What the file is, in messages ("accuracy baseline").
    static var documentName: String { get }
    /// The JSON key of the schema version.
    static var versionKey: String { get }
    /// The schema version this build writes and reads.
    static var currentVersion: Int { get }
}

/// A baseline file that cannot be used; the message names the file and what is wrong with it.
public struct BaselineError: Error, CustomStringConvertible, Equatable {
    public var document: String
    public var path: String
    /// Where in the file and what, e.g. `version: 1, expected 2`; nil when the file is missing.
    public var problem: String?

    public init(document: String, path: String, problem: String?) {
        self.document = document
        self.path = path
        self.problem = problem
    }

    public var description: String {
        guard let problem else {
            return "cannot read the \(document) '\(path)': no such file or not readable"
        }
        return "cannot read the \(document) '\(path)': \(problem)"
    }
}

extension StoredBaseline {
    /// Reads the baseline at `path`; nil when there is no file.
    /// - Throws: `BaselineError` for an unreadable file, malformed JSON (naming the JSON path), or
    ///   another schema version (naming the key and the value found).
    public static func read(fromPath path: String) throws -> Self? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        func failure(_ problem: String) -> BaselineError {
            BaselineError(document: documentName, path: path, problem: problem)
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw failure("not readable") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw failure("not JSON")
        }
        guard let fields = object as? [String: Any] else { throw failure("not a JSON object") }
        guard let version = fields[versionKey] as? Int, version == currentVersion else {
            let found = fields[versionKey].map { "\($0)" } ?? "missing"
            throw failure("\(versionKey): \(found), expected \(currentVersion)")
        }
        do {
            return try BaselineJSON.decoder().decode(Self.self, from: data)
        } catch {
            throw failure(BaselineJSON.describe(error))
        }
    }

    /// Reads the baseline at `path`, which must exist.
    public static func load(fromPath path: String) throws -> Self {
        guard let baseline = try read(fromPath: path) else {
            throw BaselineError(document: documentName, path: path, problem: nil)
        }
        return baseline
    }

    /// The baseline as JSON (sorted keys, so a rewrite diffs line by line).
    public func encoded() throws -> Data { try BaselineJSON.encoder().encode(self) }

    /// Writes the baseline atomically (`writeAtomically(_:toPath:)`): a reader never sees half a file.
    public func write(toPath path: String) throws {
        try writeAtomically(encoded(), toPath: path)
    }
}

/// The JSON coders of every result `hooke` writes and reads back — the baselines, verification and
/// bench runs, the report pages' JSON: sorted keys, unescaped slashes, and non-finite numbers as
/// the strings "Infinity", "-Infinity" and "NaN".
public enum BaselineJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// A decoding failure in one line: the JSON path (`entries[3].samples`) and what is wrong there.
    public static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case let .keyNotFound(key, context):
            return "\(path(context.codingPath + [key])): missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
            let location = context.codingPath.isEmpty ? "" : path(context.codingPath) + ": "
            var text = context.debugDescription
            if text.hasSuffix(".") { text.removeLast() }
            return location + text
        @unknown default:
            return "\(error)"
        }
    }

    static func path(_ keys: [CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}

/// How one metric compares with its stored value.
public enum BaselineVerdict: String, Sendable, Equatable, Codable {
    case equal, regression, improvement

    /// For a metric that is better when lower: a regression above `regressedAbove` (and when the
    /// metric became NaN, which never passes), an improvement below `improvedBelow`, else equal.
    public init(lowerIsBetter current: Double, regressedAbove: Double, improvedBelow: Double) {
        if !(current <= regressedAbove) {
            self = .regression
        } else {
            self = current < improvedBelow ? .improvement : .equal
        }
    }

    /// The verdict over many metrics: a regression when any regressed, else an improvement when
    /// any improved, else equal.
    public init(regressed: Bool, improved: Bool) {
        self = regressed ? .regression : improved ? .improvement : .equal
    }
}
