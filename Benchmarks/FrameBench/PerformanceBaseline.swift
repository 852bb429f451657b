import Foundation
import HookeSupport

/// The stored performance baseline: per configuration, figures that carry from one machine to
/// another — time as a *ratio to the in-run `naive` strategy*, allocations per frame, and error —
/// pooled from one or more runs of the same commit, with the rule that compares a run against it
/// (thresholds stored beside the values; exit 0 equal, 1 regression, 4 improvement only).
///
/// Schema versions: 2 stored each configuration's p50 and p75 ratios and judged a fixed 4× on
/// both; 3 (this build) stores each configuration's pooled sample (`SampleSummary` of the time per
/// animation-frame divided by the same run's naive median), the per-run median ratios, and a
/// minimum effect per workload measured from those runs, and judges time statistically
/// (`compare`). A version-2 file is refused with the version named; rewrite it by
/// updating the baseline.
public struct PerformanceBaseline: Codable, Sendable, Equatable {
    public var version: Int
    /// Runs of the plan pooled into the entries (K runs when the baseline is updated).
    public var runs: Int
    public var thresholds: Thresholds
    /// Per workload (its raw value), the smallest slowdown the rule reports: the ratio of medians
    /// must exceed 1 + this with the stated confidence (`Thresholds.effect(runRatios:)`).
    public var minimumEffect: [String: Double]
    public var entries: [Entry]

    /// The default location, relative to the repository root.
    public static let defaultPath = "reports/baselines/performance.json"

    public struct Entry: Codable, Sendable, Equatable {
        /// `BenchResult.key`: workload/strategy/animations/threads/frame rate.
        public var key: String
        /// The pooled sample's median time per animation-frame over its run's naive median (nil for
        /// `naive`).
        public var timeRatioToNaive: Double?
        /// Timed frames behind the figures, over all runs.
        public var samples: Int
        /// Each run's time per animation-frame divided by that run's naive median, pooled
        /// (`SampleSummary.pooled`); nil for `naive`.
        public var ratioSample: SampleSummary?
        /// Each run's median ratio to naive, in run order: the between-run noise.
        public var runRatios: [Double]
        /// The largest over the runs.
        public var allocationsPerFrame: Double?
        /// Error against the independent reference (`BenchResult.maxError`), the largest over the runs.
        public var maxError: Double?

        public init(key: String, timeRatioToNaive: Double?, samples: Int = 0, ratioSample: SampleSummary? = nil,
                    runRatios: [Double] = [], allocationsPerFrame: Double?, maxError: Double?) {
            self.key = key
            self.timeRatioToNaive = timeRatioToNaive
            self.samples = samples
            self.ratioSample = ratioSample
            self.runRatios = runRatios
            self.allocationsPerFrame = allocationsPerFrame
            self.maxError = maxError
        }

        /// The workload's raw value (the key's first component).
        public var workload: String { String(key.prefix { $0 != "/" }) }
    }

    /// When a metric counts as changed.
    public struct Thresholds: Codable, Sendable, Equatable {
        /// Two-sided confidence of the bootstrap interval of the ratio of medians (current over
        /// baseline, both as ratios to their run's naive median).
        public var confidence: Double
        /// Bootstrap resamples per configuration, and the seed of their generator.
        public var resamples: Int
        public var seed: UInt64
        /// The minimum effect. A workload's is the median between-run spread (max/min − 1 of a
        /// configuration's per-run median ratios) of its configurations, never below
        /// `effectFloor`, or `singleRunEffect` when the baseline pools one run; a configuration
        /// whose own spread × `effectScale` is larger uses that instead (its runs showed it
        /// noisier than its workload).
        public var effectScale: Double
        public var effectFloor: Double
        public var singleRunEffect: Double
        /// Timing is judged only when this run and the baseline each have at least this many
        /// samples; otherwise the configuration is listed as not judged.
        public var minimumSamples: Int
        /// Allocations per frame, judged only where the baseline allocates nothing (at most `slack`
        /// per frame): there a run regresses when current > baseline × factor + slack. A baseline
        /// that allocates (a naive path that restarts `.spring` objects, GSL's driver) is reported,
        /// not judged: its count depends on which frames were sampled.
        public var allocationSlack: Double
        public var allocationFactor: Double
        /// Error: regression when current > max(baseline × factor, floor), improvement when
        /// current < baseline / factor and baseline > floor.
        public var errorFactor: Double
        public var errorFloor: Double

        /// The defaults (measurements behind them: FrameBench.docc/RegressionRule.md):
        /// - 99 % confidence, 2,000 resamples: the interval's ends are the 10th and 1,990th of the
        ///   sorted resampled ratios; the seed makes a comparison reproducible.
        /// - minimum effect: the frame-to-frame noise inside one run is small (the interval of a
        ///   400-frame quick run is a few percent wide), but a process can land in a slower mode
        ///   for all its frames (the spring/euler 1.24 vs 3.24 ns case), which no within-run
        ///   interval sees; the runs pooled into the baseline show how far a configuration's median
        ///   moves between processes, and a change smaller than that is not reported. Twice a
        ///   configuration's own spread, because three runs see only part of it: on twelve quick
        ///   runs of one build under load 12–16, the workload median alone flagged 113 of 756
        ///   unchanged timings, the workload's largest spread none but also none of the 2×
        ///   slowdowns, and this rule 22 and half of the 2× slowdowns (reports/measurement.md).
        /// - at least 20 samples: below that the median of a resample is one of a few frames.
        /// - allocations: 0.5 per frame on an allocation-free baseline: the struct-of-arrays paths
        ///   allocate exactly 0 at every thread count, so one allocation per frame regresses.
        ///   Baselines that allocate are not judged: swiftui-spring's naive path allocates when its
        ///   springs restart, and three quick runs of one build gave 13, 356 and
        ///   278 per frame at N = 100,000 against a stored 37.5 (few frames, clustered restarts), so
        ///   any factor that passed those runs would catch nothing.
        /// - error 10× above a floor of 1e-13: the exact paths sit at 1e-15…1e-13 and move by
        ///   rounding between builds; 10× and the floor (AccuracyContracts.md's closed-form bound)
        ///   ignore that, while a broken kernel is off by orders of magnitude.
        public static let standard = Thresholds(confidence: 0.99, resamples: 2000, seed: 0x600D_BA5E,
                                                effectScale: 2, effectFloor: 0.05, singleRunEffect: 0.5,
                                                minimumSamples: 20, allocationSlack: 0.5,
                                                allocationFactor: 2, errorFactor: 10, errorFloor: 1e-13)

        public init(confidence: Double, resamples: Int, seed: UInt64, effectScale: Double, effectFloor: Double,
                    singleRunEffect: Double, minimumSamples: Int, allocationSlack: Double, allocationFactor: Double,
                    errorFactor: Double, errorFloor: Double) {
            self.confidence = confidence
            self.resamples = resamples
            self.seed = seed
            self.effectScale = effectScale
            self.effectFloor = effectFloor
            self.singleRunEffect = singleRunEffect
            self.minimumSamples = minimumSamples
            self.allocationSlack = allocationSlack
            self.allocationFactor = allocationFactor
            self.errorFactor = errorFactor
            self.errorFloor = errorFloor
        }

        /// A workload's minimum effect from its configurations' per-run median ratios.
        public func effect(runRatios: [[Double]]) -> Double {
            let spreads = runRatios.compactMap(Self.spread).sorted()
            guard !spreads.isEmpty else { return singleRunEffect }
            return max(effectFloor, spreads[(spreads.count - 1) / 2])
        }

        /// max/min − 1 of one configuration's per-run medians; nil with fewer than two runs.
        public static func spread(_ ratios: [Double]) -> Double? {
            guard ratios.count >= 2, let low = ratios.min(), let high = ratios.max(), low > 0 else { return nil }
            return high / low - 1
        }
    }

    /// Pools `runs` (each one run's results with `linkRelativeFigures()` applied) of the same plan.
    public init(runs: [[BenchResult]], thresholds: Thresholds = .standard) {
        version = Self.currentVersion
        self.runs = runs.count
        self.thresholds = thresholds
        var order: [String] = []
        var byKey: [String: [BenchResult]] = [:]
        for run in runs {
            for result in run {
                if byKey[result.key] == nil { order.append(result.key) }
                byKey[result.key, default: []].append(result)
            }
        }
        entries = order.map { key in
            let results = byKey[key]!
            let ratioSamples = results.compactMap(\.ratioSample)
            let pooled = ratioSamples.count == results.count && !ratioSamples.isEmpty ? SampleSummary.pooled(ratioSamples) : nil
            let ratios = results.compactMap(\.ratioToNaive)
            let median = pooled?.median ?? (ratios.isEmpty ? nil : Percentiles.nearestRank(50, sorted: ratios.sorted()))
            return Entry(key: key, timeRatioToNaive: median, samples: results.reduce(0) { $0 + $1.samples },
                         ratioSample: pooled, runRatios: ratios,
                         allocationsPerFrame: results.compactMap(\.allocationsPerFrame).max(),
                         maxError: results.contains { $0.maxError == nil } ? nil : results.compactMap(\.maxError).max())
        }
        var perWorkload: [String: [[Double]]] = [:]
        for entry in entries where entry.timeRatioToNaive != nil { perWorkload[entry.workload, default: []].append(entry.runRatios) }
        minimumEffect = perWorkload.mapValues { thresholds.effect(runRatios: $0) }
    }

    /// A baseline from one run.
    public init(results: [BenchResult], thresholds: Thresholds = .standard) {
        self.init(runs: [results], thresholds: thresholds)
    }

    public init(version: Int = currentVersion, runs: Int = 1, thresholds: Thresholds, minimumEffect: [String: Double] = [:],
                entries: [Entry]) {
        self.version = version
        self.runs = runs
        self.thresholds = thresholds
        self.minimumEffect = minimumEffect
        self.entries = entries
    }

    /// The minimum effect for `workload` (the single-run default when the file has none).
    public func effect(for workload: String) -> Double { minimumEffect[workload] ?? thresholds.singleRunEffect }

    /// The minimum effect for one configuration: its workload's, or `effectScale` × its own
    /// between-run spread when that is larger.
    public func effect(for entry: Entry) -> Double {
        max(effect(for: entry.workload), thresholds.effectScale * (Thresholds.spread(entry.runRatios) ?? 0))
    }

    // MARK: Comparison

    /// One metric of one configuration, compared.
    public struct Finding: Sendable, Equatable, Codable {
        public var key: String
        public var metric: String
        public var baseline: Double
        public var current: Double
        public var verdict: BaselineVerdict
        /// For time: the bootstrap interval of current / baseline and the ratio it had to clear
        /// (1 + the workload's minimum effect, or its reciprocal for an improvement).
        public var interval: Bootstrap.Interval? = nil
        public var threshold: Double? = nil
    }

    /// The outcome of a comparison, with its verdict: a regression when any finding regressed, an
    /// improvement when some improved and none regressed, else equal.
    public struct Comparison: Sendable, Equatable {
        public var findings: [Finding]
        /// Keys in the baseline that this run did not measure (not compared).
        public var unmeasured: [String]
        /// Keys whose timing was not judged: this run or the baseline had fewer than
        /// `Thresholds.minimumSamples` samples, or this run has no sample summary (a result file
        /// written before it); their allocations and errors are still compared.
        public var tooFewSamples: [String] = []

        public var regressions: [Finding] { findings.filter { $0.verdict == .regression } }
        public var improvements: [Finding] { findings.filter { $0.verdict == .improvement } }

        public var verdict: BaselineVerdict {
            BaselineVerdict(regressed: !regressions.isEmpty, improved: !improvements.isEmpty)
        }
    }

    /// The rule for time, in words (help text, reports).
    public var timeRule: String {
        "time as a ratio to the same run's naive median: a regression when the \(Int((thresholds.confidence * 100).rounded())) % "
            + "bootstrap interval of the ratio of medians (this run over the \(runs)-run baseline) lies wholly above "
            + "1 + the minimum effect (the workload's median between-run spread, or twice the configuration's own when larger), "
            + "an improvement when it lies wholly below the reciprocal"
    }

    /// Compares `results` (with `linkRelativeFigures()` applied) against this baseline.
    public func compare(_ results: [BenchResult]) -> Comparison {
        let current = Dictionary(results.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        var unmeasured: [String] = []
        var tooFewSamples: [String] = []
        for (index, entry) in entries.enumerated() {
            guard let result = current[entry.key] else {
                unmeasured.append(entry.key)
                continue
            }
            if let base = entry.timeRatioToNaive, let now = result.ratioToNaive {
                if min(entry.samples, result.samples, result.naiveSamples ?? 0) < thresholds.minimumSamples {
                    tooFewSamples.append(entry.key)
                } else if let stored = entry.ratioSample, let sample = result.ratioSample {
                    let interval = Bootstrap.ratioOfMedians(current: sample, baseline: stored, confidence: thresholds.confidence,
                                                            resamples: thresholds.resamples,
                                                            seed: thresholds.seed &+ UInt64(index))
                    let limit = 1 + effect(for: entry)
                    let verdict: BaselineVerdict = interval.lower > limit ? .regression
                        : interval.upper < 1 / limit ? .improvement : .equal
                    findings.append(Finding(key: entry.key, metric: "timeRatioToNaive", baseline: base, current: now,
                                            verdict: verdict, interval: interval,
                                            threshold: verdict == .improvement ? 1 / limit : limit))
                } else {
                    tooFewSamples.append(entry.key)
                }
            }
            if let base = entry.allocationsPerFrame, let now = result.allocationsPerFrame,
               base <= thresholds.allocationSlack {
                let verdict = BaselineVerdict(lowerIsBetter: now, regressedAbove: base * thresholds.allocationFactor + thresholds.allocationSlack,
                                      improvedBelow: -.infinity)
                findings.append(Finding(key: entry.key, metric: "allocationsPerFrame", baseline: base, current: now, verdict: verdict))
            }
            if let base = entry.maxError {
                // A result whose error became unknown (diverged) is a regression.
                let now = result.maxError ?? .infinity
                let verdict = BaselineVerdict(lowerIsBetter: now, regressedAbove: max(base * thresholds.errorFactor, thresholds.errorFloor),
                                      improvedBelow: base > thresholds.errorFloor ? base / thresholds.errorFactor : -.infinity)
                findings.append(Finding(key: entry.key, metric: "maxError", baseline: base, current: now, verdict: verdict))
            }
        }
        return Comparison(findings: findings, unmeasured: unmeasured, tooFewSamples: tooFewSamples)
    }
}

extension BenchResult {
    /// The timed frames' time per animation-frame over this run's naive median (`sampleSummary`
    /// scaled by ratioToNaive / p50); nil for naive, or without a summary.
    public var ratioSample: SampleSummary? {
        guard let summary = sampleSummary, let ratio = ratioToNaive, nsPerAnimationFrame.p50 > 0 else { return nil }
        return summary.scaled(by: ratio / nsPerAnimationFrame.p50)
    }
}

extension PerformanceBaseline: StoredBaseline {
    public static let documentName = "performance baseline"
    public static let versionKey = "version"
    public static let currentVersion = 3
}
