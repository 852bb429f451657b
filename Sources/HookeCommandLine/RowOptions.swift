import HookeSupport
import Scenarios

/// The options of the commands that print `time,value,velocity` rows (`Scenarios.RowWriter`):
/// `--format`, `--output`, and the `--until`/`--step`/`--retarget` flags that feed the engines.
typealias OutputFormat = RowWriter.Format

extension OutputFormat {
    static let option = OptionSpec("--format", .single, "F", "csv (default) or json")
    init(_ arguments: ParsedArguments) throws { self = try arguments.choice("--format", default: "csv") }
}

extension SampleGrid {
    static let options = [OptionSpec("--until", .single, "T", "last sample time, seconds (default 1)"),
                          OptionSpec("--step", .single, "DT", "sample spacing, seconds (default 0.01)")]

    /// `--until` (default 1 s) and `--step` (default 0.01 s).
    init(_ arguments: ParsedArguments) throws {
        let until = try arguments.double("--until", default: 1, .time)
        let step = try arguments.double("--step", default: 0.01, .positiveTime)
        try self.init(until: until, step: step)
    }
}

extension RowWriter {
    /// The `--output FILE` option of the commands that write rows.
    static let option = OptionSpec("--output", .single, "FILE",
                                   "write the rows into FILE, which appears whole once complete (default: stdout)")

    /// Rows streamed to standard output (`Console.stream`), or with `--output FILE` into a file that
    /// appears whole when `finish(on:)` has written the last row (`AtomicOutputFile`).
    init(_ format: Format, to console: Console, output: String?, dimension: Int? = nil,
         metadata: [(String, String)] = []) throws {
        if let output { console.sendOutput(to: try AtomicOutputFile(path: output)) }
        try self.init(format, dimension: dimension, metadata: metadata, to: console.stream)
    }

    /// Ends the rows (`trailer` after them in JSON) and publishes the `--output` file.
    func finish(trailer: String = "", on console: Console) throws {
        try finish(trailer: trailer)
        try console.commitFile()
    }
}

/// A `--retarget T:X` event: at time T the target becomes X.
typealias RetargetOption = SpringTrajectory.Retarget

extension RetargetOption {
    /// The motion's start and retargets, for `hooke eval spring` and `hooke verify --trace`.
    static let options = [
        OptionSpec("--from", .single, "X0", "start value (default 0)"), OptionSpec("--to", .single, "X1", "target (default 1)"),
        OptionSpec("--velocity", .single, "V0", "initial velocity, value units per second (default 0)"),
        OptionSpec("--retarget", .repeating, "T:X", "at time T (> 0) the target becomes X; repeatable, times non-decreasing"),
    ]

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
