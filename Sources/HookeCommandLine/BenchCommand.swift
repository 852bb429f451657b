import FrameBench
import Foundation
import HookeSupport
import Scenarios

/// `hooke bench`: the frame harness. Validation in `init(parsing:)`; `run` refuses a debug build
/// (exit 2), measures, prints the table, optionally writes JSON and compares with or updates the
/// performance baseline.
struct BenchCommand: HookeCommand {
    static let words = ["bench"]
    static let summary = "The frame harness: time workloads and strategies per frame, compare with a baseline"
    static let help = """
    USAGE: hooke bench [--quick] [--workload W,...] [--strategy S,...] [--animations N,...]
                       [--threads T,...] [--pool P,...] [--frame-rate 60|120] [--seconds S] [--json FILE]
                       [--baseline FILE] [--update-baseline [--runs K]] [--results FILE,...]
                       [--shard I/N|auto[/N]] [--machine NAME] [--commit ID] [--engine-library PATH]...

    Advances populations of animations frame by frame and reports, per workload, strategy, animation
    count and thread count: wall time per frame (p0 p25 p50 p75 p90 p99 p100, nearest rank) divided by
    the animations, the sample count, speed relative to the naive strategy, parallel speed-up, heap
    allocations per steady-state frame (counted by an interposed malloc), the error against the
    reference, state bytes per animation and the largest N that fits the 60 Hz and 120 Hz budgets.
    Needs a release build: scripts/run bench, or swift build -c release && .build/release/hooke bench.

    WORKLOADS (strategies):
      spring           closed-form springs from 8 presets, every regime (naive, fast, euler, rk4, gsl ≤ 1000 animations, 1 thread, limits)
      swiftui-spring   SwiftUI's .spring integrator (naive, fast, limits)
      curve            timing curves, a Bézier solve per frame (naive, fast, limits)
      mixed            springs, curves and modified animations through the animator, 1% retargeted per frame (naive, fast)
      keyframes        looping keyframe timelines (naive, fast, limits)

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXIT STATUS:
      0  measured; with --baseline, no metric changed beyond its threshold
      1  with --baseline: a regression (the 99 % bootstrap interval of the time ratio of medians
         wholly past 1 + the minimum effect measured from the pooled runs, more allocations, or a larger error);
         configurations with fewer than \(PerformanceBaseline.Thresholds.standard.minimumSamples) samples on either side are listed and not judged
      2  bad usage or input (one line on stderr), or a debug build asked to measure (--results needs none)
      4  with --baseline: improvements only

    ENGINES: --engine-library PATH loads an engine written in C, C++, Rust, Zig or anything exporting the
    C ABI of include/hooke_engine.h (version \(EngineLibrary.abiVersion)) and measures it as strategy engine:NAME
    beside naive, fast and the C limits, by the same runner; without --workload, only on the workloads
    it runs. A library of another ABI version, without the entry symbol or with an incomplete table is
    refused with exit 2. Example engines: examples/engines/c-engines (README there).

    Each row states the threads that ran it, one contiguous chunk each (T ≥ 2: with the default spin
    pool the calling thread and T − 1 Dispatch workers, pinned one per core while T ≤ the cores, which
    spin up to 100 µs on an atomic frame counter before they park, so a waiting thread keeps its core busy; with --pool semaphore, T
    Dispatch workers woken by a semaphore each frame). After the results, the hand-off table gives the
    harness's own cost per frame (an empty frame per thread count and pool, p50 and p99) and what a
    POSIX semaphore and an atomic spin round trip between two threads cost on this machine. The
    error against an independent reference (GSL, Brent, SwiftUI's rule run exactly) and,
    separately, the consistency with naive; the legend and the JSON name each strategy's assumptions.

    EXAMPLES:
      scripts/run bench --quick --json reports/bench.json
      hooke bench --quick --workload spring --strategy fast,limit --engine-library ./libc-exact.so
    """

    var plan: BenchPlan
    var jsonPath: String?
    /// Runs pooled into the baseline by `--update-baseline` (`--runs K`, default 3).
    var runs: Int
    /// Stored `--json` files to judge or pool instead of measuring (`--results`).
    var storedRuns: [String]
    var baseline: BaselineFile
    /// The stored baseline to compare with (`--baseline FILE` without `--update-baseline`).
    var stored: PerformanceBaseline?
    var identity: BenchRunIdentity

    init(parsing arguments: ParsedArguments) throws {
        plan = try Self.plan(arguments)
        jsonPath = try arguments.outputFile("--json")
        baseline = try BaselineFile(arguments, of: PerformanceBaseline.self)
        identity = try Self.identity(shard: arguments.string("--shard"), machine: arguments.string("--machine"),
                                     commit: arguments.string("--commit"))
        runs = try arguments.int("--runs", default: 3, minimum: 1)
        guard runs <= 20 else { throw InputError("--runs: must be in 1…20, got \(runs)") }
        if arguments.has("--runs"), !baseline.update {
            throw InputError("--runs: only with --update-baseline (it sets how many runs the baseline pools)")
        }
        storedRuns = try arguments.string("--results").map { text in
            try text.split(separator: ",", omittingEmptySubsequences: false).map { name in
                guard !name.isEmpty else { throw InputError("--results: an empty file name in \(quoted(text))") }
                return String(name)
            }
        } ?? []
        if !storedRuns.isEmpty {
            if arguments.has("--runs") { throw InputError("--runs: not with --results (the baseline pools the files given)") }
            if !baseline.update, !arguments.has("--baseline") {
                throw InputError("--results: needs --baseline FILE (to judge a stored run) or --update-baseline (to pool stored runs)")
            }
            if !baseline.update, storedRuns.count > 1 {
                throw InputError("--results: judge one stored run at a time against --baseline, got \(storedRuns.count) files")
            }
        }
        if baseline.update, let shard = identity.shard {
            throw InputError("--update-baseline: not with --shard \(shard.index)/\(shard.count); a baseline holds the whole plan")
        }
        // Read the baseline to compare with before measuring, so a wrong path fails at once.
        if arguments.has("--baseline"), !baseline.update {
            do {
                stored = try PerformanceBaseline.load(fromPath: baseline.path)
            } catch {
                throw InputError.baseline(error)
            }
        }
    }

    func run(console: Console) throws -> Int32 {
        // Only measuring needs optimised code; judging or pooling stored runs (--results) does not.
        guard BuildConfiguration.current == .release || !storedRuns.isEmpty else {
            throw InputError(Self.debugRefusal())
        }
        var reports: [BenchReport] = []
        if storedRuns.isEmpty {
            let count = baseline.update ? runs : 1
            for run in 1...count {
                if count > 1 { console.printError("run \(run) of \(count)") }
                reports.append(try measure(console: console))
            }
        } else {
            reports = try storedRuns.map(Self.readStoredRun)
        }
        let report = reports[reports.count - 1]
        let results = report.results
        let show = try console.writeJSON(report.encoded(), to: jsonPath)
        show(BenchTable.render(results, environment: report.environment))
        if let rows = report.handOff { show(BenchTable.renderHandOff(rows)) }
        if let rows = report.equalAccuracy { show(BenchTable.renderEqualAccuracy(rows)) }
        if let jsonPath, jsonPath != standardOutputPath { show("wrote \(jsonPath)") }
        if baseline.update {
            let pooled = PerformanceBaseline(runs: reports.map(\.results))
            try pooled.write(toPath: baseline.path)
            let effects = pooled.minimumEffect.sorted { $0.key < $1.key }
                .map { "\($0.key) \(formatShort($0.value * 100)) %" }.joined(separator: ", ")
            show("wrote baseline \(baseline.shown) (\(results.count) configurations pooled from \(reports.count) run\(reports.count == 1 ? "" : "s"); "
                 + "minimum effects: \(effects))")
            return ExitStatus.success
        }
        guard let stored else { return ExitStatus.success }
        let comparison = stored.compare(results)
        guard !comparison.findings.isEmpty else {
            throw InputError("--baseline: no configuration of this run is in \(quoted(baseline.shown)); measure the same workloads, strategies, sizes and threads, or write one with --update-baseline")
        }
        show(BenchTable.renderComparison(comparison, path: baseline.shown))
        return ExitStatus.of(comparison.verdict)
    }

    /// A `--json` file of an earlier run, for `--results`.
    static func readStoredRun(_ path: String) throws -> BenchReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("--results: cannot read \(quoted(path))")
        }
        do {
            var report = try BenchReport.decode(data)
            report.results.linkRelativeFigures()
            return report
        } catch {
            throw InputError("--results: \(quoted(path)): not a hooke bench --json file (\(BaselineJSON.describe(error)))")
        }
    }

    /// Measures the plan's configurations (this shard's, with `--shard`), stamped with the machine,
    /// commit and shard; a progress line per configuration on a terminal.
    func measure(console: Console) throws -> BenchReport {
        try identity.measure(plan, hookeVersion: Hooke.version) { index, total, configuration in
            if console.errorIsTerminal { console.printError("[\(index)/\(total)] \(configuration)") }
        }
    }
}
