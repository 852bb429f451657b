// ComparisonPage.swift — `comparison.md`: the same configurations on several machines side by
// side (each machine at its latest commit), as ratios to a reference machine, with one grouped
// bar chart per workload.

import FrameBench
import Foundation

/// The numbers behind comparison.md (`comparison.json`).
public struct ComparisonData: Codable, Sendable {
    public struct Machine: Codable, Sendable {
        public var machine: FrameBench.Machine
        public var commit: BenchCommit
        public var date: String?
        public var shards: Int
    }

    /// One configuration: its median time per animation-frame on each machine (in `machines`
    /// order, nil where not measured) and each machine's time over the reference's.
    public struct Row: Codable, Sendable {
        public var key: String
        public var workload: Workload
        public var strategy: Strategy
        public var animations: Int
        public var threads: Int
        public var nanosecondsP50: [Double?]
        public var ratioToReference: [Double?]
    }

    public var reference: String
    public var machines: [Machine]
    public var rows: [Row]
    public var charts: [Chart]
}

enum ComparisonPage {
    /// Compares the latest run of each machine in `runs` (ordered as `MergedRun.isOrdered`), with
    /// `reference` (a machine name among them) as the denominator of the ratios.
    static func data(_ runs: [MergedRun], reference: String) -> ComparisonData {
        let latest = Dictionary(runs.map { ($0.machine.name, $0) }, uniquingKeysWith: { _, later in later })
        let names = latest.keys.sorted { ($0 == reference ? 0 : 1, $0) < ($1 == reference ? 0 : 1, $1) }
        let machines = names.map { latest[$0]! }
        let tables = machines.map { run in Dictionary(run.report.results.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }) }
        var seen = Set<String>()
        let union = PerformancePage.sorted(machines.flatMap(\.report.results)).filter { seen.insert($0.key).inserted }
        let rows = union.map { result -> ComparisonData.Row in
            let values = tables.map { $0[result.key]?.nsPerAnimationFrame.p50 }
            let base = values[0]
            return ComparisonData.Row(key: result.key, workload: result.workload, strategy: result.strategy,
                                      animations: result.animations, threads: result.threads, nanosecondsP50: values,
                                      ratioToReference: values.map { value in
                                          guard let value, let base, base > 0 else { return nil }
                                          return value / base
                                      })
        }
        let charts = PerformancePage.workloads(union).compactMap { chart(rows, workload: $0, machines: names) }
        return ComparisonData(reference: reference,
                              machines: machines.map { .init(machine: $0.machine, commit: $0.commit, date: $0.date, shards: $0.shards) },
                              rows: rows, charts: charts)
    }

    /// A grouped bar chart of one workload: a category per strategy, a bar per machine, at one
    /// thread and the largest N at which every machine measured the most strategies (not counting
    /// `gsl`, which stops at `Strategy.gslMaximumAnimations` by design).
    static func chart(_ rows: [ComparisonData.Row], workload: Workload, machines: [String]) -> Chart? {
        let candidates = rows.filter { $0.workload == workload && $0.threads == 1 && $0.nanosecondsP50.allSatisfy { $0 != nil } }
        guard let animations = FleetReport.chartedCount(candidates.map { ($0.strategy, $0.animations) }) else { return nil }
        let strategies = workload.strategies.filter { strategy in
            rows.contains { $0.workload == workload && $0.strategy == strategy && $0.threads == 1 && $0.animations == animations }
        }
        let series = machines.indices.map { column -> ChartSeries in
            var x: [Double] = [], y: [Double] = []
            for (position, strategy) in strategies.enumerated() {
                let row = rows.first { $0.workload == workload && $0.strategy == strategy && $0.threads == 1 && $0.animations == animations }
                if let value = row?.nanosecondsP50[column] {
                    x.append(Double(position))
                    y.append(value)
                }
            }
            return ChartSeries(id: "machine-\(column + 1)", label: machines[column] + (column == 0 ? " (reference)" : ""),
                               x: x, y: y, style: .bars)
        }
        return Chart(id: "comparison-\(workload.rawValue)",
                     title: "\(workload.rawValue): time per animation per frame by machine",
                     xAxis: ChartAxis(label: "strategy", fixedTicks: strategies.enumerated().map { .init(Double($0.offset), $0.element.rawValue) }),
                     yAxis: ChartAxis(label: "p50 per animation per frame", unit: "ns", scale: .log),
                     series: series,
                     notes: ["\(ReportFormat.count(animations)) animations, 1 thread, median of each machine's timed frames; "
                             + "smaller is faster. A missing bar was not measured on that machine."])
    }

    static func render(_ data: ComparisonData, sources: Int) -> String {
        var page = "# Hooke performance across machines\n\n"
        page += "Merged by `hooke report --from` from \(sources) result file\(sources == 1 ? "" : "s") (nothing was measured "
        page += "to write this page), each machine at its latest commit. Times are the median wall time per frame divided by "
        page += "the number of animations, in nanoseconds (smaller is faster); **M / \(data.reference)** is machine M's time "
        page += "divided by the reference machine's (above 1: slower). The numbers are in [comparison.json](comparison.json). "
        page += "Back to the [summary](README.md).\n\n"
        page += "## Machines\n\n"
        var machines = MarkdownTable(header: ["machine", "CPU", "cores", "ISA", "OS", "Swift", "GSL", "commit", "measured", "shards"],
                                     alignments: [.left, .left, .right, .left, .left, .left, .left, .left, .left, .right])
        for item in data.machines {
            let m = item.machine
            machines.append([m.name + (m.name == data.reference ? " (reference)" : ""), m.cpuModel, "\(m.cores)", m.isa,
                             m.operatingSystem, m.swiftVersion, m.gslVersion, item.commit.id, item.date ?? "—", "\(item.shards)"])
        }
        page += machines.render() + "\n"
        let names = data.machines.map(\.machine.name)
        for workload in Workload.allCases where data.rows.contains(where: { $0.workload == workload }) {
            page += "## \(workload.rawValue)\n\n"
            if let chart = data.charts.first(where: { $0.id == "comparison-\(workload.rawValue)" }) {
                page += "![\(chart.title)](charts/\(chart.id).svg)\n\n"
            }
            var table = MarkdownTable(
                header: ["strategy", "N", "threads"] + names.map { "\($0) (ns)" } + names.dropFirst().map { "\($0) / \(data.reference)" },
                alignments: [.left, .right, .right] + Array(repeating: .right, count: 2 * names.count - 1))
            for row in data.rows where row.workload == workload {
                table.append([row.strategy.rawValue, ReportFormat.count(row.animations), "\(row.threads)"]
                             + row.nanosecondsP50.map { $0.map(ReportFormat.nanoseconds) ?? "—" }
                             + row.ratioToReference.dropFirst().map { ReportFormat.ratio($0) })
            }
            page += table.render() + "\n"
        }
        return page
    }
}
