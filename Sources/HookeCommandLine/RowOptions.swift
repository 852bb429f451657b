import HookeSupport
import Scenarios

// The options of the commands that print `time,value,velocity` rows (`Scenarios.RowWriter`):
// `--format`, `--output`, and the `--until`/`--step`/`--retarget` flags that feed the engines.

/// `--format` and `--output` of the commands that write rows.
struct RowOutput {
    static let options = [
        OptionSpec("--format", .single, "F", "csv (default) or json"),
        OptionSpec("--output", .single, "FILE", "write the rows into FILE, which appears whole once complete (default: stdout)"),
    ]

    var format: RowWriter.Format
    /// `--output FILE`, or nil for standard output.
    var file: String?

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.choice("--format", default: "csv")
        file = try arguments.outputFile("--output")
    }

    /// Rows streamed to standard output (`Console.stream`), or with `--output FILE` into a file that
    /// appears whole when `finish(on:)` has written the last row (`AtomicOutputFile`).
    func writer(to console: Console, dimension: Int? = nil, metadata: [(String, String)] = []) throws -> RowWriter {
        if let file { console.sendOutput(to: try AtomicOutputFile(path: file)) }
        return try RowWriter(format, dimension: dimension, metadata: metadata, to: console.stream)
    }

    /// The rows of a tree scenario, one per value per frame (`RowWriter.init(_:valueNames:metadata:to:)`),
    /// to standard output or the `--output` file as `writer(to:dimension:metadata:)`.
    func writer(to console: Console, valueNames: [String], metadata: [(String, String)] = []) throws -> RowWriter {
        if let file { console.sendOutput(to: try AtomicOutputFile(path: file)) }
        return try RowWriter(format, valueNames: valueNames, metadata: metadata, to: console.stream)
    }
}

extension SampleGrid {
    static let options = [OptionSpec("--until", .single, "T", "last sample time, seconds (default 1)"),
                          OptionSpec("--step", .single, "DT", "sample spacing, seconds (default 0.01)")]

    /// `--until` (default 1 s) and `--step` (default 0.01 s).
    init(_ arguments: ParsedArguments) throws {
        let until = try arguments.double("--until", default: 1, .time)
        let step = try arguments.double("--step", default: 0.01, .positiveTime)
        self = try Self.checked(until: until, step: step)
    }

    /// The grid of `--until` and `--step`; too many rows is `--step`'s error.
    static func checked(until: Double, step: Double) throws -> SampleGrid {
        do {
            return try SampleGrid(until: until, step: step)
        } catch let error as TooManyRows {
            throw InputError("--step: \(formatShort(error.step)) with --until \(formatShort(error.until)) gives "
                             + "\(formatShort(error.count)) rows; at most \(SampleGrid.maxRows) are allowed")
        }
    }
}

extension RowWriter {
    /// Ends the rows (`trailer` after them in JSON) and publishes the `--output` file.
    func finish(trailer: String = "", on console: Console) throws {
        try finish(trailer: trailer)
        try console.commitFile()
    }
}

extension SpringTrajectory {
    /// The motion's start and retargets, for `hooke eval spring` and `hooke verify --trace`.
    static let options = [
        OptionSpec("--from", .single, "X0", "start value (default 0)"), OptionSpec("--to", .single, "X1", "target (default 1)"),
        OptionSpec("--velocity", .single, "V0", "initial velocity, value units per second (default 0)"),
        OptionSpec("--retarget", .repeating, "T:X", "at time T (> 0) the target becomes X; repeatable, times non-decreasing"),
    ]

    /// SPRING (`SpringOptions`, whose `note:` lines go to `notes`), `--from`, `--to`, `--velocity`
    /// and `--retarget`.
    init(_ arguments: ParsedArguments, notes: inout [String]) throws {
        let springOptions = try SpringOptions(arguments)
        notes = springOptions.notes
        try self.init(spring: springOptions.spring, from: arguments.double("--from", default: 0),
                      to: arguments.double("--to", default: 1), velocity: arguments.double("--velocity", default: 0),
                      retargets: Self.retargets(arguments))
    }

    /// `--retarget T:X` events: at time T the target becomes X.
    static func retargets(_ arguments: ParsedArguments) throws -> [Retarget] {
        var result: [Retarget] = []
        for text in arguments.strings("--retarget") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let time = Double(parts[0]), let target = Double(parts[1]),
                  time.isFinite, target.isFinite
            else {
                throw InputError("--retarget: must be T:X with finite numbers (time in seconds, new target), got \(quoted(text))")
            }
            if let problem = NumberConstraint.positiveTime.check(time) {
                throw InputError("--retarget: time \(problem), got \(quoted(text))")
            }
            if let problem = NumberConstraint.any.check(target) {
                throw InputError("--retarget: target \(problem), got \(quoted(text))")
            }
            if let last = result.last, time < last.time {
                throw InputError("--retarget: times must not decrease, got \(quoted(text)) after \(formatShort(last.time))")
            }
            result.append(Retarget(time: time, target: target))
        }
        return result
    }
}
