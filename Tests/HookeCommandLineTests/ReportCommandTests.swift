import Foundation
import HookeCommandLine
import Testing

/// `hooke report` in-process, without running the verifier or the bench: a minimal verification
/// JSON is given with --verification and the bench is skipped (tests are debug builds).
@Suite("hooke report", .serialized)
struct ReportCommandTests {
    /// A minimal `hooke verify --json` document: one suite, one passing check.
    static let verificationJSON = """
    {"schemaVersion": 2, "seed": 7, "quick": true, "suites": [
      {"name": "spring", "summary": "closed-form springs vs GSL", "status": "passed", "seconds": 0.1, "checks": [
        {"suite": "spring", "name": "positions: regime grid", "kind": "reference", "source": "GSL",
         "implementation": "hooke.Spring", "quickSet": true,
         "seeded": false, "status": "pass", "detail": "ok", "series": [],
         "metrics": [{"name": "maxRelError", "value": 3e-15, "unit": "relative to distance", "better": "lower",
                      "ulpEquivalent": 2.220446049250313e-16}],
         "tolerance": {"name": "closedFormVsReference", "metric": "maxRelError", "value": 1e-11, "reason": "test"}}
      ]}
    ]}
    """

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-report-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("writes the report from given results")
    func writesTheReportFromGivenResults() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("verify.json")
        try Data(Self.verificationJSON.utf8).write(to: input)
        let out = directory.appendingPathComponent("reports")
        let run = hooke(["report", "--out", out.path, "--verification", input.path, "--no-bench"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        for file in ["README.md", "accuracy.md", "performance.md", "README.json", "charts/spring-trajectory.svg"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "missing \(file)")
        }
        #expect(run.standardOutput.contains("wrote"))
        let performance = try String(contentsOf: out.appendingPathComponent("performance.md"), encoding: .utf8)
        #expect(performance.contains("Not measured in this run"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("baselines").path))
    }

    @Test("the report command's help is listed")
    func helpIsListed() {
        let run = hooke(["report", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: hooke report"))
        #expect(hooke(["--help"]).standardOutput.contains("report"))
    }

    @Test("bad usage exits 2 naming the flag")
    func badUsage() throws {
        expectUsageError(["report", "--out", ""], mentions: ["--out"])
        expectUsageError(["report", "--bench", "x.json", "--no-bench"], mentions: ["--no-bench"])
        expectUsageError(["report", "--seed", "minus one", "--no-bench"], mentions: ["--seed"])
        expectUsageError(["report", "--frobnicate"], mentions: ["--frobnicate"])
        expectUsageError(["report", "--verification", "/nonexistent/verify.json", "--no-bench",
                          "--out", FileManager.default.temporaryDirectory.path + "/hooke-never-written"],
                         mentions: ["--verification: cannot read '/nonexistent/verify.json'"])
    }

    @Test("an unreadable --bench file is a usage error naming the flag")
    func unreadableBenchFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("verify.json")
        try Data(Self.verificationJSON.utf8).write(to: input)
        expectUsageError(["report", "--out", directory.path, "--verification", input.path, "--bench", "/nonexistent/bench.json"],
                         mentions: ["--bench: cannot read '/nonexistent/bench.json' as a 'hooke bench --json' result"])
    }

    @Test("a debug build refuses to bench")
    func aDebugBuildRefusesToBench() throws {
        #if DEBUG
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("verify.json")
        try Data(Self.verificationJSON.utf8).write(to: input)
        expectUsageError(["report", "--out", directory.path, "--verification", input.path], mentions: ["debug build"])
        #endif
    }
}
