import Foundation
import HookeSupport
import Scenarios
import FrameBench

/// `hooke bench`'s options; those of its plan (`--quick`, `--workload`, `--strategy`,
/// `--animations`, `--threads`, `--frame-rate` and `--seconds`) validated with a one-line error.
extension BenchCommand {
    static let options: [OptionSpec] = [
        OptionSpec("--quick", .flag, "", """
        under 30 s: 1,000 to 100,000 animations (and 1,000,000 fast springs), 1 thread and all cores
        (default: the full run, under 5 minutes, 1,000 to 1,000,000 animations, 1…cores threads)
        """),
        OptionSpec("--workload", .single, "W,...", "only these workloads (default: all available)"),
        OptionSpec("--strategy", .single, "S,...", """
        only these strategies: naive, fast, euler, rk4, gsl, limit, limit-avx2, floor
        (naive is always kept, for ratios; limits: C kernels doing fast's work, 1 thread unless named)
        """),
        OptionSpec("--engine-library", .repeating, "PATH", """
        also measure the engine in this shared library (C ABI version \(EngineLibrary.abiVersion), include/hooke_engine.h)
        as strategy engine:NAME, on the workloads it runs (spring, curve); repeatable
        """),
        OptionSpec("--animations", .single, "N,...", "animation counts, each 1…1000000"),
        OptionSpec("--threads", .single, "T,...", "thread counts, each 1…\(Machine.cores * 4)"),
        OptionSpec("--pool", .single, "P,...", """
        how frames reach T ≥ 2 threads, each pool measured side by side (default spin):
        spin: the caller takes a chunk; threads pinned one per core; workers spin on an atomic frame
        counter up to 100 µs, then park (a waiting thread burns its core while it spins);
        semaphore: a semaphore per worker per frame, the caller waits
        """),
        OptionSpec("--frame-rate", .single, "F", "60 or 120 (default 120)"),
        OptionSpec("--seconds", .single, "S", "sampling time per configuration, 0.01…60 s (default 0.2 quick, 1 full)"),
        OptionSpec("--json", .single, "FILE", "also write the results as JSON (environment, results, benchmarks)"),
        OptionSpec("--baseline", .single, "FILE", """
        compare with a stored baseline: time as the ratio to naive's median, judged by a 99 %
        bootstrap interval against each workload's minimum effect; allocations; error
        """),
        OptionSpec("--update-baseline", .flag, "", """
        write the baseline (to --baseline FILE, default \(PerformanceBaseline.defaultPath)
        in the repository) atomically, pooled from --runs runs
        """),
        OptionSpec("--runs", .single, "K", "with --update-baseline: measure the plan K times (1…20, default 3) and pool them"),
        OptionSpec("--results", .single, "FILE,...", """
        use stored --json files instead of measuring: judge one against --baseline, or pool
        several into the baseline with --update-baseline
        """),
        OptionSpec("--shard", .single, "I/N|auto[/N]", """

        I/N: measure only shard I of N (1 ≤ I ≤ N ≤ \(BenchShard.maximumCount)): configurations grouped by workload,
        N and threads, dealt to shards by expected time, the same way on every machine;
        merge the shards' --json files with 'hooke report --from'
        auto[/N]: the shard of a job array: JOB_COMPLETION_INDEX of N (Kubernetes Indexed Job) or
        SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT (Slurm)
        """),
        OptionSpec("--machine", .single, "NAME", "the machine's name in merged reports (default: ISA, cores and CPU model)"),
        OptionSpec("--commit", .single, "ID", "the source's name in merged reports (default: git rev-parse --short HEAD)"),
    ]

    static func plan(_ arguments: ParsedArguments) throws -> BenchPlan {
        var plan = BenchPlan.standard(full: !arguments.flag("--quick"), cores: Machine.cores)
        if let text = arguments.string("--workload") {
            plan.workloads = try list(text, name: "--workload") { try workload($0, option: "--workload") }
        }
        if let text = arguments.string("--strategy") {
            var strategies = try list(text, name: "--strategy", strategy)
            if let engine = strategies.first(where: { if case .engine = $0 { return true } else { return false } }) {
                throw InputError("--strategy: \(quoted(engine.rawValue)) is measured by naming its library with --engine-library PATH")
            }
            if !strategies.contains(.naive) { strategies.insert(.naive, at: 0) }
            plan.strategies = strategies
        }
        try engines(arguments, &plan)
        if let text = arguments.string("--animations") {
            plan.animationCounts = try list(text, name: "--animations") { try animations($0, option: "--animations") }
            plan.includesMillionFastSprings = false
        }
        if let text = arguments.string("--threads") {
            plan.threadCounts = try list(text, name: "--threads") { try threads($0, option: "--threads") }
        }
        if let text = arguments.string("--pool") {
            plan.pools = try list(text, name: "--pool") { try parseChoice($0, option: "--pool") }
        }
        try timing(arguments, &plan)
        return plan
    }

    /// `--engine-library`: loads each library (one line naming it and what is wrong, else), adds its
    /// strategy, and without `--workload` runs only the workloads the engines run.
    static func engines(_ arguments: ParsedArguments, _ plan: inout BenchPlan) throws {
        let option = "--engine-library"
        for path in arguments.strings(option) {
            let engine: EngineLibrary
            do { engine = try EngineLibrary(path: path) } catch { throw InputError("\(option): \(error)") }
            if let other = plan.engines.first(where: { $0.name == engine.name }) {
                throw InputError("\(option): \(EngineLibraryError.duplicateName(path: path, name: engine.name, other: other.path))")
            }
            if arguments.has("--workload"), !plan.workloads.contains(where: engine.workloads.contains) {
                let error = EngineLibraryError.unsupportedWorkload(path: path, name: engine.name, workload: plan.workloads[0],
                                                                   supported: engine.workloads)
                throw InputError("\(option): \(error)")
            }
            plan.engines.append(engine)
        }
        guard !plan.engines.isEmpty else { return }
        if !arguments.has("--workload") {
            plan.workloads = plan.workloads.filter { workload in plan.engines.contains { $0.workloads.contains(workload) } }
        }
        if let strategies = plan.strategies {
            plan.strategies = strategies + plan.engines.map(\.strategy).filter { !strategies.contains($0) }
        }
    }

    /// `--frame-rate` and `--seconds`.
    static func timing(_ arguments: ParsedArguments, _ plan: inout BenchPlan) throws {
        if let text = arguments.string("--frame-rate") { plan.frameRate = try frameRate(text) }
        if let seconds = try arguments.double("--seconds", .positive) {
            guard seconds >= 0.01, seconds <= 60 else {
                throw InputError("--seconds: must be in 0.01…60, got \(formatShort(seconds))")
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

    /// An animation count (`option` names the flag): an integer in 1…1000000.
    static func animations(_ text: String, option: String) throws -> Int {
        guard let count = Int(text), BenchPlan.animationRange.contains(count) else {
            throw InputError("\(option): must be an integer in 1…1000000, got \(quoted(text))")
        }
        return count
    }

    /// A thread count (`option` names the flag): an integer in 1…4× the cores.
    static func threads(_ text: String, option: String) throws -> Int {
        let cores = Machine.cores
        guard let threads = Int(text), threads >= 1, threads <= cores * 4 else {
            throw InputError("\(option): must be an integer in 1…\(cores * 4) (4× the \(cores) cores), got \(quoted(text))")
        }
        return threads
    }

    /// `--frame-rate`'s value: 60 or 120.
    static func frameRate(_ text: String) throws -> Int {
        guard let rate = Int(text), BenchPlan.frameRates.contains(rate) else {
            throw InputError("--frame-rate: must be 60 or 120, got \(quoted(text))")
        }
        return rate
    }

    /// `--shard`, `--machine` and `--commit` as given (nil: absent): `shard` is `I/N`, `auto` or
    /// `auto/N`, resolved against a job array's variables in `environment`; without `--commit` the
    /// repository's HEAD, by git.
    static func identity(shard: String?, machine: String?, commit: String?,
                         environment: [String: String] = ProcessInfo.processInfo.environment) throws -> BenchRunIdentity {
        var resolved: (index: Int, count: Int)?
        if let shard {
            guard let request = BenchShard.Request(shard) else {
                throw InputError("--shard: must be I/N with 1 ≤ I ≤ N ≤ \(BenchShard.maximumCount), auto or auto/N, got '\(shard)'")
            }
            do {
                resolved = try request.resolve(environment: environment)
            } catch let error as ShardError {
                throw InputError("--shard \(shard): \(error)")
            }
        }
        for (name, text) in [("--machine", machine), ("--commit", commit)] {
            if let text, !BenchRunIdentity.isValidLabel(text) {
                throw InputError("\(name): must be 1 to 80 printable characters, got '\(text)'")
            }
        }
        return BenchRunIdentity(shard: resolved, machineName: machine,
                                commit: Git.benchCommit(named: commit, in: Repository.root()))
    }

    /// Splits a comma-separated option value and converts each item, rejecting empty items.
    static func list<T: Equatable>(_ text: String, name: String, _ convert: (String) throws -> T) throws -> [T] {
        var result: [T] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(String(item).trimmingSpaces())
            guard !trimmed.isEmpty else { throw InputError("\(name): empty item in \(quoted(text))") }
            let value = try convert(trimmed)
            if !result.contains(value) { result.append(value) }
        }
        return result
    }
}
