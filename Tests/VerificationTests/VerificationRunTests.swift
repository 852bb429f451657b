import Foundation
import HookeSupport
import Testing
@testable import Verification

/// What `hooke verify` decides around the verifier (VerificationRun.swift): the suite
/// selection, which runs may rewrite the baseline from scratch, and the seed conflict that keeps a
/// partial run from restamping checks it did not run.
@Suite("VerificationRun")
struct VerificationRunTests {
    @Test("suite selection keeps the fixed order and names an unknown suite")
    func suiteSelectionKeepsTheFixedOrderAndNamesAnUnknownSuite() throws {
        #expect(try Verifier.suites(named: ["curves", "spring"]).map(\.name) == ["spring", "curves"])
        #expect(try Verifier.suites(named: []).count == Verifier.suites.count)
        #expect(throws: UnknownSuite(name: "sprung")) {
            try Verifier.suites(named: ["spring", "sprung"])
        }
    }

    /// A baseline recorded with seed 7 and no checks, in a folder of its own.
    func baseline() throws -> BaselineFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("accuracy.json").path
        try Data(#"{"schemaVersion": 1, "seed": 7, "noiseBand": "", "checks": {}}"#.utf8).write(to: URL(fileURLWithPath: path))
        return BaselineFile(shown: path, path: path, update: true)
    }

    @Test("only a partial run under another seed conflicts with the baseline")
    func onlyAPartialRunUnderAnotherSeedConflictsWithTheBaseline() throws {
        let file = try baseline()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file.path).deletingLastPathComponent().path) }
        func run(quick: Bool, seed: UInt64, suites: [String]) throws -> VerificationRun {
            try VerificationRun(configuration: VerificationConfiguration(quick: quick, seed: seed, recordingsDirectory: nil),
                                suites: Verifier.suites(named: suites), plantsFaults: false, baseline: file)
        }
        let complete = try run(quick: false, seed: 1, suites: [])
        #expect(complete.isComplete && complete.updateConflict == nil)
        #expect(try run(quick: true, seed: 1, suites: []).updateConflict?.contains("seed 1 but the baseline holds seed 7") == true)
        #expect(try run(quick: false, seed: 1, suites: ["curves"]).updateConflict != nil)
        #expect(try run(quick: false, seed: 7, suites: ["curves"]).updateConflict == nil)
    }
}
