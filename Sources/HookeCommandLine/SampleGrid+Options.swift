import HookeSupport
import Scenarios

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
