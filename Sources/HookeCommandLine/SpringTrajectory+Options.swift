import HookeSupport
import Scenarios

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
