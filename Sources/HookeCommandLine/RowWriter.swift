import HookeSupport
import Scenarios

/// The `time,value,velocity` rows the `eval` commands and `hooke run` print (`RowWriter`), their
/// `--format`, and the `--until`/`--step`/`--retarget` flags that feed the `Scenarios` engines.
enum OutputFormat: String {
    case csv, json

    init(_ arguments: ParsedArguments, allowed: [OutputFormat] = [.csv, .json]) throws {
        let text = arguments.string("--format") ?? "csv"
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            throw UsageError("--format: must be one of \(allowed.map(\.rawValue).joined(separator: ", ")), got \(quoted(text))")
        }
        self = format
    }
}

extension SampleGrid {
    /// `--until` (default 1 s) and `--step` (default 0.01 s).
    init(_ arguments: ParsedArguments) throws {
        let until = try arguments.double("--until", default: 1, .time)
        let step = try arguments.double("--step", default: 0.01, .positiveTime)
        try self.init(until: until, step: step)
    }
}

/// Rows of `time,value,velocity` — or, for vectors, `time,value[0],…,velocity[0],…` — written to
/// standard output as they are computed (`Console.stream`), or with `--output FILE` into a file that
/// appears whole when the last row is written (`AtomicOutputFile`), as CSV or JSON with 17
/// significant digits. Memory stays bounded whatever the number of rows.
///
/// JSON: `{METADATA, "rows": [{"time", "value", "velocity"}, …]TRAILER}`; a vector's value and
/// velocity are arrays; an unknown velocity is `null` in JSON and `nan` in CSV.
struct RowWriter {
    let format: OutputFormat
    let console: Console
    /// Components of a vector value, or `nil` for a scalar.
    let dimension: Int?
    private var rows = 0
    /// Whether every number written so far was finite (for the commands' warnings).
    private(set) var allFinite = true

    /// The `--output FILE` option of the commands that write rows.
    static let option = OptionSpec("--output")
    /// Its line in their `--help`.
    static let help = "  --output FILE  write the rows into FILE, which appears whole once complete (default: stdout)"

    /// Writes the CSV header or the JSON opening with `metadata` (keys and already-encoded values),
    /// to `--output FILE` when the arguments give one.
    init(_ format: OutputFormat, to console: Console, output: String? = nil, dimension: Int? = nil,
         metadata: [(String, String)] = []) throws {
        if let output { console.sendOutput(to: try AtomicOutputFile(path: output)) }
        self.format = format
        self.console = console
        self.dimension = dimension
        switch format {
        case .csv:
            var header = ["time"]
            if let dimension {
                header += (0..<dimension).map { "value[\($0)]" } + (0..<dimension).map { "velocity[\($0)]" }
            } else {
                header += ["value", "velocity"]
            }
            try console.stream(header.joined(separator: ",") + "\n")
        case .json:
            var text = "{"
            for (key, value) in metadata { text += "\(jsonString(key)): \(value), " }
            try console.stream(text + "\"rows\": [")
        }
    }

    /// One row of a scalar value.
    mutating func row(_ time: Double, _ value: Double, _ velocity: Double?) throws {
        if !(value.isFinite && (velocity?.isFinite ?? true)) { allFinite = false }
        switch format {
        case .csv:
            try console.stream(formatNumber(time) + "," + formatNumber(value) + "," + (velocity.map(formatNumber) ?? "nan") + "\n")
        case .json:
            try console.stream((rows == 0 ? "\n  " : ",\n  ") + "{\"time\": \(formatJSONNumber(time)), \"value\": \(formatJSONNumber(value)), "
                               + "\"velocity\": \(velocity.map(formatJSONNumber) ?? "null")}")
        }
        rows += 1
    }

    /// One row of a vector value (`dimension` components each).
    mutating func row(_ time: Double, values: [Double], velocities: [Double]?) throws {
        if !(values.allSatisfy(\.isFinite) && (velocities?.allSatisfy(\.isFinite) ?? true)) { allFinite = false }
        switch format {
        case .csv:
            var fields = [formatNumber(time)]
            fields += values.map(formatNumber)
            fields += velocities?.map(formatNumber) ?? Array(repeating: "nan", count: values.count)
            try console.stream(fields.joined(separator: ",") + "\n")
        case .json:
            func numbers(_ list: [Double]?) -> String {
                guard let list else { return "null" }
                return "[" + list.map(formatJSONNumber).joined(separator: ", ") + "]"
            }
            try console.stream((rows == 0 ? "\n  " : ",\n  ") + "{\"time\": \(formatJSONNumber(time)), \"value\": \(numbers(values)), "
                               + "\"velocity\": \(numbers(velocities))}")
        }
        rows += 1
    }

    /// Ends the output; for JSON, `trailer` (e.g. `, "completions": […]`) follows the rows.
    func finish(trailer: String = "") throws {
        if format == .json { try console.stream("\n]" + trailer + "}\n") }
        try console.commitFile()
    }
}

/// A `--retarget T:X` event: at time T the target becomes X.
typealias RetargetOption = SpringTrajectory.Retarget

extension RetargetOption {
    static func parseAll(_ arguments: ParsedArguments) throws -> [RetargetOption] {
        var result: [RetargetOption] = []
        for text in arguments.strings("--retarget") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let time = Double(parts[0]), let target = Double(parts[1]),
                  time.isFinite, target.isFinite
            else {
                throw UsageError("--retarget: must be T:X with finite numbers (time in seconds, new target), got \(quoted(text))")
            }
            if let problem = NumberConstraint.positiveTime.check(time) {
                throw UsageError("--retarget: time \(problem), got \(quoted(text))")
            }
            if let problem = NumberConstraint.any.check(target) {
                throw UsageError("--retarget: target \(problem), got \(quoted(text))")
            }
            if let last = result.last, time < last.time {
                throw UsageError("--retarget: times must not decrease, got \(quoted(text)) after \(formatShort(last.time))")
            }
            result.append(RetargetOption(time: time, target: target))
        }
        return result
    }
}
