// AccuracyBaseline.swift — the stored accuracy figures (`reports/baselines/accuracy.json`) and the
// regression rule.
//
// The file holds one entry per check (keyed `suite/name [implementation]`) with every metric that
// is "better when lower". A run compares only the checks that ran and the metrics present on both
// sides, so a quick run compares its quick-set checks against a baseline written by a full run
// and vice versa. Seeded checks are compared only when the baseline was written with the same seed.
//
// Noise band. Every figure is computed deterministically (fixed grids, a seeded generator, a fixed
// summation order), so on one machine a rerun reproduces it bit for bit; across machines libm's
// exp/sin/cos/log may differ by an ulp or so, which moves an error figure by a few ulps of its scale
// or, for figures that are themselves a few ulps, by a factor of a few. A metric regresses when
//     current > max(10 × baseline, baseline + 2 ulp-equivalents)
// where one ulp-equivalent is the metric's own `ulpEquivalent` (2⁻⁵² for errors relative to a
// distance of 1, 1 for errors in ulps, ulp(scale) for absolute errors). The factor 10 absorbs libm
// differences and reordering; the additive floor keeps a zero or tiny baseline from turning a
// one-ulp change into a regression.

import Foundation
import HookeSupport

/// The stored baseline: per-check metric values, the seed they were recorded with.
public struct AccuracyBaseline: Codable, Sendable {
    public var schemaVersion: Int
    /// The seed of the run that recorded the seeded checks.
    public var seed: UInt64
    /// Human-readable reminder of the regression rule (not read back).
    public var noiseBand: String
    /// Per check key, per metric name, the recorded value.
    public var checks: [String: Entry]

    public struct Entry: Codable, Sendable {
        public var seeded: Bool
        public var metrics: [String: Double]
    }

    /// The regression rule, in words (also stored in the file and the JSON report).
    public static let noiseBandDescription =
        "regression when current > max(10 × baseline, baseline + 2 ulp-equivalents of the metric); "
        + "deterministic figures, the factor 10 absorbs libm differences between machines"

    /// The multiplicative part of the noise band (see the file's header).
    public static let relativeBand = 10.0
    /// The additive part of the noise band, in ulp-equivalents of the metric.
    public static let ulpBand = 2.0

    /// The largest value of a metric that does not count as a regression.
    public static func allowed(baseline: Double, ulpEquivalent: Double) -> Double {
        Swift.max(relativeBand * baseline, baseline + ulpBand * ulpEquivalent)
    }

    /// A baseline recording every comparable metric of `report`.
    public init(report: VerificationReport) {
        schemaVersion = Self.currentVersion
        seed = report.seed
        noiseBand = Self.noiseBandDescription
        checks = [:]
        for check in report.checks { checks[check.key] = Entry(check) }
    }

    /// Replaces the entries of the checks that ran in `report`, keeping the others.
    public mutating func merge(_ report: VerificationReport) {
        seed = report.seed
        for check in report.checks { checks[check.key] = Entry(check) }
    }

    /// Compares `report` with this baseline.
    public func compare(_ report: VerificationReport, path: String) -> BaselineComparison {
        var comparison = BaselineComparison(path: path, state: .compared, noiseBand: Self.noiseBandDescription)
        for check in report.checks {
            guard checks[check.key] != nil else {
                if !Entry(check).metrics.isEmpty { comparison.newChecks.append(check.key) }
                continue
            }
            if check.seeded && seed != report.seed {
                comparison.seedMismatches.append(check.key)
                continue
            }
            comparison.comparedChecks += 1
        }
        comparison.regressions = findings(report, .regression)
        return comparison
    }

    /// The metrics of `report` whose verdict against this baseline is `verdict`: every "lower is
    /// better" metric of a check in the baseline (seeded checks only under the baseline's seed) with
    /// a finite stored value. `allowed` holds the threshold the metric crossed.
    func findings(_ report: VerificationReport, _ verdict: BaselineVerdict) -> [MetricChange] {
        var result: [MetricChange] = []
        for check in report.checks {
            guard let entry = checks[check.key], !(check.seeded && seed != report.seed) else { continue }
            for metric in check.metrics where metric.better == .lower {
                guard let stored = entry.metrics[metric.name], stored.isFinite else { continue }
                let allowed = Self.allowed(baseline: stored, ulpEquivalent: metric.ulpEquivalent)
                let improved = Self.improved(baseline: stored, ulpEquivalent: metric.ulpEquivalent)
                guard BaselineVerdict(lowerIsBetter: metric.value, regressedAbove: allowed, improvedBelow: improved)
                        == verdict else { continue }
                result.append(MetricChange(check: check.key, metric: metric.name, baseline: stored, current: metric.value,
                                           allowed: verdict == .regression ? allowed : improved, direction: verdict))
            }
        }
        return result
    }
}

extension AccuracyBaseline: StoredBaseline {
    /// The default location, relative to the repository root.
    public static let defaultPath = "reports/baselines/accuracy.json"
    public static let documentName = "accuracy baseline"
    public static let versionKey = "schemaVersion"
    public static let currentVersion = 1
}

extension AccuracyBaseline.Entry {
    /// The comparable ("lower is better", finite) metrics of a check.
    init(_ check: CheckReport) {
        seeded = check.seeded
        metrics = [:]
        for metric in check.metrics where metric.better == .lower && metric.value.isFinite {
            metrics[metric.name] = metric.value
        }
    }
}
