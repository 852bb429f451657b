// SummaryPage.swift — `README.md`: the headline numbers, the environment, links to the pages.

import FrameBench
import Foundation
import Verification

/// The worst error of one implementation over the verifier's checks.
struct ImplementationAccuracy: Codable, Sendable, Equatable {
    var implementation: String
    /// Max |error| relative to the distance over the implementation's checks.
    var worstRelativeError: Double
    /// The check where it occurred.
    var check: String
    var status: String

    /// The checks "worst accuracy" is taken over: those held to a tolerance against an independent
    /// reference or a law (kinds `reference` and `invariant`). Consistency checks (our code against
    /// our code) show agreement, not accuracy, and have their own table; findings (claims, errata,
    /// SwiftUI's departures from physics) have no pass/fail meaning: accuracy.md lists them.
    static func isAccuracyCheck(_ check: CheckReport) -> Bool {
        (check.kind == .reference || check.kind == .invariant) && check.tolerance != nil && check.status != .info
            && check.metric("maxRelError") != nil
    }

    /// One row per implementation over the checks of `kinds`, in the order implementations first
    /// appear in the report.
    static func all(_ verification: VerificationReport) -> [ImplementationAccuracy] {
        rows(verification) { isAccuracyCheck($0) }
    }

    /// The consistency checks, one row per implementation.
    static func consistency(_ verification: VerificationReport) -> [ImplementationAccuracy] {
        rows(verification) { $0.kind == .consistency && $0.metric("maxRelError") != nil }
    }

    static func rows(_ verification: VerificationReport, where include: (CheckReport) -> Bool) -> [ImplementationAccuracy] {
        var order: [String] = []
        var worst: [String: ImplementationAccuracy] = [:]
        for check in verification.checks where include(check) {
            let value = check.metric("maxRelError")!.value
            if worst[check.implementation] == nil { order.append(check.implementation) }
            if let current = worst[check.implementation], !(value > current.worstRelativeError || value.isNaN) { continue }
            worst[check.implementation] = ImplementationAccuracy(
                implementation: check.implementation, worstRelativeError: value,
                check: "\(check.suite)/\(check.name)", status: check.status.rawValue)
        }
        return order.map { worst[$0]! }
    }
}

/// The fast path's headline: closed-form springs with the `fast` strategy.
struct FastPathHeadline: Codable, Sendable, Equatable {
    var animations: Int
    var threads: Int
    var nanosecondsPerAnimationFrame: Double
    var timesFasterThanNaive: Double?

    /// `spring`/`fast` at the largest N, one thread and the most threads.
    static func all(_ results: [BenchResult]) -> [FastPathHeadline] {
        let fast = results.filter { $0.workload == .spring && $0.strategy == .fast }
        guard let largest = fast.map(\.animations).max() else { return [] }
        return fast.filter { $0.animations == largest }.sorted { $0.threads < $1.threads }.map {
            FastPathHeadline(animations: $0.animations, threads: $0.threads,
                             nanosecondsPerAnimationFrame: $0.nsPerAnimationFrame.p50,
                             timesFasterThanNaive: $0.ratioToNaive.map { 1 / $0 })
        }
    }
}

/// The numbers behind README.md.
struct SummaryData: Codable, Sendable {
    var environment: ReportEnvironment
    var verificationPassed: Bool
    var checks: Int
    var passed: Int
    var failed: Int
    var info: Int
    var skippedSuites: [String]
    var accuracy: [ImplementationAccuracy]
    /// Our code against our code: agreement, not accuracy.
    var consistency: [ImplementationAccuracy]
    /// Planted faults caught / planted, when the mutants ran.
    var mutationScore: String?
    var fastPath: [FastPathHeadline]
    var frameCapacity: [FrameCapacity]
    var benchSkipReason: String?
    var pages: [String]
    var charts: [String]
}

enum SummaryPage {
    /// Real peer engines measured beside Hooke: written by `scripts/engines`, linked when present.
    static let enginesPage = "engines.md"

    static func data(_ verification: VerificationReport, bench: BenchReport?, environment: ReportEnvironment,
                     benchSkipReason: String?, charts: [Chart], enginesPage: Bool = false) -> SummaryData {
        let checks = verification.checks
        let results = bench?.results ?? []
        return SummaryData(
            environment: environment, verificationPassed: verification.passed, checks: checks.count,
            passed: checks.filter { $0.status == .pass }.count, failed: checks.filter { $0.status == .fail }.count,
            info: checks.filter { $0.status == .info }.count,
            skippedSuites: verification.suites.filter { $0.status == .skipped }.map(\.name),
            accuracy: ImplementationAccuracy.all(verification),
            consistency: ImplementationAccuracy.consistency(verification), mutationScore: verification.mutants?.score,
            fastPath: FastPathHeadline.all(results),
            frameCapacity: FrameCapacity.all(results), benchSkipReason: bench == nil ? (benchSkipReason ?? "not run") : nil,
            pages: ["accuracy.md", "performance.md"] + (enginesPage ? [Self.enginesPage] : []), charts: charts.map { "charts/\($0.id).svg" })
    }

    static func table(_ rows: [ImplementationAccuracy], empty: String) -> String {
        var table = MarkdownTable(header: ["implementation", "worst error / distance", "in check", "status"],
                                  alignments: [.left, .right, .left, .left])
        for row in rows {
            table.append([row.implementation, ReportFormat.error(row.worstRelativeError), row.check,
                          row.status == "fail" ? "**FAIL**" : row.status])
        }
        return table.rows.isEmpty ? empty + "\n" : table.render()
    }

    static func render(_ data: SummaryData, verification: VerificationReport) -> String {
        var page = "# Hooke report\n\n"
        page += "Hooke is SwiftUI's animation math on Linux, checked against a GNU GSL reference and measured frame by frame. "
        page += "This report is written by `hooke report` (and by the main job, `scripts/run`) at commit "
        page += "`\(data.environment.gitCommit)` on \(data.environment.date). The same code gives the same report except "
        page += "the measured timings and the date. The numbers below are in [README.json](README.json).\n\n"

        page += "## Headline\n\n"
        page += "### Accuracy\n\n" + AccuracyPage.summaryLine(verification) + "\n\n"
        if let score = data.mutationScore {
            page += "**Planted faults caught: \(score)** (deliberately wrong implementations run through the same checks; "
            page += "the list is in [accuracy.md](accuracy.md#planted-faults)).\n\n"
        }
        page += "The worst error of each implementation over the checks that hold it to a tolerance against an independent "
        page += "reference (GSL, the double-double closed form, real recordings, values worked by hand or published by Apple) "
        page += "or a law (energy, continuity), relative to the distance of the motion; \"identical\" means the two sides "
        page += "agree to the last bit. Our code compared with our code is in the consistency table below; measurements "
        page += "without a pass/fail meaning — SwiftUI's errata and its `.spring` integrator against physics, documentation "
        page += "claims — are in [accuracy.md](accuracy.md).\n\n"
        page += Self.table(data.accuracy, empty: "_No accuracy checks ran._") + "\n"
        page += "### Consistency\n\n"
        page += "Two implementations of ours agreeing: evidence that they are the same code path, not that either is right.\n\n"
        page += Self.table(data.consistency, empty: "_No consistency checks ran._") + "\n"

        page += "### Speed\n\n"
        if let reason = data.benchSkipReason {
            page += "_Not measured in this run: \(reason)._\n\n"
        } else {
            if data.fastPath.isEmpty {
                page += "_The `spring`/`fast` configuration was not measured._\n\n"
            }
            for fast in data.fastPath {
                page += "- Closed-form springs, `fast` strategy: **\(ReportFormat.nanoseconds(fast.nanosecondsPerAnimationFrame)) ns "
                page += "per animation per frame** (median, \(ReportFormat.count(fast.animations)) animations, "
                page += "\(fast.threads) thread\(fast.threads == 1 ? "" : "s"))"
                page += fast.timesFasterThanNaive.map { ", \(ReportFormat.ratio($0)) faster than `naive`" } ?? ""
                page += ".\n"
            }
            page += "\n**Largest N in a 120 Hz frame** (8.33 ms; the p99 frame must fit, extrapolated from the p99 cost at most 2× past the largest N measured, "
            page += "best thread count). Details in [performance.md](performance.md).\n\n"
            var capacity = MarkdownTable(header: ["workload", "strategy", "max N at 120 Hz", "threads"],
                                         alignments: [.left, .left, .right, .right])
            for row in data.frameCapacity where row.strategy == Strategy.fast.rawValue || row.strategy == Strategy.naive.rawValue {
                capacity.append([row.workload, row.strategy, row.display120Hz, "\(row.threads)"])
            }
            page += capacity.render() + "\n"
        }
        page += "![.spring(response: 1.8, dampingFraction: 0.3): closed form, GSL, integrator and recording](charts/spring-trajectory.svg)\n\n"

        page += "## Environment\n\n" + data.environment.table.render() + "\n"

        page += "## Pages\n\n"
        page += "- [accuracy.md](accuracy.md): every suite's table, SwiftUI's errata, documentation claims, the integrator's "
        page += "convergence order, the recordings' residuals ([accuracy.json](accuracy.json)).\n"
        page += "- [performance.md](performance.md): every workload × strategy, scaling with N and threads, allocations, "
        page += "what fits a frame ([performance.json](performance.json)).\n"
        if data.pages.contains(Self.enginesPage) {
            page += "- [engines.md](engines.md): real engines (Chromium, Firefox, Qt, Qt Quick, GNOME libadwaita) through the same judge and frame harness, "
            page += "written by `scripts/engines` ([engines.json](engines.json)).\n"
        }
        page += "- Charts: " + data.charts.map { "[\(($0 as NSString).lastPathComponent)](\($0))" }.joined(separator: ", ") + ".\n"
        page += "- Baselines (written only by `hooke verify --update-baseline` and `hooke bench --update-baseline`): [baselines/](baselines/).\n"
        return page
    }
}
