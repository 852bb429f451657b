// VerificationReport.swift — the public, Codable result of `hooke verify`: suites, checks, metrics.
//
// The model is what a verification writes as JSON and what a later report reads to
// render accuracy pages. It is deliberately flat and self-describing: every check carries its
// suite, name, implementation, metrics (each with the direction in which it is "better" and the
// size of one ulp-equivalent, which the baseline's noise band needs), its tolerance with the
// reason for it, a pass/fail/info status and, for documentation claims, a holds/fails verdict, and
// its kind — what it is judged against (an independent reference, a law, another copy of our
// code, or nothing: a finding) — with the source of that reference in words.
// Sample series are optional and kept small (at most `SampleSeries.maximumCount` points).

import Foundation
import HookeSupport

/// The result of one verification run.
public struct VerificationReport: Codable, Sendable {
    /// Bumped when a field changes meaning; readers refuse versions they do not know.
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    /// The seed of the random cases.
    public var seed: UInt64
    /// Whether this was a quick run (only the quick set of checks).
    public var quick: Bool
    /// Suites in their fixed order (independent of the order in which they finished).
    public var suites: [SuiteReport]
    /// The comparison with the stored accuracy baseline, when one was made.
    public var baseline: BaselineComparison?
    /// Planted faults and which checks caught them , when run.
    public var mutants: MutationReport?

    public init(seed: UInt64, quick: Bool, suites: [SuiteReport], baseline: BaselineComparison? = nil) {
        self.schemaVersion = Self.currentSchemaVersion
        self.seed = seed
        self.quick = quick
        self.suites = suites
        self.baseline = baseline
    }

    /// Every check of every suite, in report order.
    public var checks: [CheckReport] { suites.flatMap(\.checks) }

    /// True when no check failed, nothing regressed against the baseline and, when faults were
    /// planted, every one was caught and the fault-free control passed.
    public var passed: Bool {
        !checks.contains { $0.status == .fail } && (baseline?.regressions.isEmpty ?? true)
            && (mutants.map { $0.caught == $0.planted && $0.controlFailures.isEmpty } ?? true)
    }
}

/// One suite: a group of checks that run together (on one Dispatch worker).
public struct SuiteReport: Codable, Sendable {
    public enum Status: String, Codable, Sendable { case passed, failed, skipped }

    public var name: String
    public var summary: String
    public var status: Status
    /// Why the suite was skipped ("recordings not found", "keyframes not implemented yet").
    public var skipReason: String?
    /// Wall-clock seconds the suite took (informational; never compared with a baseline).
    public var seconds: Double
    public var checks: [CheckReport]

    public init(name: String, summary: String, status: Status, skipReason: String? = nil,
                seconds: Double, checks: [CheckReport]) {
        self.name = name
        self.summary = summary
        self.status = status
        self.skipReason = skipReason
        self.seconds = seconds
        self.checks = checks
    }
}

/// One check: what was compared, the figures, the tolerance, the outcome.
public struct CheckReport: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Within tolerance (or, for a claim, the verdict is the expected one).
        case pass
        /// Outside tolerance.
        case fail
        /// A measurement with no pass/fail meaning (SwiftUI's own errors against physics, the
        /// `.spring` integrator's departure from the ODE). Still compared with the baseline.
        case info
    }

    /// For documentation claims: whether the claim holds, by the numbers in `metrics`.
    public enum Verdict: String, Codable, Sendable { case holds, fails }

    /// What a check is judged against.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// An independent reference: GSL integration or root finding, the double-double closed
        /// form, a real recording, a value worked by hand or published by Apple.
        case reference
        /// A law of physics or of the API: energy never grows, continuity at an interruption.
        case invariant
        /// Two implementations of ours agree (library vs rule, animator vs a hand continuation):
        /// it shows they are the same, not that either is right.
        case consistency
        /// A measurement with no pass/fail meaning (SwiftUI's errata, the integrator's order).
        case finding
    }

    public var suite: String
    public var name: String
    public var kind: Kind
    /// What the check is judged against, in words (with time alignment for recordings).
    public var source: String
    /// What was checked: `hooke.Spring`, `swiftui-model.Spring`, `Animation.spring`, ...
    public var implementation: String
    /// In the quick set: runs identically in quick and full runs, so its baseline entry is
    /// comparable between the two.
    public var quickSet: Bool
    /// Depends on the random seed: compared with the baseline only when the seeds agree.
    public var seeded: Bool
    public var metrics: [Metric]
    /// Where the worst error occurred.
    public var worst: WorstCase?
    /// The tolerance the check is held to (nil for `info` checks).
    public var tolerance: Tolerance?
    public var status: Status
    public var verdict: Verdict?
    /// One line with the figures that matter, for the summary table and the report.
    public var detail: String
    /// Small sample series for plots (a trajectory, a residual series).
    public var series: [SampleSeries]

    public init(suite: String, name: String, kind: Kind, source: String, implementation: String, quickSet: Bool,
                seeded: Bool = false, metrics: [Metric], worst: WorstCase? = nil, tolerance: Tolerance?, status: Status,
                verdict: Verdict? = nil, detail: String, series: [SampleSeries] = []) {
        self.suite = suite
        self.name = name
        self.kind = kind
        self.source = source
        self.implementation = implementation
        self.quickSet = quickSet
        self.seeded = seeded
        self.metrics = metrics
        self.worst = worst
        self.tolerance = tolerance
        self.status = status
        self.verdict = verdict
        self.detail = detail
        self.series = series
        CoverageProbe.checkBuilt(kind: kind)  // a no-op unless scripts/coverage runs an instrumented build
    }

    /// The key of this check in the baseline: `suite/name [implementation]`.
    public var key: String { "\(suite)/\(name) [\(implementation)]" }

    /// The metric called `name`, if present.
    public func metric(_ name: String) -> Metric? { metrics.first { $0.name == name } }
}

/// One figure of a check.
public struct Metric: Codable, Sendable {
    /// How a metric compares with its baseline.
    public enum Better: String, Codable, Sendable {
        /// An error: larger is worse; compared with the baseline's noise band.
        case lower
        /// Informational (an observed order, a count, a time): not compared.
        case none
    }

    public var name: String
    public var value: Double
    /// "relative to distance", "s", "ulps", "pt", "" ...
    public var unit: String
    public var better: Better
    /// The size of one ulp-equivalent in this metric's units: the additive part of the noise band
    /// (`AccuracyBaseline.noiseBand`). For an error relative to a scale of 1 it is 2⁻⁵², for an
    /// error in ulps it is 1.
    public var ulpEquivalent: Double

    public init(_ name: String, _ value: Double, unit: String = "", better: Better = .lower,
                ulpEquivalent: Double = Double.ulpOfOne) {
        self.name = name
        self.value = value
        self.unit = unit
        self.better = better
        self.ulpEquivalent = ulpEquivalent
    }
}

/// Where a check's worst case happened: the case's parameters and the time (if any).
public struct WorstCase: Codable, Sendable {
    /// The case, e.g. `response 0.5, ζ 1.000000001, v0 0, target 1`.
    public var description: String
    public var time: Double?

    public init(_ description: String, time: Double? = nil) {
        self.description = description
        self.time = time
    }
}

/// A tolerance: a named constant with its value and the reason it is that size.
public struct Tolerance: Codable, Sendable {
    public var name: String
    /// The metric the tolerance bounds.
    public var metric: String
    public var value: Double
    public var reason: String

    public init(name: String, metric: String, value: Double, reason: String) {
        self.name = name
        self.metric = metric
        self.value = value
        self.reason = reason
    }
}

/// A small series of (x, y) points for plots: a trajectory, residuals against time.
public struct SampleSeries: Codable, Sendable {
    /// Series longer than this are thinned evenly (keeping the first and last point).
    public static let maximumCount = 200

    public var name: String
    public var xLabel: String
    public var yLabel: String
    public var x: [Double]
    public var y: [Double]

    /// Creates a series, thinning it evenly to at most `maximumCount` points.
    public init(name: String, xLabel: String, yLabel: String, x: [Double], y: [Double]) {
        precondition(x.count == y.count, "a series needs as many x as y values (\(x.count) vs \(y.count))")
        self.name = name
        self.xLabel = xLabel
        self.yLabel = yLabel
        if x.count <= Self.maximumCount {
            self.x = x
            self.y = y
        } else {
            let last = x.count - 1
            let indices = (0..<Self.maximumCount).map { $0 * last / (Self.maximumCount - 1) }
            self.x = indices.map { x[$0] }
            self.y = indices.map { y[$0] }
        }
    }
}

/// How the run compared with the stored baseline.
public struct BaselineComparison: Codable, Sendable {
    /// The baseline file, as given.
    public var path: String
    public var state: State
    /// Checks compared metric by metric.
    public var comparedChecks: Int
    /// Checks that ran but have no baseline entry (new checks), by key.
    public var newChecks: [String]
    /// Seeded checks not compared because the baseline was recorded with another seed.
    public var seedMismatches: [String]
    /// The metrics that got worse beyond the noise band (every one with direction `.regression`).
    public var regressions: [MetricChange]
    /// How the noise band is chosen, in words.
    public var noiseBand: String

    /// What happened to the baseline in this run (JSON: the raw value).
    public enum State: String, Codable, Sendable {
        /// Compared metric by metric.
        case compared
        /// No file; nothing compared.
        case missing
        /// Rewritten from this run.
        case updated
    }

    public init(path: String, state: State, comparedChecks: Int = 0, newChecks: [String] = [],
                seedMismatches: [String] = [], regressions: [MetricChange] = [], noiseBand: String) {
        self.path = path
        self.state = state
        self.comparedChecks = comparedChecks
        self.newChecks = newChecks
        self.seedMismatches = seedMismatches
        self.regressions = regressions
        self.noiseBand = noiseBand
    }
}

/// A metric that moved past its baseline's noise band, and which way.
public struct MetricChange: Codable, Sendable {
    public var check: String
    public var metric: String
    public var baseline: Double
    public var current: Double
    /// The band's edge it crossed: for a regression the largest value allowed, for an improvement
    /// the value it had to get below.
    public var allowed: Double
    /// `.regression` (worse) or `.improvement` (better); never `.equal`.
    public var direction: BaselineVerdict

    public init(check: String, metric: String, baseline: Double, current: Double, allowed: Double,
                direction: BaselineVerdict = .regression) {
        self.check = check
        self.metric = metric
        self.baseline = baseline
        self.current = current
        self.allowed = allowed
        self.direction = direction
    }
}

extension VerificationReport {
    /// The report as JSON (`BaselineJSON`: sorted keys, non-finite numbers as "Infinity"/"NaN" strings).
    public func jsonData() throws -> Data { try BaselineJSON.encoder().encode(self) }

    /// Reads a report written by `jsonData()`.
    public static func decode(_ data: Data) throws -> VerificationReport {
        try BaselineJSON.decoder().decode(VerificationReport.self, from: data)
    }
}
