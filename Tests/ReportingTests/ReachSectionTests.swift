import Foundation
import Testing
@testable import Reporting

@Suite("the accuracy page's reach of the verifier")
struct ReachSectionTests {
    static let coverageJSON = """
        {"schemaVersion": 2, "module": "AnimationMath", "command": "scripts/coverage", "commit": "abc1234",
         "llvmCov": "LLVM version 19.1.5",
         "totals": {"lines": 200, "linesReached": 190, "linesIndependent": 181, "linesExplained": 14, "functions": 40,
                    "functionsReached": 38, "functionsIndependent": 36},
         "files": [{"path": "Spring/Spring.swift", "lines": 120, "linesReached": 118, "linesIndependent": 110, "functions": 20,
                    "functionsReached": 20, "functionsIndependent": 19, "onlyConsistency": [[40, 47]], "unreached": [[90, 91]]},
                   {"path": "UnitCurve/UnitCurve.swift", "lines": 80, "linesReached": 72, "linesIndependent": 70, "functions": 20,
                    "functionsReached": 18, "functionsIndependent": 17, "onlyConsistency": [[12, 12]], "unreached": [[5, 9], [30, 32]]}],
         "reasons": [{"path": "Spring/Spring.swift", "first": 40, "last": 47, "status": "consistency", "kind": "delegated",
                      "reason": "judged against GSL by the tests (SpringReferenceTests)"},
                     {"path": "Spring/Spring.swift", "first": 90, "last": 91, "status": "unreached", "kind": "debug-only",
                      "reason": "a precondition's message"},
                     {"path": "UnitCurve/UnitCurve.swift", "first": 5, "last": 9, "status": "unreached", "kind": null, "reason": null},
                     {"path": "UnitCurve/UnitCurve.swift", "first": 12, "last": 12, "status": "consistency", "kind": "unverified",
                      "reason": "no reference for it"},
                     {"path": "UnitCurve/UnitCurve.swift", "first": 30, "last": 32, "status": "unreached", "kind": "unreachable",
                      "reason": "p is clamped first"}],
         "publicFunctions": {"count": 25, "reached": 24, "independent": 23,
                             "unreached": [{"path": "UnitCurve/UnitCurve.swift", "line": 5, "name": "UnitCurve.inverse"}],
                             "notIndependent": [{"path": "Spring/Spring.swift", "line": 40, "name": "Spring.description"}]},
         "failedSuites": []}
        """
    static let mutationJSON = """
        {"schemaVersion": 2, "module": "AnimationMath", "seed": 1, "count": 5, "command": "scripts/mutate --count 5 --seed 1",
         "commit": "abc1234", "operators": {}, "load": 3.5,
         "timing": {"buildSeconds": 400.2, "verifyRunSeconds": {"median": 1.2, "min": 1.1, "max": 2.5},
                    "testRunSeconds": {"median": 30.5, "min": 29, "max": 31}, "totalSeconds": 500},
         "dropped": 2,
         "score": {"killedByVerify": 2, "killedOnlyByTests": 0, "survived": 1, "withinContract": 1, "equivalent": 1,
                   "verifyPercent": 50, "verifyAndTestsPercent": 50},
         "mutants": [
          {"id": 1, "path": "Spring/Spring.swift", "line": 10, "operator": "swap-operator", "original": "a + b", "mutated": "a - b",
           "outcome": "verify", "verifySeconds": 1.2, "evidence": "spring/positions"},
          {"id": 2, "path": "Spring/Spring.swift", "line": 11, "operator": "literal×1.1", "original": "x * 2", "mutated": "x * (2 * 1.1)",
           "outcome": "verify", "verifySeconds": 1.1, "evidence": "crash (status 132)"},
          {"id": 3, "path": "UnitCurve/UnitCurve.swift", "line": 7, "operator": "comparison-boundary", "original": "if p < 0 {",
           "mutated": "if p <= 0 {", "outcome": "equivalent", "verifySeconds": 1.3, "argument": "at p = 0 both branches give 0"},
          {"id": 4, "path": "UnitCurve/UnitCurve.swift", "line": 30, "operator": "drop-term", "original": "return a + b",
           "mutated": "return a /* dropped: + right operand */ b", "outcome": "survived", "verifySeconds": 2.5},
          {"id": 5, "path": "Spring/Spring.swift", "line": 20, "operator": "literal×1.1", "original": "var x = 1 / d",
           "mutated": "var x = (1 * 1.1) / d", "outcome": "within-contract", "verifySeconds": 1.0,
           "argument": "Newton's start: the same root within 2 ulps"}]}
        """

    static func reach() throws -> VerifierReach {
        VerifierReach(coverage: try JSONDecoder().decode(CoverageSummary.self, from: Data(coverageJSON.utf8)),
                      mutation: try JSONDecoder().decode(MutationSummary.self, from: Data(mutationJSON.utf8)))
    }

    @Test("coverage and mutation results render as the golden section, with the score in the headline")
    func golden() throws {
        let reach = try Self.reach()
        try expectGolden(AccuracyPage.reachSection(reach), named: "reach-section.md")
        #expect(AccuracyPage.randomSampleHeadline(reach).contains("killed by `hooke verify` 2/4 (50 %)"))
        #expect(AccuracyPage.randomSampleHeadline(reach, planted: "15/15").hasPrefix(" Planted faults caught 15/15; Random mutants"))
        #expect(AccuracyPage.reachSection(nil).contains("No coverage or mutation results"))
    }

    @Test("a mutation file of schemaVersion 1 (before within-contract) is still read, with no within-contract count")
    func mutationVersionOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("reports"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let versionOne = Self.mutationJSON.replacingOccurrences(of: "\"schemaVersion\": 2", with: "\"schemaVersion\": 1")
            .replacingOccurrences(of: "\"withinContract\": 1, ", with: "")
        try Data(versionOne.utf8).write(to: directory.appendingPathComponent(VerifierReach.mutationPath))
        let mutation = try #require(try VerifierReach.load(repository: directory).mutation)
        #expect(mutation.score.withinContract == nil)
        #expect(!AccuracyPage.mutationText(mutation).contains("within the contract (argued below"))
        try Data(Self.mutationJSON.replacingOccurrences(of: "\"schemaVersion\": 2", with: "\"schemaVersion\": 3").utf8)
            .write(to: directory.appendingPathComponent(VerifierReach.mutationPath))
        #expect(throws: VerifierReach.LoadError.self) { try VerifierReach.load(repository: directory) }
    }

    @Test("a results file with an unknown schema version is refused, naming it")
    func unknownVersion() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("reports"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try VerifierReach.load(repository: directory).coverage == nil)
        try Data(Self.coverageJSON.replacingOccurrences(of: "\"schemaVersion\": 2", with: "\"schemaVersion\": 9").utf8)
            .write(to: directory.appendingPathComponent(VerifierReach.coveragePath))
        #expect(throws: VerifierReach.LoadError.self) { try VerifierReach.load(repository: directory) }
    }
}
