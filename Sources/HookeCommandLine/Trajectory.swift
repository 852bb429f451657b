/// Sample times and `time,value,velocity` output shared by the `eval` commands.
enum OutputFormat: String {
    case csv, json

    init(_ arguments: ParsedArguments, allowed: [OutputFormat] = [.csv, .json]) throws {
        let text = arguments.string("--format") ?? "csv"
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            throw UsageError("--format: must be one of \(allowed.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
        }
        self = format
    }
}

/// The sample times `i·step` for i = 0, 1, … while `i·step ≤ until` (plus 1e-9 step, so a grid
/// that should end exactly on `until` does not lose its last row to rounding).
struct SampleGrid {
    /// Slack for the last sample, as a fraction of the step: covers the rounding of `until/step`.
    static let endSlack = 1e-9
    /// More rows than this is almost certainly a mistake (1e-9 s steps over seconds).
    static let maxRows = 10_000_000

    var times: [Double]

    init(until: Double, step: Double) throws {
        let count = (until / step + Self.endSlack).rounded(.down) + 1
        guard count <= Double(Self.maxRows) else {
            throw UsageError("--step: \(formatShort(step)) with --until \(formatShort(until)) gives \(formatShort(count)) rows; at most \(Self.maxRows) are allowed")
        }
        times = (0..<Int(count)).map { Double($0) * step }
    }

    init(_ arguments: ParsedArguments) throws {
        let until = try arguments.double("--until", default: 1, .nonNegative)
        let step = try arguments.double("--step", default: 0.01, .positive)
        try self.init(until: until, step: step)
    }
}

/// Rows of `time,value,velocity`, written as CSV or JSON with 17 significant digits.
struct TrajectoryTable {
    var times: [Double]
    var values: [Double]
    var velocities: [Double]

    func write(_ format: OutputFormat, to console: Console, metadata: [(String, String)] = []) {
        switch format {
        case .csv:
            var text = "time,value,velocity\n"
            text.reserveCapacity(times.count * 60)
            for index in times.indices {
                text += formatNumber(times[index]) + "," + formatNumber(values[index]) + ","
                    + formatNumber(velocities[index]) + "\n"
            }
            console.write(text)
        case .json:
            var text = "{"
            for (key, value) in metadata { text += "\(jsonString(key)): \(value), " }
            text += "\"rows\": ["
            for index in times.indices {
                text += index == 0 ? "\n  " : ",\n  "
                text += "{\"time\": \(formatJSONNumber(times[index])), \"value\": \(formatJSONNumber(values[index])), \"velocity\": \(formatJSONNumber(velocities[index]))}"
            }
            text += "\n]}\n"
            console.write(text)
        }
    }
}

/// A `--retarget T:X` event: at time T the target becomes X.
struct RetargetOption: Equatable {
    var time: Double
    var target: Double

    static func parseAll(_ arguments: ParsedArguments) throws -> [RetargetOption] {
        var result: [RetargetOption] = []
        for text in arguments.strings("--retarget") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let time = Double(parts[0]), let target = Double(parts[1]),
                  time.isFinite, target.isFinite
            else {
                throw UsageError("--retarget: must be T:X with finite numbers (time in seconds, new target), got '\(text)'")
            }
            guard time > 0 else {
                throw UsageError("--retarget: time must be > 0, got '\(text)'")
            }
            if let last = result.last, time < last.time {
                throw UsageError("--retarget: times must not decrease, got '\(text)' after \(formatShort(last.time))")
            }
            result.append(RetargetOption(time: time, target: target))
        }
        return result
    }
}
