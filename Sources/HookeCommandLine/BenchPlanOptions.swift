import HookeSupport
import Scenarios
import FrameBench

/// `hooke bench`'s plan options: `--quick`, `--workload`, `--strategy`, `--animations`,
/// `--threads`, `--frame-rate` and `--seconds`, each validated with a one-line error.
extension BenchCommand {
    static func plan(_ arguments: ParsedArguments) throws -> BenchPlan {
        let cores = BenchEnvironment.cores
        var plan = BenchPlan.standard(full: !arguments.flag("--quick"), cores: cores)
        if let text = arguments.string("--workload") {
            plan.workloads = try list(text, name: "--workload") { try workload($0, option: "--workload") }
        }
        if let text = arguments.string("--strategy") {
            var strategies = try list(text, name: "--strategy", strategy)
            if !strategies.contains(.naive) { strategies.insert(.naive, at: 0) }
            plan.strategies = strategies
        }
        if let text = arguments.string("--animations") {
            plan.animationCounts = try list(text, name: "--animations") { item in
                guard let count = Int(item), BenchPlan.animationRange.contains(count) else {
                    throw UsageError("--animations: each count must be an integer in 1…1000000, got \(quoted(item))")
                }
                return count
            }
            plan.includesMillionFastSprings = false
        }
        if let text = arguments.string("--threads") {
            plan.threadCounts = try list(text, name: "--threads") { item in
                guard let threads = Int(item), threads >= 1, threads <= cores * 4 else {
                    throw UsageError("--threads: each count must be an integer in 1…\(cores * 4) (4× the \(cores) cores), got \(quoted(item))")
                }
                return threads
            }
        }
        try timing(arguments, &plan)
        return plan
    }

    /// `--frame-rate` and `--seconds`.
    static func timing(_ arguments: ParsedArguments, _ plan: inout BenchPlan) throws {
        if let text = arguments.string("--frame-rate") { plan.frameRate = try frameRate(text) }
        if let seconds = try arguments.double("--seconds", .positive) {
            guard seconds >= 0.01, seconds <= 60 else {
                throw UsageError("--seconds: must be in 0.01…60, got \(formatShort(seconds))")
            }
            plan.secondsPerConfiguration = seconds
        }
    }

    /// A workload by name (`option` names the flag or positional it came from).
    static func workload(_ name: String, option: String) throws -> Workload {
        try parseChoice(name, option: option)
    }

    /// `--strategy`'s value.
    static func strategy(_ name: String) throws -> Strategy {
        try parseChoice(name, option: "--strategy")
    }

    /// `--frame-rate`'s value: 60 or 120.
    static func frameRate(_ text: String) throws -> Int {
        guard let rate = Int(text), BenchPlan.frameRates.contains(rate) else {
            throw UsageError("--frame-rate: must be 60 or 120, got \(quoted(text))")
        }
        return rate
    }

    /// Splits a comma-separated option value and converts each item, rejecting empty items.
    static func list<T: Equatable>(_ text: String, name: String, _ convert: (String) throws -> T) throws -> [T] {
        var result: [T] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(String(item).trimmingSpaces())
            guard !trimmed.isEmpty else { throw UsageError("\(name): empty item in \(quoted(text))") }
            let value = try convert(trimmed)
            if !result.contains(value) { result.append(value) }
        }
        return result
    }
}
