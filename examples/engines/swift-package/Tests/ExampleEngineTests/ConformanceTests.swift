import Conformance
import Foundation
import Testing

/// Hooke's conformance case set, judged in-process: every spring and curve case within the exact
/// tier (1e-9 of the distance, against GSL and Brent), and no case of those kinds failed, errored
/// or left unrun. The animation and transaction cases are not ours: the engine does not conform to
/// `AnimationEngine` or `TransactionEngine`.
@Test func theEngineConformsExactly() throws {
    // This package sits in Hooke's examples/engines/; the case set reads Hooke's recordings there.
    let hooke = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../../..").standardized
    let card = try Judge(tier: .exact).scorecard(of: ExampleConformanceEngine(), repository: hooke)
    #expect(card.complete, "\(card.engineFailure ?? "")")
    for kind in [ConformanceKind.spring, .curve] {
        let summary = card.summary(of: kind)
        #expect(summary.cases > 0)
        #expect(summary.exact == summary.cases,
                "\(kind.rawValue): \(summary.exact) of \(summary.cases) exact; worst \(summary.worst?.id ?? "—") at \(summary.worst?.error ?? 0)")
    }
    for kind in [ConformanceKind.animation, .transaction] {
        #expect(card.summary(of: kind).unsupported == card.summary(of: kind).cases)
    }
    #expect(card.verdict().outcome == .pass)
}
