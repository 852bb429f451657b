// HistoryPage.swift — `history.md`: one machine's runs at successive commits. Per workload a
// line of p50 time per animation-frame with its p25–p75 band by commit, and where each
// configuration's time or error changed level (`StepDetection` over its whole history, so a step
// is placed at the commit where it happened rather than judged between neighbours), marked on the
// chart and listed.

import FrameBench
import Foundation
import HookeSupport

/// The numbers behind history.md (`history.json`).
public struct HistoryData: Codable, Sendable {
    public struct Commit: Codable, Sendable {
        public var commit: BenchCommit
        public var date: String?
        public var shards: Int
        public var configurations: Int
    }

    /// A step in one configuration's metric: its level changed from `before` (up to `previous`)
    /// to `after` (from `commit` on).
    public struct Change: Codable, Sendable {
        public var commit: String
        public var previous: String
        public var key: String
        /// "nsPerAnimationFrameP50" (speed) or "maxError" (accuracy against the reference).
        public var metric: String
        public var before: Double
        public var after: Double
        /// Both metrics are better when lower: a rise is a regression, a fall an improvement.
        public var verdict: BaselineVerdict
    }

    public struct Machine: Codable, Sendable {
        public var machine: FrameBench.Machine
        /// Oldest first.
        public var commits: [Commit]
        public var changes: [Change]
        public var charts: [Chart]
        /// Per configuration key: p50 ns per animation-frame at each commit (nil: not measured).
        public var nanosecondsP50: [String: [Double?]]
    }

    /// The rule, in words.
    public var rule: String
    public var machines: [Machine]
}

enum HistoryPage {
    /// Steps smaller than this are dropped (relative size, max/min − 1). Time: a configuration's
    /// median moves between processes of one commit by up to a few tens of percent on a shared
    /// machine (FrameBench.docc/RegressionRule.md), and by more for a few bimodal rows, so a level
    /// change below 25 % is not called a step. Error: the bench's error is deterministic on one
    /// machine but moves by rounding between builds; the baseline's factor of 10 applies.
    static let timeStepThreshold = 0.25
    static let errorStepThreshold = PerformanceBaseline.Thresholds.standard.errorFactor - 1
    /// Errors below half an ulp of 1 are one level ("exact").
    static let errorFloor = 0x1p-53

    /// The history of every machine with runs at two or more commits in `runs` (ordered as
    /// `MergedRun.isOrdered`: by machine, then oldest commit first).
    static func data(_ runs: [MergedRun]) -> HistoryData {
        let rule = "steps found by a piecewise-constant fit of each configuration's history (log values, L1 cost, a penalty per "
            + "segment from the history's own noise, in the manner of asv's step detection); time steps (p50 per animation-frame) "
            + "under \(ReportFormat.significant(timeStepThreshold * 100)) % and error steps under ×\(ReportFormat.significant(errorStepThreshold + 1)) "
            + "are dropped; a rise is a regression, a fall an improvement"
        var machines: [HistoryData.Machine] = []
        for name in runs.map(\.machine.name).uniqued() {
            let history = runs.filter { $0.machine.name == name }
            guard history.count >= 2 else { continue }
            var changes: [HistoryData.Change] = []
            let keys = history.flatMap { $0.report.results.map(\.key) }.uniqued()
            for key in keys {
                let column = history.map { run in run.report.results.first { $0.key == key } }
                func steps(_ metric: String, _ value: (BenchResult) -> Double?, threshold: Double, floor: Double) {
                    let present = column.indices.compactMap { index in column[index].flatMap(value).map { (index, $0) } }
                    for step in StepDetection.steps(in: present.map(\.1), threshold: threshold, floor: floor) {
                        let at = present[step.index].0, before = present[step.index - 1].0
                        changes.append(.init(commit: history[at].commit.id, previous: history[before].commit.id, key: key,
                                             metric: metric, before: step.before, after: step.after,
                                             verdict: step.after > step.before ? .regression : .improvement))
                    }
                }
                steps("nsPerAnimationFrameP50", { $0.nsPerAnimationFrame.p50 }, threshold: timeStepThreshold, floor: .leastNormalMagnitude)
                steps("maxError", \.maxError, threshold: errorStepThreshold, floor: errorFloor)
            }
            var table: [String: [Double?]] = [:]
            for (column, run) in history.enumerated() {
                for result in run.report.results {
                    table[result.key, default: Array(repeating: nil, count: history.count)][column] = result.nsPerAnimationFrame.p50
                }
            }
            let charts = PerformancePage.workloads(history.flatMap(\.report.results)).compactMap {
                chart(history, workload: $0, regressions: changes.filter { $0.verdict == .regression })
            }
            machines.append(.init(machine: history[0].machine,
                                  commits: history.map { .init(commit: $0.commit, date: $0.date, shards: $0.shards,
                                                               configurations: $0.report.results.count) },
                                  changes: changes, charts: charts, nanosecondsP50: table))
        }
        return HistoryData(rule: rule, machines: machines)
    }

    /// p50 with its p25–p75 band by commit for each strategy of `workload`, at one thread and the
    /// N chosen as the comparison's (`FleetReport.chartedCount`) among those measured at every
    /// commit; the rule's regressions as black markers.
    static func chart(_ history: [MergedRun], workload: Workload, regressions: [HistoryData.Change]) -> Chart? {
        func results(_ run: MergedRun) -> [BenchResult] {
            run.report.results.filter { $0.workload == workload && $0.threads == 1 }
        }
        let everywhere = history.map { Set(results($0).map { "\($0.strategy.rawValue)/\($0.animations)" }) }
            .reduce(nil as Set<String>?) { $0?.intersection($1) ?? $1 } ?? []
        let measured = results(history[0]).filter { everywhere.contains("\($0.strategy.rawValue)/\($0.animations)") }
        guard let animations = FleetReport.chartedCount(measured.map { ($0.strategy, $0.animations) }) else { return nil }
        var series: [ChartSeries] = []
        var marked: [(Double, Double)] = []
        for (colour, strategy) in workload.strategies.enumerated() {
            var x: [Double] = [], p50: [Double] = [], p25: [Double] = [], p75: [Double] = []
            for (column, run) in history.enumerated() {
                guard let result = results(run).first(where: { $0.strategy == strategy && $0.animations == animations }) else { continue }
                x.append(Double(column))
                p50.append(result.nsPerAnimationFrame.p50)
                p25.append(result.nsPerAnimationFrame.p25)
                p75.append(result.nsPerAnimationFrame.p75)
                if regressions.contains(where: { $0.commit == run.commit.id && $0.key == result.key }) {
                    marked.append((Double(column), result.nsPerAnimationFrame.p50))
                }
            }
            guard !x.isEmpty else { continue }
            series.append(ChartSeries(id: strategy.rawValue, label: "\(strategy.rawValue) p50 (band p25–p75)", x: x, y: p50,
                                      style: .lineAndMarkers, colorIndex: colour, band: ChartBand(lower: p25, upper: p75)))
        }
        if !marked.isEmpty {
            series.append(ChartSeries(id: "regression", label: "step up (regression) starts here", x: marked.map(\.0),
                                      y: marked.map(\.1), style: .markers, colorIndex: 6))
        }
        let ticks = history.enumerated().map { ChartAxis.FixedTick(Double($0.offset), String($0.element.commit.id.prefix(10))) }
        return Chart(id: "history-\(slug(history[0].machine.name))-\(workload.rawValue)",
                     title: "\(workload.rawValue) on \(history[0].machine.name), by commit",
                     xAxis: ChartAxis(label: "commit (oldest first)", fixedTicks: ticks),
                     yAxis: ChartAxis(label: "per animation per frame", unit: "ns", scale: .log),
                     series: series,
                     notes: ["\(ReportFormat.count(animations)) animations, 1 thread. Line: median of the timed frames; band: "
                             + "p25 to p75. Black markers: where a step up in time or error starts (step detection over the whole history)."])
    }

    /// Lowercase letters, digits and hyphens, for file names and SVG ids.
    static func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "machine" : result
    }

    static func render(_ data: HistoryData) -> String {
        var page = "# Hooke performance history\n\n"
        page += "Merged by `hooke report --from` from stored results (nothing was measured to write this page): each "
        page += "machine's runs at successive commits, oldest first, ordered by commit date. Times are the wall time per "
        page += "frame divided by the number of animations, in nanoseconds. A **step** is where a configuration's level changed, "
        page += "found over its whole history: \(data.rule). "
        page += "The numbers are in [history.json](history.json). Back to the [summary](README.md).\n\n"
        for machine in data.machines {
            page += "## \(machine.machine.name)\n\n"
            var commits = MarkdownTable(header: ["commit", "committed", "measured", "shards", "configurations", "regressions", "improvements"],
                                        alignments: [.left, .left, .left, .right, .right, .right, .right])
            for item in machine.commits {
                let changes = machine.changes.filter { $0.commit == item.commit.id }
                commits.append([item.commit.id, item.commit.date ?? "—", item.date ?? "—", "\(item.shards)", "\(item.configurations)",
                                "\(changes.filter { $0.verdict == .regression }.count)",
                                "\(changes.filter { $0.verdict == .improvement }.count)"])
            }
            page += commits.render() + "\n"
            for chart in machine.charts { page += "![\(chart.title)](charts/\(chart.id).svg)\n\n" }
            if machine.changes.isEmpty {
                page += "No configuration's time or error changed level.\n\n"
            } else {
                var changes = MarkdownTable(header: ["from commit", "after", "configuration", "metric", "level before", "level after", "verdict"],
                                            alignments: [.left, .left, .left, .left, .right, .right, .left])
                for change in machine.changes {
                    changes.append([change.commit, change.previous, change.key, change.metric, ReportFormat.significant(change.before),
                                    ReportFormat.significant(change.after), change.verdict.rawValue])
                }
                page += changes.render() + "\n"
            }
        }
        return page
    }
}

extension Sequence where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
