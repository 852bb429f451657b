// FleetRecipeTests.swift — the recipes of examples/fleet/ run locally, tiny: N shards of
// `hooke bench --quick` in sequence, then `hooke report --from` over their JSON, give exactly
// the configurations of the unsharded run. Debug test builds may not time anything through
// `hooke bench` itself, so each shard is parsed by `BenchCommand` and measured by its
// `measure` (what `run` does after refusing debug builds); no timing is asserted.

import HookeSupport
import Foundation
import FrameBench
@testable import HookeCommandLine
import Reporting
import Testing

@Suite("fleet recipes", .serialized)
struct FleetRecipeTests {
    /// `hooke bench ARGUMENTS` up to its JSON, in-process.
    static func bench(_ arguments: [String], environment: [String: String] = [:]) throws -> BenchReport {
        let parsed = try ParsedArguments(arguments, options: BenchCommand.options, command: "bench")
        guard !environment.isEmpty else { return try measure(BenchCommand(parsing: parsed)) }
        // A job array's environment instead of this process's: parse the rest without --shard.
        var rest = arguments
        if let flag = rest.firstIndex(of: "--shard") { rest.removeSubrange(flag...(flag + 1)) }
        var command = try BenchCommand(parsing: ParsedArguments(rest, options: BenchCommand.options, command: "bench"))
        command.identity = try BenchCommand.identity(shard: parsed.string("--shard"), machine: parsed.string("--machine"),
                                                     commit: parsed.string("--commit"), environment: environment)
        return try measure(command)
    }

    static func measure(_ command: BenchCommand) throws -> BenchReport {
        let report = try command.measure(console: Console.capture())
        if let path = command.jsonPath { try report.encoded().write(to: URL(fileURLWithPath: path)) }
        return report
    }

    /// The quick plan on a few animations with a short budget: every workload and strategy,
    /// 1 thread and all cores, in a few seconds of a debug build.
    static let tiny = ["--quick", "--animations", "8,16", "--seconds", "0.01", "--machine", "local", "--commit", "test"]

    static func keys(_ report: BenchReport) -> [String] { report.results.map(\.key).sorted() }

    @Test("shards merged give the unsharded configurations", arguments: [3])
    func shardsMergedGiveTheUnshardedConfigurations(count: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("results"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try Self.bench(Self.tiny)
        #expect(whole.shard == nil && whole.machine?.name == "local" && whole.commit?.id == "test")
        var sharded: [String] = []
        for index in 1...count {
            let path = directory.appendingPathComponent("results/shard-\(index).json").path
            // Shard 1 as a Kubernetes Indexed Job would start it; the others explicitly.
            let shard = index == 1
                ? try Self.bench(Self.tiny + ["--shard", "auto/\(count)", "--json", path], environment: ["JOB_COMPLETION_INDEX": "0"])
                : try Self.bench(Self.tiny + ["--shard", "\(index)/\(count)", "--json", path])
            #expect(shard.shard?.description == "\(index)/\(count)")
            // Shard 1 also times the springs' cost at equal accuracy (a few seconds here: it may
            // then get no configuration of this tiny plan); no other shard repeats it.
            #expect((shard.equalAccuracy != nil) == (index == 1), "equal-accuracy table in shard \(index)")
            sharded += Self.keys(shard)
        }
        #expect(Set(sharded).count == sharded.count, "a configuration ran in two shards")
        #expect(sharded.sorted() == Self.keys(whole))

        let verification = directory.appendingPathComponent("results/verify.json")
        try Data(ReportCommandTests.verificationJSON.utf8).write(to: verification)
        let out = directory.appendingPathComponent("report")
        let run = hooke(["report", "--from", directory.appendingPathComponent("results").path, "--out", out.path])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardOutput.contains("local at test: \(whole.results.count) configurations from \(count) files"))
        let merged = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("merged.json"))) as! [String: Any]
        let runs = merged["runs"] as! [[String: Any]]
        #expect(runs.count == 1)
        let results = runs[0]["results"] as! [[String: Any]]
        let mergedKeys = results.map { r in
            "\(r["workload"]!)/\(r["strategy"]!)/\(r["animations"]!)/\(r["threads"]!)t/\(r["frameRate"]!)Hz"
        }.sorted()
        #expect(mergedKeys == Self.keys(whole))
        #expect(runs[0]["equalAccuracy"] == nil, "merged.json keeps results, not the table")
        let performance = try String(contentsOf: out.appendingPathComponent("performance.md"), encoding: .utf8)
        #expect(performance.contains("## Cost at equal accuracy") && !performance.contains("it needs the spring integrators"),
                "the equal-accuracy table of shard 1 reaches the page")
        let benchmarks = merged["benchmarks"] as! [[String: Any]]
        #expect(benchmarks.allSatisfy { ($0["name"] as! String).hasPrefix("local ") })

        // Without one shard, the merge names it and writes nothing.
        try FileManager.default.removeItem(atPath: directory.appendingPathComponent("results/shard-2.json").path)
        let out2 = directory.appendingPathComponent("report2")
        expectUsageError(["report", "--from", directory.appendingPathComponent("results").path, "--out", out2.path],
                         mentions: ["--from", "shard 2/\(count) is missing", "'local'"])
        #expect(!FileManager.default.fileExists(atPath: out2.path))
    }

    @Test("bad shards are usage errors")
    func badShardsAreUsageErrors() {
        expectUsageError(["bench", "--quick", "--shard", "4/3"], mentions: ["--shard", "4/3"])
        expectUsageError(["bench", "--quick", "--shard", "x"], mentions: ["--shard", "'x'"])
        expectUsageError(["bench", "--quick", "--shard", "1/2", "--update-baseline"], mentions: ["--update-baseline", "--shard"])
        expectUsageError(["bench", "--quick", "--machine", ""], mentions: ["--machine"])
        expectUsageError(["report", "--from", "/nonexistent/results"], mentions: ["--from", "/nonexistent/results"])
        expectUsageError(["report", "--reference", "x"], mentions: ["--reference"])
        expectUsageError(["report", "stray"], mentions: ["stray"])
        expectUsageError(["report", "--from", "/tmp", "--no-bench"], mentions: ["--no-bench", "--from"])
    }
}
