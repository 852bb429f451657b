@testable import Conformance
import Foundation
import Testing
import _TestSupport


/// The misbehaving engines of these tests.
let enginesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Engines")

/// The whole case set (built once per use; it is deterministic).
func standardCases() throws -> CaseSet { try CaseSet.standard(repository: repositoryRoot) }

/// The built `hooke-engine` beside the test runner (or in .build/debug).
func hookeEngineBinary() -> String? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hooke-engine")
    return [beside.path, repositoryRoot.appendingPathComponent(".build/debug/hooke-engine").path]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs `cases` through the engine process `command`; returns the scorecard (or the start
/// failure) and the engine's stderr lines.
func judgeProcess(_ command: [String], _ cases: [ConformanceCase], timeout: Double = 10, tier: Tier = .exact)
    -> (card: Result<Scorecard, EngineFailure>, stderr: [String])
{
    var stderr: [String] = []
    var engine = ProcessEngine(command: command, timeout: timeout, stderr: { stderr.append($0) })
    do {
        let card = try Judge(tier: tier).run(cases, on: &engine)
        return (.success(card), stderr)
    } catch {
        return (.failure(error), stderr)
    }
}

/// The case with `id`.
func find(_ id: String, in set: CaseSet) throws -> ConformanceCase {
    try #require(set.cases.first { $0.id == id }, "no case \(id)")
}
