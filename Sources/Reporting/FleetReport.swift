// FleetReport.swift — the report written from stored results: the usual
// pages for one run (the reference machine's latest), plus `comparison.md` when the results come
// from several machines, `history.md` when a machine has runs at several commits, and
// `merged.json` with every merged run and the flat `benchmarks` list.

import FrameBench
import Foundation
import Verification

/// `merged.json`: every run after merging its shards, and the `{"name", "unit", "value"}` list
/// benchmark-publishing CI actions read, for each machine's latest run, named
/// `<machine> <configuration> <metric>` so that machines stay apart and names stay stable across
/// commits.
public struct MergedResults: Codable, Sendable {
    public struct Run: Codable, Sendable {
        public var machine: Machine
        public var commit: BenchCommit
        public var date: String?
        public var sources: [String]
        public var environment: BenchEnvironment
        public var results: [BenchResult]
    }

    public var runs: [Run]
    public var benchmarks: [PublishedBenchmark]

    public init(_ runs: [MergedRun]) {
        self.runs = runs.map { .init(machine: $0.machine, commit: $0.commit, date: $0.date, sources: $0.sources,
                                     environment: $0.report.environment, results: $0.report.results) }
        let latest = Dictionary(runs.map { ($0.machine.name, $0) }, uniquingKeysWith: { _, later in later })
        benchmarks = latest.keys.sorted().flatMap { name in
            latest[name]!.report.benchmarks.map { benchmark in
                var named = benchmark
                named.name = "\(name) \(benchmark.name)"
                return named
            }
        }
    }
}

public enum FleetReport {
    /// What a report from stored results reads: the results, their runs with the shards merged,
    /// and the reference machine.
    package struct Input: Sendable {
        package var results: StoredResults
        package var runs: [MergedRun]
        package var reference: String

        /// Reads and merges the results at `paths` (files or folders).
        /// - Throws: `StoredResultsError` for unreadable or inconsistent results, or none at all.
        package init(paths: [String], reference requested: String?) throws {
            results = try StoredResults.load(paths)
            runs = try results.mergedRuns()
            guard !runs.isEmpty else { throw StoredResultsError.nothingFound(paths: paths) }
            reference = try FleetReport.reference(runs, requested: requested)
        }
    }

    /// The machine the ratios divide by: `requested`, or the first machine by name.
    /// - Throws: `StoredResultsError.mismatch` when `requested` names no machine of `runs`.
    public static func reference(_ runs: [MergedRun], requested: String?) throws -> String {
        let names = runs.map(\.machine.name).uniqued()
        guard let requested else { return names.sorted()[0] }
        guard names.contains(requested) else {
            throw StoredResultsError.mismatch("no machine is named '\(requested)'; the results have \(names.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return requested
    }

    /// The animation count a fleet chart shows from (strategy, N) pairs measured everywhere: the
    /// largest N with the most strategies, not counting `gsl`, which stops at
    /// `Strategy.gslMaximumAnimations` by design.
    static func chartedCount(_ measured: [(Strategy, Int)]) -> Int? {
        func breadth(_ n: Int) -> Int { measured.filter { $0.1 == n && $0.0 != .gsl }.count }
        return Set(measured.map(\.1)).max { (breadth($0), $0) < (breadth($1), $1) }
    }

    /// The extra files: `merged.json` always, the comparison with two or more machines, the
    /// history when a machine has runs at two or more commits.
    public static func render(_ runs: [MergedRun], reference: String) throws -> [ReportFile] {
        var files: [ReportFile] = []
        let sources = Set(runs.flatMap(\.sources)).count
        if Set(runs.map(\.machine.name)).count >= 2 {
            let comparison = ComparisonPage.data(runs, reference: reference)
            files += comparison.charts.map { ReportFile(path: "charts/\($0.id).svg", text: SVGChartRenderer.render($0)) }
            files.append(ReportFile(path: "comparison.json", contents: try ReportGenerator.encode(comparison)))
            files.append(ReportFile(path: "comparison.md", text: ComparisonPage.render(comparison, sources: sources)))
        }
        let history = HistoryPage.data(runs)
        if !history.machines.isEmpty {
            files += history.machines.flatMap(\.charts).map { ReportFile(path: "charts/\($0.id).svg", text: SVGChartRenderer.render($0)) }
            files.append(ReportFile(path: "history.json", contents: try ReportGenerator.encode(history)))
            files.append(ReportFile(path: "history.md", text: HistoryPage.render(history)))
        }
        files.append(ReportFile(path: "merged.json", contents: try ReportGenerator.encode(MergedResults(runs))))
        return files
    }

    /// Renders the whole report from stored results and publishes it into `outputDirectory` as
    /// `ReportGenerator.generate` does: the usual pages for the reference machine's latest run,
    /// then the fleet pages, linked from the summary.
    /// - Returns: the files written.
    @discardableResult
    public static func generate(_ runs: [MergedRun], reference: String, verification: VerificationReport,
                                outputDirectory: URL, recordingsDirectory: URL?) throws -> [URL] {
        let primary = runs.last { $0.machine.name == reference }!
        let bench = primary.report.environment
        let environment = ReportEnvironment(
            machine: primary.machine, buildConfiguration: bench.buildConfiguration.rawValue, gitCommit: primary.commit.id,
            date: primary.date ?? BenchReport.timestamp(Date()), hookeVersion: bench.hookeVersion)
        var files = try ReportGenerator.render(verification: verification, bench: primary.report, environment: environment,
                                               recordingsDirectory: recordingsDirectory)
        let fleet = try render(runs, reference: reference)
        let pages = fleet.map(\.path).filter { $0.hasSuffix(".md") }
        if let summary = files.firstIndex(where: { $0.path == "README.md" }) {
            var text = String(decoding: files[summary].contents, as: UTF8.self)
            text += "\n## Beyond one machine\n\nThis report was merged from stored results of \(runs.count) run"
            text += "\(runs.count == 1 ? "" : "s") (`hooke report --from`); the pages above show \(primary.label)."
            text += pages.isEmpty ? "\n" : " See also: " + pages.map { "[\($0)](\($0))" }.joined(separator: ", ") + ".\n"
            files[summary] = ReportFile(path: "README.md", text: text)
        }
        // The summary links to the fleet pages, so they are published before it.
        let summaryFile = files.filter { $0.path == "README.md" }
        return try ReportWriter.publish(files.filter { $0.path != "README.md" } + fleet + summaryFile, to: outputDirectory)
    }
}
