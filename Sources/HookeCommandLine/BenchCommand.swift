import FrameBench
import Foundation
import HookeSupport
import Reporting
import Scenarios

/// `hooke bench`: the frame harness. Validation in `init(parsing:)`; `run` refuses a debug build
/// (exit 2), measures, prints the table, optionally writes JSON and compares with or updates the
/// performance baseline.
struct BenchCommand: HookeCommand {
    static let words = ["bench"]
    static let summary = "The frame harness: time workloads and strategies per frame, compare with a baseline"
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
        OptionSpec("--animations", .single, "N,...", "animation counts, each 1…1000000"),
        OptionSpec("--threads", .single, "T,...", "thread counts, each 1…\(BenchEnvironment.cores * 4)"),
        OptionSpec("--frame-rate", .single, "F", "60 or 120 (default 120)"),
        OptionSpec("--seconds", .single, "S", "sampling time per configuration, 0.01…60 s (default 0.2 quick, 1 full)"),
        OptionSpec("--json", .single, "FILE", "also write the results as JSON (environment, results, benchmarks)"),
        OptionSpec("--baseline", .single, "FILE", "compare with a stored baseline (time as ratios to naive at p50 and p75, allocations, error)"),
        OptionSpec("--update-baseline", .flag, "",
                   "write the baseline (to --baseline FILE, default \(PerformanceBaseline.defaultPath)) atomically"),
    ] + BenchRunIdentity.options
    static let help = """
    USAGE: hooke bench [--quick] [--workload W,...] [--strategy S,...] [--animations N,...]
                       [--threads T,...] [--frame-rate 60|120] [--seconds S] [--json FILE]
                       [--baseline FILE] [--update-baseline] [--shard I/N|auto[/N]] [--machine NAME] [--commit ID]

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
      keyframes        looping keyframe timelines (naive, fast)

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXIT STATUS:
      0  measured; with --baseline, no metric changed beyond its threshold
      1  with --baseline: a regression (p50 and p75 time ratios both past \(PerformanceBaseline.Thresholds.standard.timeRatioFactor)×,
         more allocations, or a larger error); configurations with fewer than
         \(PerformanceBaseline.Thresholds.standard.minimumSamples) samples on either side are listed and not judged
      2  bad usage or input (one line on stderr), or a debug build
      4  with --baseline: improvements only

    Each row states the worker threads that ran it (T ≥ 2: T Dispatch workers, one contiguous chunk
    each), the error against an independent reference (GSL, Brent, SwiftUI's rule run exactly) and,
    separately, the consistency with naive; the legend and the JSON name each strategy's assumptions.

    EXAMPLE:
      scripts/run bench --quick --json reports/bench.json
    """

    var plan: BenchPlan
    var jsonPath: String?
    var baselinePath: String?
    var updateBaseline: Bool
    /// The stored baseline to compare with (`--baseline FILE` without `--update-baseline`).
    var baseline: PerformanceBaseline?
    var identity: BenchRunIdentity

    init(parsing arguments: ParsedArguments) throws {
        plan = try Self.plan(arguments)
        jsonPath = try arguments.outputFile("--json")
        baselinePath = arguments.string("--baseline")
        if let baselinePath, baselinePath.isEmpty { throw UsageError("--baseline: needs a file name, got ''") }
        updateBaseline = arguments.flag("--update-baseline")
        identity = try BenchRunIdentity(parsing: arguments)
        if updateBaseline, let shard = identity.shard {
            throw UsageError("--update-baseline: not with --shard \(shard.index)/\(shard.count); a baseline holds the whole plan")
        }
        if updateBaseline {
            try ParsedArguments.checkOutputFile(baselinePath ?? PerformanceBaseline.defaultPath,
                                                option: baselinePath == nil ? "--update-baseline" : "--baseline")
        }
        // Read the baseline to compare with before measuring, so a wrong path fails at once.
        if let baselinePath, !updateBaseline {
            do {
                baseline = try PerformanceBaseline.load(fromPath: baselinePath)
            } catch {
                throw UsageError("--baseline: \(error)")
            }
        }
    }

    func run(console: Console) throws -> Int32 {
        guard BuildConfiguration.current == .release else {
            throw UsageError(BuildConfiguration.debugRefusal)
        }
        let report = try measure(console: console)
        let results = report.results
        let show = try console.writeJSON(report.encoded(), to: jsonPath)
        show(BenchTable.render(results, environment: report.environment))
        if let rows = report.equalAccuracy { show(BenchTable.renderEqualAccuracy(rows)) }
        if let jsonPath, jsonPath != standardOutputPath { show("wrote \(jsonPath)") }
        if updateBaseline {
            let path = baselinePath ?? PerformanceBaseline.defaultPath
            try PerformanceBaseline(results: results).write(toPath: path)
            show("wrote baseline \(path) (\(results.count) configurations)")
            return ExitStatus.success
        }
        guard let baseline, let baselinePath else { return ExitStatus.success }
        let comparison = baseline.compare(results)
        guard !comparison.findings.isEmpty else {
            throw UsageError("--baseline: no configuration of this run is in \(quoted(baselinePath)); measure the same workloads, strategies, sizes and threads, or write one with --update-baseline")
        }
        show(BenchTable.renderComparison(comparison, path: baselinePath))
        return comparison.exitStatus
    }

    /// Measures the plan's configurations (this shard's, with `--shard`) and records the machine,
    /// commit and shard.
    func measure(console: Console) throws -> BenchReport {
        let shard = identity.shard(of: plan)
        var report = try FrameRunner.run(plan, shard: shard, hookeVersion: Hooke.version) { index, total, configuration in
            if console.errorIsTerminal { console.printError("[\(index)/\(total)] \(configuration)") }
        }
        report.stamp(machineName: identity.machineName, commit: identity.commit, shard: shard, repository: Repository.root())
        return report
    }
}
