// FleetSlurmTests.swift — examples/fleet/slurm-array.sh on a real one-node Slurm, through
// scripts/fleet-slurm. Opt-in: it runs the release hooke's quick bench as four array
// tasks (a minute or more), so it runs only with HOOKE_SLURM=1, Slurm installed, as root and with
// the release build present; otherwise it is skipped and says why.

import Foundation
import Testing
import _TestSupport

@Suite("the fleet recipe on Slurm")
struct FleetSlurmTests {
    static let repository = repositoryRoot

    /// Why the test cannot run here, or nil when it can.
    static var skipReason: String? {
        if ProcessInfo.processInfo.environment["HOOKE_SLURM"] != "1" { return "opt-in: set HOOKE_SLURM=1 (runs minutes)" }
        let found = ["/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch", "/usr/sbin/munged"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        if !found { return "Slurm is not installed (apt-get install slurm-wlm munge)" }
        if getuid() != 0 { return "needs root (slurmd runs the jobs)" }
        if !FileManager.default.isExecutableFile(atPath: repository.appendingPathComponent(".build/release/hooke").path) {
            return "needs the release build (scripts/run --version); swift test holds the build folder, so it cannot build it"
        }
        return nil
    }

    @Test("the array recipe runs on Slurm and merges every shard", .enabled(if: skipReason == nil, "\(skipReason ?? "")"))
    func arrayRecipeRunsOnSlurmAndMergesEveryShard() throws {
        let keep = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-slurm-test-\(getpid())")
        defer { try? FileManager.default.removeItem(at: keep) }
        let process = Process()
        process.executableURL = Self.repository.appendingPathComponent("scripts/fleet-slurm")
        process.arguments = ["--keep", keep.path, "--no-build"]
        process.currentDirectoryURL = Self.repository
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Every shard of the array wrote its JSON, and the merge saw them as one run of four shards.
        let shards = try FileManager.default.contentsOfDirectory(atPath: keep.appendingPathComponent("results").path)
            .filter { $0.hasPrefix("bench-") && $0.hasSuffix(".json") }
        #expect(shards.count == 4)
        let merged = try Data(contentsOf: keep.appendingPathComponent("fleet-report/merged.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: merged) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 1 && (runs.first?["sources"] as? [String])?.count == 4)
    }
}
