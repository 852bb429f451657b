// FleetReportTests.swift — `hooke report --from` on synthetic stored results: merging shards,
// the errors that name a missing or duplicated shard, the comparison and history pages, and
// their charts rendered by rsvg-convert. No bench runs here.

import Foundation
import FrameBench
@testable import Reporting
import Testing
import _TestSupport

@Suite("fleet report", .serialized)
struct FleetReportTests {
    /// A ratio of medians whose machines and commits differ by exact factors (2, 5): a rounding or
    /// two of the quotient (achieved: exact).
    static let ratioTolerance = 1e-15

    /// A bench result as `hooke bench --json --machine NAME --commit ID` writes it.
    static func stored(machine: String, commit: String, committed: String, scale: Double = 1, fastScale: Double = 1,
                       cpu: String = "Test CPU @ 2.0GHz") -> BenchReport {
        var report = Fixtures.bench(scale: scale, fastScale: fastScale)
        report.machine = Machine(name: machine, cpuModel: cpu, cores: 2, isa: "x86_64 (AVX2)",
                                      operatingSystem: "Debian GNU/Linux 12 (bookworm)", swiftVersion: "6.3", gslVersion: "2.7.1")
        report.commit = BenchCommit(id: commit, date: committed)
        report.date = committed
        return report
    }

    /// `report` split into `count` shard files, groups (workload, N, threads) dealt round-robin.
    static func shards(of report: BenchReport, count: Int, plan: String = "0123456789abcdef") -> [BenchReport] {
        var groups: [String] = []
        for result in report.results {
            let group = "\(result.workload.rawValue)/\(result.animations)/\(result.threads)"
            if !groups.contains(group) { groups.append(group) }
        }
        return (1...count).map { index in
            var shard = report
            shard.results = report.results.filter {
                groups.firstIndex(of: "\($0.workload.rawValue)/\($0.animations)/\($0.threads)")! % count == index - 1
            }
            shard.shard = BenchShard(index: index, count: count, plan: plan)
            return shard
        }
    }

    /// Writes each report as `<name>.json` into `directory`.
    static func write(_ reports: [(String, BenchReport)], to directory: URL) throws {
        for (name, report) in reports {
            try report.encoded().write(to: directory.appendingPathComponent("\(name).json"))
        }
    }

    static func merge(_ reports: [(String, BenchReport)]) throws -> [MergedRun] {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(reports, to: directory)
        return try StoredResults.load([directory.path]).mergedRuns()
    }

    @Test("shards of one machine merge into the whole run")
    func shardsOfOneMachineMergeIntoTheWholeRun() throws {
        let whole = Self.stored(machine: "ci-x86", commit: "aaa1111", committed: "2026-11-01T10:00:00Z")
        let shards = Self.shards(of: whole, count: 3)
        #expect(shards.allSatisfy { !$0.results.isEmpty })
        let runs = try Self.merge(shards.enumerated().map { ("shard-\($0.offset + 1)", $0.element) })
        #expect(runs.count == 1)
        let merged = try #require(runs.first)
        #expect(merged.shards == 3)
        #expect(merged.report.results.map(\.key).sorted() == whole.results.map(\.key).sorted())
        // Ratios are linked across the merged set as in the whole run.
        let ratios = Dictionary(uniqueKeysWithValues: whole.results.map { ($0.key, $0.ratioToNaive) })
        for result in merged.report.results { #expect(result.ratioToNaive == ratios[result.key]!, "\(result.key)") }
    }

    @Test("a missing shard is an error naming it")
    func aMissingShardIsAnErrorNamingIt() throws {
        let shards = Self.shards(of: Self.stored(machine: "ci-x86", commit: "aaa1111", committed: "2026-11-01T10:00:00Z"), count: 3)
        #expect(throws: StoredResultsError.missingShard(machine: "ci-x86", commit: "aaa1111", shard: "2/3")) {
            try Self.merge([("a", shards[0]), ("c", shards[2])])
        }
        #expect(StoredResultsError.missingShard(machine: "ci-x86", commit: "aaa1111", shard: "2/3").description
                == "machine 'ci-x86' at commit aaa1111: shard 2/3 is missing")
    }

    @Test("a duplicated shard is an error naming both files")
    func aDuplicatedShardIsAnErrorNamingBothFiles() throws {
        let shards = Self.shards(of: Self.stored(machine: "ci-x86", commit: "aaa1111", committed: "2026-11-01T10:00:00Z"), count: 3)
        do {
            _ = try Self.merge([("a", shards[0]), ("b", shards[1]), ("b-again", shards[1]), ("c", shards[2])])
            Issue.record("a duplicated shard was merged")
        } catch let error as StoredResultsError {
            guard case let .duplicated(what, paths) = error else { Issue.record("wrong error \(error)"); return }
            #expect(what == "machine 'ci-x86' at commit aaa1111: shard 2/3")
            #expect(paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["b-again.json", "b.json"])
        }
    }

    @Test("mixed or mismatched shards are refused")
    func mixedOrMismatchedShardsAreRefused() throws {
        let whole = Self.stored(machine: "ci-x86", commit: "aaa1111", committed: "2026-11-01T10:00:00Z")
        let shards = Self.shards(of: whole, count: 2)
        // A whole run and a shard of it.
        #expect(throws: StoredResultsError.self) { try Self.merge([("whole", whole), ("s1", shards[0])]) }
        // Two whole runs of one machine and commit.
        #expect(throws: StoredResultsError.self) { try Self.merge([("one", whole), ("two", whole)]) }
        // Shards of different plans.
        let other = Self.shards(of: whole, count: 2, plan: "fedcba9876543210")
        #expect(throws: StoredResultsError.self) { try Self.merge([("s1", shards[0]), ("s2", other[1])]) }
        // Shards of different counts.
        let three = Self.shards(of: whole, count: 3)
        #expect(throws: StoredResultsError.self) { try Self.merge([("s1", shards[0]), ("s2", three[1]), ("s3", three[2])]) }
        // A file that is no result, named directly.
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bogus = directory.appendingPathComponent("bogus.json")
        try Data("{\"hello\": 1}".utf8).write(to: bogus)
        #expect(throws: StoredResultsError.unreadable(path: bogus.path, reason: "neither a bench nor a verification result")) {
            try StoredResults.load([bogus.path])
        }
        #expect(throws: StoredResultsError.nothingFound(paths: [directory.path])) {
            try StoredResults.load([directory.path])
        }
    }

    /// Two machines: B is 2× slower than A everywhere, so every ratio to A is 2 (to B, 0.5).
    static var twoMachines: [(String, BenchReport)] {
        let a = Self.stored(machine: "runner-a", commit: "aaa1111", committed: "2026-11-01T10:00:00Z")
        let b = Self.stored(machine: "runner-b", commit: "aaa1111", committed: "2026-11-01T10:00:00Z", scale: 2, cpu: "Slow CPU")
        return [("a", a)] + Self.shards(of: b, count: 2).enumerated().map { ("b-\($0.offset + 1)", $0.element) }
    }

    @Test("the comparison page shows ratios to the reference")
    func comparisonPageShowsRatiosToTheReference() throws {
        let runs = try Self.merge(Self.twoMachines)
        #expect(runs.map(\.machine.name) == ["runner-a", "runner-b"])
        let data = ComparisonPage.data(runs, reference: "runner-a")
        #expect(data.rows.count == Fixtures.bench.results.count)
        for row in data.rows {
            #expect(abs(row.ratioToReference[0]! - 1) <= Self.ratioTolerance)
            #expect(abs(row.ratioToReference[1]! - 2) <= Self.ratioTolerance, "\(row.key)")
        }
        let page = ComparisonPage.render(data, sources: 3)
        #expect(page.contains("| runner-a (reference) |"))
        #expect(page.contains("2.00×"))
        #expect(page.contains("![spring: time per animation per frame by machine](charts/comparison-spring.svg)"))
        // The other way round: B as the reference.
        let reversed = ComparisonPage.data(runs, reference: "runner-b")
        #expect(reversed.machines.map(\.machine.name) == ["runner-b", "runner-a"])
        #expect(reversed.rows.allSatisfy { abs($0.ratioToReference[1]! - 0.5) <= Self.ratioTolerance })
        // Grouped bars: at 100,000 animations, one thread, spring has naive, fast, euler, rk4 (gsl
        // stops at 1,000), one bar per machine each.
        let chart = try #require(data.charts.first { $0.id == "comparison-spring" })
        #expect(chart.xAxis.fixedTicks?.map(\.label) == ["naive", "fast", "euler", "rk4"])
        #expect(chart.series.map { $0.y.count } == [4, 4])
        let svg = SVGChartRenderer.render(chart)
        #expect(svg.components(separatedBy: "<rect x=").count - 1 >= 8 + 2) // 8 bars, 2 legend swatches
        #expect(svg.contains("id=\"bars-machine-2\""))
    }

    @Test("the reference must name a machine")
    func referenceMustNameAMachine() throws {
        let runs = try Self.merge(Self.twoMachines)
        #expect(try FleetReport.reference(runs, requested: nil) == "runner-a")
        #expect(try FleetReport.reference(runs, requested: "runner-b") == "runner-b")
        #expect(throws: StoredResultsError.self) { try FleetReport.reference(runs, requested: "runner-c") }
    }

    /// Three commits of one machine: the second 1.1× slower on `fast` (below the 25 % step
    /// threshold), the third 5× (a step up).
    static var threeCommits: [(String, BenchReport)] {
        [("c1", Self.stored(machine: "runner-a", commit: "ccc3333", committed: "2026-11-01T10:00:00Z")),
         ("c2", Self.stored(machine: "runner-a", commit: "ddd4444", committed: "2026-11-02T10:00:00Z", fastScale: 1.1)),
         ("c3", Self.stored(machine: "runner-a", commit: "eee5555", committed: "2026-11-03T10:00:00Z", fastScale: 5))]
    }

    @Test("history marks where the step happened")
    func historyMarksWhereTheStepHappened() throws {
        // Given newest first: the page still orders by commit date.
        let runs = try Self.merge(Self.threeCommits.reversed())
        #expect(runs.map(\.commit.id) == ["ccc3333", "ddd4444", "eee5555"])
        let data = HistoryPage.data(runs)
        let machine = try #require(data.machines.first)
        let regressions = machine.changes.filter { $0.verdict == .regression }
        #expect(machine.changes.allSatisfy { $0.verdict == .regression }, "nothing got faster")
        let fastKeys = Fixtures.bench.results.filter { $0.strategy == .fast }.map(\.key).sorted()
        #expect(Set(regressions.map(\.commit)) == ["eee5555"])
        #expect(regressions.map(\.key).sorted() == fastKeys)
        #expect(regressions.allSatisfy { $0.previous == "ddd4444" && $0.metric == "nsPerAnimationFrameP50" })
        // Not a tolerance: the level before may be the first commit's (1×) or the second's (1.1×).
        let stepRatios = (5 / 1.1 - Self.ratioTolerance)...(5 + Self.ratioTolerance)
        #expect(regressions.allSatisfy { stepRatios.contains($0.after / $0.before) }, "the level before is 1× or 1.1×")
        // The chart: p50 lines with p25–p75 bands, and one black marker for the spring fast
        // configuration charted (100,000 animations, one thread) at the third commit.
        let chart = try #require(machine.charts.first { $0.id == "history-runner-a-spring" })
        let fast = try #require(chart.series.first { $0.id == "fast" })
        #expect(fast.x == [0, 1, 2])
        #expect(fast.band?.lower.count == 3)
        let marks = try #require(chart.series.first { $0.id == "regression" })
        #expect(marks.x == [2])
        #expect(marks.y[0] == fast.y[2], "the marker sits on the charted point")
        let page = HistoryPage.render(data)
        #expect(page.contains("| eee5555 |"))
        #expect(page.contains("regression"))
        let svg = SVGChartRenderer.render(chart)
        #expect(svg.contains("class=\"band\" id=\"band-fast\""))
    }

    /// The whole `--from` report for two machines, one of them at three commits: every page is
    /// written (into .build/test-output/fleet-report, to look at), the summary links them, the
    /// merged JSON names each machine, and every SVG renders with rsvg-convert.
    @Test("the fleet report is written and its charts render")
    func fleetReportIsWrittenAndItsChartsRender() throws {
        let inputs = Self.threeCommits + [("b", Self.stored(machine: "runner-b", commit: "eee5555",
                                                           committed: "2026-11-03T10:00:00Z", scale: 2, cpu: "Slow CPU"))]
        let runs = try Self.merge(inputs)
        let output = repositoryRoot.appendingPathComponent(".build/test-output/fleet-report")
        try? FileManager.default.removeItem(at: output)
        try FleetReport.generate(runs, reference: "runner-a", verification: Fixtures.verification,
                                 outputDirectory: output, recordingsDirectory: nil)
        for page in ["README.md", "performance.md", "comparison.md", "history.md", "merged.json", "comparison.json", "history.json"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path), "missing \(page)")
        }
        let summary = try String(contentsOf: output.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(summary.contains("[comparison.md](comparison.md)") && summary.contains("[history.md](history.md)"))
        // The comparison uses each machine's latest commit: runner-a at eee5555 is 5× slower on
        // fast than at ccc3333, and runner-b (2× of ccc3333's times) is then 2/5 of it there.
        let comparison = try JSONDecoder().decode(ComparisonData.self, from: Data(contentsOf: output.appendingPathComponent("comparison.json")))
        let fastRow = try #require(comparison.rows.first { $0.strategy == .fast })
        #expect(abs(fastRow.ratioToReference[1]! - 2.0 / 5.0) <= Self.ratioTolerance)

        let merged = try JSONDecoder().decode(MergedResults.self, from: Data(contentsOf: output.appendingPathComponent("merged.json")))
        #expect(merged.runs.count == 4)
        #expect(merged.benchmarks.count == 2 * Fixtures.bench.benchmarks.count)
        #expect(merged.benchmarks.allSatisfy { $0.name.hasPrefix("runner-a ") || $0.name.hasPrefix("runner-b ") })
        #expect(Set(merged.benchmarks.map(\.name)).count == merged.benchmarks.count)

        let charts = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("charts").path)
            .filter { $0.hasPrefix("comparison-") || $0.hasPrefix("history-") }
        #expect(charts.count == 4) // spring and swiftui-spring, compared and by commit
        let scratch = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for chart in charts {
            let png = scratch.appendingPathComponent(chart + ".png")
            let status = try runRSVGConvert(output.appendingPathComponent("charts/\(chart)").path, to: png.path)
            #expect(status == 0, "rsvg-convert failed on \(chart)")
            let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
            #expect(size > 1_000, "\(chart) rendered to \(size) bytes")
        }
    }

    /// Runs rsvg-convert (installed by scripts/setup); its exit status.
    func runRSVGConvert(_ svg: String, to png: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "--format", "png", "--output", png, svg]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
