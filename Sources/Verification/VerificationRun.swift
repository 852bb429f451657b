// VerificationRun.swift — what `hooke verify` and `hooke report` do around the verifier, written
// once: the suites selected by name, the accuracy baseline read before any work (a bad one fails at once), the suites run
// (with the planted faults when asked), and the report is then compared with the baseline — or the
// baseline is rewritten from it — and mapped to an exit status (AccuracyBaseline.swift has the rule).

import Foundation
import HookeSupport

/// One verification run against the stored accuracy baseline.
package struct VerificationRun {
    package var configuration: VerificationConfiguration
    package var suites: [VerificationSuite]
    /// Run every suite's quick checks on each planted fault too (`MutationTesting`).
    package var plantsFaults: Bool
    /// The baseline file (`shown` names it in the report) and whether this run rewrites it.
    package var baseline: BaselineFile
    /// The baseline as read before the run; nil when there is no file.
    package private(set) var stored: AccuracyBaseline?

    /// Reads the baseline. - Throws: `BaselineError` for a file that is not a usable baseline.
    package init(configuration: VerificationConfiguration, suites: [VerificationSuite] = Verifier.suites,
                 plantsFaults: Bool, baseline: BaselineFile) throws {
        self.configuration = configuration
        self.suites = suites
        self.plantsFaults = plantsFaults
        self.baseline = baseline
        stored = try AccuracyBaseline.read(fromPath: baseline.path)
    }

    /// Every suite, not the quick set: a run that may rewrite the baseline from scratch.
    package var isComplete: Bool { suites.count == Verifier.suites.count && !configuration.quick }

    /// Why this run may not update the baseline, or nil: the baseline has one seed for all its
    /// seeded checks, so a partial run with another seed would restamp the checks it did not run.
    package var updateConflict: String? {
        guard !isComplete, let stored, stored.seed != configuration.seed else { return nil }
        return "this partial run uses seed \(configuration.seed) but the baseline holds seed \(stored.seed); "
            + "run the full suite, or use seed \(stored.seed)"
    }

    /// Runs the suites, then the planted faults when asked; the report and the seconds it took.
    package func run(progress: @escaping @Sendable (SuiteProgress) -> Void) -> (report: VerificationReport, seconds: Double) {
        let start = Date()
        var report = Verifier.run(configuration, suites: suites, progress: progress)
        if plantsFaults { report.mutants = MutationTesting.run(configuration).report }
        return (report, Date().timeIntervalSince(start))
    }

    /// Compares `report` with the stored baseline (or records that there is none), or with
    /// `baseline.update` rewrites the baseline from it; the metrics that improved on the baseline
    /// beyond the noise band (none after an update).
    package func finish(_ report: inout VerificationReport) throws -> [MetricChange] {
        if baseline.update {
            try update(&report)
            return []
        }
        guard let stored else {
            report.baseline = BaselineComparison(path: baseline.shown, state: .missing,
                                                 noiseBand: AccuracyBaseline.noiseBandDescription)
            return []
        }
        report.baseline = stored.compare(report, path: baseline.shown)
        return stored.improvements(in: report)
    }

    /// Rewrites the baseline from `report`, atomically: from scratch after a complete run
    /// (`isComplete`), else replacing only the checks that ran.
    func update(_ report: inout VerificationReport) throws {
        var rewritten = isComplete ? AccuracyBaseline(report: report) : (stored ?? AccuracyBaseline(report: report))
        if !isComplete { rewritten.merge(report) }
        try rewritten.write(toPath: baseline.path)
        report.baseline = BaselineComparison(path: baseline.shown, state: .updated, comparedChecks: report.checks.count,
                                             noiseBand: AccuracyBaseline.noiseBandDescription)
    }
}

extension VerificationReport {
    /// A regression when a check failed or regressed (or a planted fault went uncaught), else an
    /// improvement when some metric improved on the baseline, else equal.
    package func verdict(improvements: [MetricChange]) -> BaselineVerdict {
        BaselineVerdict(regressed: !passed, improved: !improvements.isEmpty)
    }
}

extension Verifier {
    /// The suites named by `names`, in the fixed suite order; every suite when `names` is empty.
    /// - Throws: `UnknownSuite` for the first name that is not one of `suiteNames`.
    package static func suites(named names: [String]) throws -> [VerificationSuite] {
        for name in names where !suiteNames.contains(name) { throw UnknownSuite(name: name) }
        return names.isEmpty ? suites : suites.filter { names.contains($0.name) }
    }
}

/// A suite name that is not one of `Verifier.suiteNames`; the message lists them.
package struct UnknownSuite: Error, Equatable, CustomStringConvertible {
    package var name: String
    package var description: String {
        "unknown suite \(quoted(name)); one of \(Verifier.suiteNames.joined(separator: ", "))"
    }
}

extension VerificationConfiguration {
    /// The real SwiftUI recordings: `$HOOKE_RECORDINGS` when set, else `data/swiftui-recordings` of
    /// the repository at `root`; nil when neither exists (the recordings suite is then skipped).
    package static func recordingsDirectory(root: URL) -> URL? {
        if let override = ProcessInfo.processInfo.environment["HOOKE_RECORDINGS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let directory = root.appendingPathComponent("data/swiftui-recordings")
        return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
    }
}
