import Foundation
import HookeSupport

/// The stored performance baseline: per configuration, figures that carry from one machine to
/// another — time as a *ratio to the in-run `naive` strategy*, allocations per frame, and error —
/// with the per-metric thresholds used to compare a run against it (package-benchmark's shape:
/// thresholds stored beside the values; exit 0 equal, 1 regression, 4 improvement only).
public struct PerformanceBaseline: Codable, Sendable, Equatable {
    public var version: Int
    public var thresholds: Thresholds
    public var entries: [Entry]

    /// The default location, relative to the repository root.
    public static let defaultPath = "reports/baselines/performance.json"

    public struct Entry: Codable, Sendable, Equatable {
        /// `BenchResult.key`: workload/strategy/animations/threads/frame rate.
        public var key: String
        /// Median time per animation-frame divided by `naive`'s in the same run (nil for `naive`).
        public var timeRatioToNaive: Double?
        /// The same at p75 (this strategy's p75 over naive's p75).
        public var timeRatioToNaiveP75: Double?
        /// Timed frames behind the figures.
        public var samples: Int
        public var allocationsPerFrame: Double?
        /// Error against the independent reference (`BenchResult.maxError`).
        public var maxError: Double?

        public init(key: String, timeRatioToNaive: Double?, timeRatioToNaiveP75: Double? = nil, samples: Int = 0,
                    allocationsPerFrame: Double?, maxError: Double?) {
            self.key = key
            self.timeRatioToNaive = timeRatioToNaive
            self.timeRatioToNaiveP75 = timeRatioToNaiveP75 ?? timeRatioToNaive
            self.samples = samples
            self.allocationsPerFrame = allocationsPerFrame
            self.maxError = maxError
        }
    }

    /// When a metric counts as changed.
    public struct Thresholds: Codable, Sendable, Equatable {
        /// Time ratio: regression when the p50 *and* the p75 ratio exceed the baseline's × factor,
        /// improvement when both are below the baseline's / factor.
        public var timeRatioFactor: Double
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

        /// The defaults, from repeated `hooke bench --quick` runs on this two-core machine, every
        /// pair of runs compared both ways:
        /// - time ratio 4× on p50 and p75 together. Seven quiet runs (2026-12-01, load under 2)
        ///   moved a configuration's ratio to naive on both quantiles at once by up to 2.99×
        ///   (spring/euler/10000/1t: Euler ran at 1.24 or 3.24 ns per animation depending on the
        ///   process, tight within each run, while naive moved the other way); three runs under load
        ///   16–18 earlier moved it by up to 2.36×, and p50 alone by up to 5.3×. 2.5× gave one false
        ///   regression in those seven runs; 4× gave none. It still catches losing a fast path (the
        ///   fast paths run 27–75× faster than naive) or an allocation in a fast loop (≥ 10×), not a
        ///   2–3× loss of vectorisation, which the side-by-side ÷limit column shows instead.
        /// - at least 20 samples: below that p75 is one of the five largest frames, and a single
        ///   preempted frame moves it.
        /// - allocations: 0.5 per frame on an allocation-free baseline: the struct-of-arrays paths
        ///   allocate exactly 0 at every thread count, so one allocation per frame regresses.
        ///   Baselines that allocate are not judged: swiftui-spring's naive path allocates when its
        ///   springs restart, and three quick runs on a quiet machine (2026-12-01) gave 13, 356 and
        ///   278 per frame at N = 100,000 against a stored 37.5 (few frames, clustered restarts), so
        ///   any factor that passed those runs would catch nothing.
        /// - error 10× above a floor of 1e-13: the exact paths sit at 1e-15…1e-13 and move by
        ///   rounding between builds; 10× and the floor (AccuracyContracts.md's closed-form bound)
        ///   ignore that, while a broken kernel is off by orders of magnitude.
        public static let standard = Thresholds(timeRatioFactor: 4, minimumSamples: 20, allocationSlack: 0.5,
                                                allocationFactor: 2, errorFactor: 10, errorFloor: 1e-13)

        public init(timeRatioFactor: Double, minimumSamples: Int, allocationSlack: Double, allocationFactor: Double,
                    errorFactor: Double, errorFloor: Double) {
            self.timeRatioFactor = timeRatioFactor
            self.minimumSamples = minimumSamples
            self.allocationSlack = allocationSlack
            self.allocationFactor = allocationFactor
            self.errorFactor = errorFactor
            self.errorFloor = errorFloor
        }
    }

    public init(results: [BenchResult], thresholds: Thresholds = .standard) {
        version = Self.currentVersion
        self.thresholds = thresholds
        entries = results.map {
            Entry(key: $0.key, timeRatioToNaive: $0.ratioToNaive, timeRatioToNaiveP75: $0.ratioToNaiveP75,
                  samples: $0.samples, allocationsPerFrame: $0.allocationsPerFrame, maxError: $0.maxError)
        }
    }

    public init(version: Int = currentVersion, thresholds: Thresholds, entries: [Entry]) {
        self.version = version
        self.thresholds = thresholds
        self.entries = entries
    }

    // MARK: Comparison

    /// One metric of one configuration, compared.
    public struct Finding: Sendable, Equatable {
        public var key: String
        public var metric: String
        public var baseline: Double
        public var current: Double
        public var verdict: BaselineVerdict
    }

    /// The outcome of a comparison, with its exit status: 0 equal, 1 any regression, 4 improvements
    /// and no regression.
    public struct Comparison: Sendable, Equatable {
        public var findings: [Finding]
        /// Keys in the baseline that this run did not measure (not compared).
        public var unmeasured: [String]
        /// Keys whose timing was not judged because this run or the baseline had fewer than
        /// `Thresholds.minimumSamples` samples (their allocations and errors are still compared).
        public var tooFewSamples: [String] = []

        public var regressions: [Finding] { findings.filter { $0.verdict == .regression } }
        public var improvements: [Finding] { findings.filter { $0.verdict == .improvement } }

        public var exitStatus: Int32 {
            BaselineVerdict.exitStatus(regressed: !regressions.isEmpty, improved: !improvements.isEmpty)
        }
    }

    /// Compares `results` (with `linkRelativeFigures()` applied) against this baseline.
    public func compare(_ results: [BenchResult]) -> Comparison {
        let current = Dictionary(results.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [Finding] = []
        var unmeasured: [String] = []
        var tooFewSamples: [String] = []
        for entry in entries {
            guard let result = current[entry.key] else {
                unmeasured.append(entry.key)
                continue
            }
            if let base = entry.timeRatioToNaive, let now = result.ratioToNaive,
               let base75 = entry.timeRatioToNaiveP75, let now75 = result.ratioToNaiveP75 {
                if min(entry.samples, result.samples, result.naiveSamples ?? 0) < thresholds.minimumSamples {
                    tooFewSamples.append(entry.key)
                } else {
                    let factor = thresholds.timeRatioFactor
                    let verdict: BaselineVerdict = now > base * factor && now75 > base75 * factor ? .regression
                        : now < base / factor && now75 < base75 / factor ? .improvement : .equal
                    findings.append(Finding(key: entry.key, metric: "timeRatioToNaive", baseline: base, current: now,
                                            verdict: verdict))
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

extension PerformanceBaseline: StoredBaseline {
    public static let documentName = "performance baseline"
    public static let versionKey = "version"
    public static let currentVersion = 2
}
