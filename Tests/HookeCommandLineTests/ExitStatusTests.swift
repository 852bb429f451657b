import Foundation
import HookeCommandLine
import HookeSupport
import Testing
import _TestSupport

/// The exit-status table (README, every `--help`): 0 success, 1 a check failed or regressed, 2 bad
/// usage or input, 4 only improvements against a baseline — one test per code for `verify` and
/// `report` (bench's codes are in BenchCommandTests).
@Suite("exit statuses", .serialized)
struct ExitStatusTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A baseline for the `curves` suite whose every figure is worse than the code achieves (each
    /// metric ×1000, at least 1), so that the run improves on all of them.
    func worseBaseline(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("accuracy.json").path
        #expect(hooke("verify", "--suite", "curves", "--baseline", path, "--update-baseline").status == 0)
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        var checks = object["checks"] as! [String: Any]
        for (key, value) in checks {
            var entry = value as! [String: Any]
            let metrics = entry["metrics"] as! [String: Double]
            entry["metrics"] = metrics.mapValues { max($0 * 1000, 1) }
            checks[key] = entry
        }
        object["checks"] = checks
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("verify: 0 pass, 2 bad usage, 4 only improvements (1 is in VerifyCommandTests.baselineRegression)")
    func verify() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fresh = directory.appendingPathComponent("fresh.json").path
        #expect(hooke("verify", "--suite", "curves", "--baseline", fresh, "--update-baseline").status == 0)
        #expect(hooke("verify", "--suite", "curves", "--baseline", fresh).status == ExitStatus.success)
        expectUsageError(["verify", "--suite", "nonsense"], mentions: ["--suite", "nonsense"])

        let improved = hooke("verify", "--suite", "curves", "--baseline", try worseBaseline(in: directory))
        #expect(improved.status == ExitStatus.improvementsOnly, "\(improved.standardOutput)")
        #expect(improved.standardOutput.contains("improved beyond the noise band"))
        #expect(improved.standardOutput.contains("verify: pass"))
    }

    @Test("report: 0 written and passed, 1 a check failed, 2 bad usage, 4 only improvements")
    func report() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let passing = directory.appendingPathComponent("pass.json")
        try Data(ReportCommandTests.verificationJSON.utf8).write(to: passing)
        let failing = directory.appendingPathComponent("fail.json")
        try Data(ReportCommandTests.verificationJSON.replacingOccurrences(of: "\"status\": \"pass\"", with: "\"status\": \"fail\"")
            .replacingOccurrences(of: "\"status\": \"passed\"", with: "\"status\": \"failed\"").utf8).write(to: failing)
        let out = directory.appendingPathComponent("reports").path

        #expect(hooke("report", "--out", out, "--verification", passing.path, "--no-bench").status == ExitStatus.success)
        #expect(hooke("report", "--out", out, "--verification", failing.path, "--no-bench").status == ExitStatus.checkFailed)
        expectUsageError(["report", "--out", out, "--verification", passing.path, "--no-bench", "--baseline", "x.json"],
                         mentions: ["--baseline"])
        let improved = hooke("report", "--out", out, "--no-bench", "--baseline", try worseBaseline(in: directory))
        #expect(improved.status == ExitStatus.improvementsOnly, "\(improved.standardError)")
        #expect(improved.standardOutput.contains("improved on the baseline"))
    }

    @Test("a debug build refuses to write the repository's performance page: hooke and report --no-bench exit 2")
    func debugBuildKeepsThePublishedReport() throws {
        let performance = repositoryRoot.appendingPathComponent("reports/performance.md")
        let before = try? Data(contentsOf: performance)
        expectUsageError([], mentions: ["debug build", "scripts/run"])
        expectUsageError(["report", "--no-bench"], mentions: ["debug build", "scripts/run"])
        #expect((try? Data(contentsOf: performance)) == before, "reports/performance.md untouched")
    }

    @Test("every --help ends with the exit-status line")
    func helpStatesTheCodes() {
        for words in [[], ["eval", "spring"], ["eval", "curve"], ["eval", "keyframes"], ["spring"], ["run"], ["verify"],
                      ["bench"], ["profile"], ["report"]] {
            let run = hooke(words + ["--help"])
            #expect(run.status == 0)
            #expect(run.standardOutput.contains(ExitStatus.helpLine), "hooke \(words.joined(separator: " ")) --help")
        }
        #expect(hooke("--help").standardOutput.contains(ExitStatus.helpLine))
    }
}
