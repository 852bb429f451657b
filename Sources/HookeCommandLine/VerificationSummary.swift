import HookeSupport
import Verification

/// A verification's summary as `hooke verify` prints it: the table of checks, the counts, the
/// baseline comparison and the planted faults, line by line.
struct VerificationSummary {
    var report: VerificationReport
    var improvements: [MetricChange]
    /// The run's wall time, in seconds.
    var seconds: Double

    init(report: VerificationReport, improvements: [MetricChange] = [], seconds: Double) {
        self.report = report
        self.improvements = improvements
        self.seconds = seconds
    }

    /// One line, as `hooke report` ends with it: the checks, the failures, the regressions against
    /// the baseline, the planted faults caught, and the verdict.
    static func oneLine(_ report: VerificationReport) -> String {
        "\(report.checks.count) checks, \(report.checks.filter { $0.status == .fail }.count) failed"
            + (report.baseline.map { ", \($0.regressions.count) regressed against the baseline" } ?? "")
            + (report.mutants.map { ", planted faults caught \($0.score)" } ?? "")
            + (report.passed ? " — pass" : " — FAIL")
    }

    /// Hands the summary to `print` one line at a time.
    func print(_ print: (String) -> Void) {
        table(print)
        counts(print)
        if let baseline = report.baseline { self.baseline(baseline, print) }
        if let mutants = report.mutants { self.mutants(mutants, print) }
        print(report.passed ? "verify: pass" : "verify: FAIL")
    }

    func table(_ print: (String) -> Void) {
        let header = "suite".padding(to: 14) + "check".padding(to: 58) + "kind".padding(to: 12) + "implementation".padding(to: 36)
            + "max rel".leftPadding(to: 10) + "rms rel".leftPadding(to: 10) + "tolerance".leftPadding(to: 11) + "  status"
        print(header)
        print(String(repeating: "-", count: header.count))
        for suite in report.suites {
            if suite.status == .skipped {
                print(suite.name.padding(to: 14) + "skipped: \(suite.skipReason ?? "")")
                continue
            }
            for check in suite.checks { row(suite.name, check, print) }
        }
    }

    func row(_ suite: String, _ check: CheckReport, _ print: (String) -> Void) {
        // An exact zero is agreement to the last bit, never an accuracy.
        func figure(_ name: String) -> String {
            check.metric(name).map { errorFigure($0.value) { formatShort($0, digits: 3) } } ?? "-"
        }
        let tolerance = check.tolerance.map { formatShort($0.value, digits: 3) } ?? "-"
        var status = check.status.rawValue
        if let verdict = check.verdict { status += " (\(verdict.rawValue))" }
        print(suite.padding(to: 14) + check.name.padding(to: 58) + check.kind.rawValue.padding(to: 12)
              + check.implementation.padding(to: 36) + figure("maxRelError").leftPadding(to: 10)
              + figure("rmsRelError").leftPadding(to: 10) + tolerance.leftPadding(to: 11) + "  " + status)
        if check.status == .fail {
            let at = check.worst.map { "; worst: \($0.description)" + ($0.time.map { " at t = \(formatShort($0))" } ?? "") }
            print("    \(check.detail)" + (at ?? ""))
        }
    }

    func counts(_ print: (String) -> Void) {
        let checks = report.checks
        func count(_ status: CheckReport.Status) -> Int { checks.filter { $0.status == status }.count }
        let skipped = report.suites.filter { $0.status == .skipped }.count
        print("")
        let kinds = CheckReport.Kind.allCases.map { kind in "\(checks.filter { $0.kind == kind }.count) \(kind.rawValue)" }
        print("\(checks.count) checks (\(kinds.joined(separator: ", "))): \(count(.pass)) pass, \(count(.fail)) fail, "
              + "\(count(.info)) info; \(skipped) suite(s) skipped; "
              + "\(report.quick ? "quick" : "full") run, seed \(report.seed), \(formatShort(seconds, digits: 3)) s")
    }

    func baseline(_ baseline: BaselineComparison, _ print: (String) -> Void) {
        switch baseline.state {
        case .missing:
            print("baseline: missing at \(baseline.path) (not created; run with --update-baseline)")
        case .updated:
            print("baseline: updated \(baseline.path)")
        case .compared:
            var line = "baseline: \(baseline.comparedChecks) checks compared, \(baseline.regressions.count) regressed"
            if !baseline.newChecks.isEmpty { line += ", \(baseline.newChecks.count) new (not in the baseline)" }
            if !baseline.seedMismatches.isEmpty { line += ", \(baseline.seedMismatches.count) seeded checks not compared (other seed)" }
            print(line)
            if !improvements.isEmpty {
                print("baseline: \(improvements.count) metric(s) improved beyond the noise band; record them with --update-baseline")
            }
            for regression in baseline.regressions {
                print("  REGRESSED \(regression.check) \(regression.metric): \(formatShort(regression.current, digits: 3)) "
                      + "> allowed \(formatShort(regression.allowed, digits: 3)) (baseline \(formatShort(regression.baseline, digits: 3)))")
            }
        }
    }

    func mutants(_ mutants: MutationReport, _ print: (String) -> Void) {
        print("")
        print("planted faults (each run through every suite's quick checks):")
        for mutant in mutants.mutants {
            let caughtBy = mutant.caughtBy.prefix(2).joined(separator: "; ")
                + (mutant.caughtBy.count > 2 ? " (+\(mutant.caughtBy.count - 2))" : "")
            print("  " + (mutant.caught ? "caught " : "MISSED ") + mutant.fault.padding(to: 84) + (mutant.caught ? " by " + caughtBy : ""))
        }
        print("mutation score: \(mutants.score) caught"
              + (mutants.controlFailures.isEmpty ? "; the fault-free control passes"
                 : "; the fault-free control FAILED: \(mutants.controlFailures.joined(separator: "; "))"))
    }
}
