import Foundation
import HookeCommandLine
import Testing

private func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-verify-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An exact trace of duration 0.5, bounce 0.2 from 0 to 1, 0…1 s at 0.02 s, from the reference.
private func exactTrace() -> [String] {
    let run = hooke("eval", "spring", "--duration", "0.5", "--bounce", "0.2", "--until", "1", "--step", "0.02", "--engine", "gsl")
    return run.standardOutput.split(separator: "\n").map(String.init)
}

@Suite("hooke verify")
struct VerifyCommandTests {
    @Test("a better stored figure makes verify exit 1; --update-baseline then passes")
    func baselineRegression() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("accuracy.json").path
        let json = directory.appendingPathComponent("report.json").path
        let missing = hooke("verify", "--suite", "claims", "--baseline", baseline)
        #expect(missing.status == 0)
        #expect(missing.standardOutput.contains("baseline: missing"))
        #expect(!FileManager.default.fileExists(atPath: baseline), "a missing baseline is never created silently")

        let update = hooke("verify", "--suite", "claims", "--baseline", baseline, "--update-baseline")
        #expect(update.status == 0, "\(update.standardOutput)")
        #expect(hooke("verify", "--suite", "claims", "--baseline", baseline, "--json", json).status == 0)

        // Make one stored figure better than what the code achieves.
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as! [String: Any]
        var checks = object["checks"] as! [String: Any]
        let key = checks.keys.sorted().first { $0.contains(".spring animations are the closed form") }!
        var entry = checks[key] as! [String: Any]
        var metrics = entry["metrics"] as! [String: Double]
        metrics["maxRelError"] = metrics["maxRelError"]! / 1000
        entry["metrics"] = metrics
        checks[key] = entry
        object["checks"] = checks
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: baseline))

        let regressed = hooke("verify", "--suite", "claims", "--baseline", baseline)
        #expect(regressed.status == 1)
        #expect(regressed.standardOutput.contains("REGRESSED"))
        #expect(hooke("verify", "--suite", "claims", "--baseline", baseline, "--update-baseline").status == 0)
        #expect(hooke("verify", "--suite", "claims", "--baseline", baseline).status == 0)
        // A partial update with another seed would restamp the seed of checks it did not run.
        expectUsageError(["verify", "--suite", "claims", "--seed", "5", "--baseline", baseline, "--update-baseline"],
                         mentions: ["--update-baseline", "seed 5"])

        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as! [String: Any]
        let suites = report["suites"] as! [[String: Any]]
        let firstCheck = (suites[0]["checks"] as! [[String: Any]])[0]
        for field in ["suite", "name", "implementation", "metrics", "status"] { #expect(firstCheck[field] != nil) }
    }

    @Test("--trace accepts an exact trace and rejects one sample off by 1e-6 (tolerance 1e-9)")
    func trace() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = exactTrace()
        let good = directory.appendingPathComponent("good.csv")
        try (lines.joined(separator: "\n") + "\n").write(to: good, atomically: true, encoding: .utf8)
        let accepted = hooke("verify", "--trace", good.path, "--duration", "0.5", "--bounce", "0.2", "--tolerance", "1e-9")
        #expect(accepted.status == 0, "\(accepted.standardOutput)\(accepted.standardError)")

        var bad = lines
        var fields = bad[20].split(separator: ",").map(String.init)
        fields[1] = String(Double(fields[1])! + 1e-6)
        bad[20] = fields.joined(separator: ",")
        let badURL = directory.appendingPathComponent("bad.csv")
        try bad.joined(separator: "\n").write(to: badURL, atomically: true, encoding: .utf8)
        let rejected = hooke("verify", "--trace", badURL.path, "--duration", "0.5", "--bounce", "0.2", "--tolerance", "1e-9")
        #expect(rejected.status == 1)
        #expect(rejected.standardOutput.contains("line 21"), "\(rejected.standardOutput)")

        // The same exact trace with Windows line endings ("\r\n" is one Character in Swift).
        let crlf = directory.appendingPathComponent("crlf.csv")
        try (lines.joined(separator: "\r\n") + "\r\n").write(to: crlf, atomically: true, encoding: .utf8)
        let acceptedCRLF = hooke("verify", "--trace", crlf.path, "--duration", "0.5", "--bounce", "0.2", "--tolerance", "1e-9")
        #expect(acceptedCRLF.status == 0, "\(acceptedCRLF.standardOutput)\(acceptedCRLF.standardError)")
    }

    @Test("malformed traces exit 2 naming the line and column", arguments: [
        ("t,value\n0,0\n", ["line 1", "header"]),
        ("time,value\n0,0\n0.1,abc\n", ["line 3", "column 2"]),
        ("time,value\n0,0\n0.2,0.1\n0.1,0.2\n", ["line 4", "column 1"]),
    ])
    func malformed(text: String, needles: [String]) throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("trace.csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        expectUsageError(["verify", "--trace", url.path], mentions: needles)
    }

    @Test("bad usage exits 2")
    func usage() {
        expectUsageError(["verify", "--suite", "nope"], mentions: ["--suite", "nope"])
        expectUsageError(["verify", "--seed", "-3"], mentions: ["--seed"])
        expectUsageError(["verify", "--tolerance", "1e-3"], mentions: ["--tolerance"])
        // --json is checked before the run: no directory tree is created for a typo.
        expectUsageError(["verify", "--quick", "--json", "/nonexistent-hooke-dir/report.json"],
                         mentions: ["--json", "/nonexistent-hooke-dir"])
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-hooke-dir"))
        expectUsageError(["verify", "--quick", "--json", FileManager.default.temporaryDirectory.path],
                         mentions: ["--json", "is a directory"])
    }
}
