@testable import Conformance
import Foundation
import Testing
import _TestSupport

/// Engines judged in-process through `SpringEngine`, `TimingCurveEngine` and `AnimationEngine`: the
/// kinds come from the protocols an engine conforms to, one call judges the whole case set, and a
/// thrown error ends the run as a crashed process would. The curve engine here solves the Bézier by
/// plain bisection (independent of the Brent reference and of AnimationMath).
@Suite("in-process engines")
struct InProcessEngineTests {
    /// Curves by bisection of x(s) = p to the last bit; `offset` plants an error in every value.
    /// No slopes: they are optional in the answer.
    struct BisectionCurves: TimingCurveEngine {
        var offset = 0.0
        var name: String { "bisection" }
        var version: String { "1" }

        func curve(_ request: CurveRequest) -> EngineAnswer {
            let b = request.bezier
            func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let t = 1 - s
                return 3 * t * t * s * p1 + 3 * t * s * s * p2 + s * s * s
            }
            let values = request.progress.map { progress -> Double in
                // The ends are the ends (near a flat end, x(s) rounds to p short of it).
                if progress <= 0 || progress >= 1 { return min(max(progress, 0), 1) + offset }
                var low = 0.0, high = 1.0
                while true {
                    let middle = (low + high) / 2
                    guard middle > low, middle < high else { break }
                    if bernstein(middle, b[0], b[2]) < progress { low = middle } else { high = middle }
                }
                return bernstein((low + high) / 2, b[1], b[3]) + offset
            }
            return .samples(EngineSamples(values: values))
        }
    }

    /// Throws on its first spring.
    struct ThrowingSprings: SpringEngine {
        struct Broken: Error, CustomStringConvertible { var description: String { "a broken spring" } }
        var name: String { "throwing" }
        var version: String { "1" }
        func spring(_ request: SpringRequest) throws -> EngineAnswer { throw Broken() }
    }

    @Test("the kinds are the protocols the engine conforms to")
    func kindsFromProtocols() {
        #expect(InProcessEngine(BisectionCurves()).start() == EngineIdentity(name: "bisection", version: "1", kinds: [.curve]))
        #expect(InProcessEngine(ThrowingSprings()).kinds == [.spring])
        #expect(InProcessEngine(Trees()).kinds == [.animation, .transaction])
    }

    /// Declares the two scenario kinds and answers neither.
    struct Trees: AnimationEngine, TransactionEngine {
        var name: String { "trees" }
        var version: String { "1" }
        func animation(_ request: AnimationRequest) -> EngineAnswer { .unsupported("no") }
        func transaction(_ request: TransactionRequest) -> EngineAnswer { .unsupported("no") }
    }

    @Test("one call judges the whole set: exact curves pass, the other kinds are unsupported; a planted error fails")
    func scorecardOfTheWholeSet() throws {
        let card = try Judge().scorecard(of: BisectionCurves(), repository: repositoryRoot)
        let curves = card.summary(of: .curve)
        #expect(curves.cases > 0 && curves.exact == curves.cases, "\(curves.exact) of \(curves.cases); worst \(curves.worst?.error ?? 0)")
        #expect(card.summary(of: .spring).unsupported == card.summary(of: .spring).cases)
        for kind in [ConformanceKind.animation, .transaction] {
            #expect(card.summary(of: kind).unsupported == card.summary(of: kind).cases)
        }
        #expect(card.verdict().outcome == .pass)

        let planted = try Judge().scorecard(of: BisectionCurves(offset: 1e-6), repository: repositoryRoot)
        #expect(planted.summary(of: .curve).visual == curves.cases)
        #expect(planted.verdict().outcome == .failed)
    }

    @Test("a thrown error ends the run: that case is an error, the rest are not run")
    func thrownErrorsEndTheRun() throws {
        let card = try Judge().scorecard(of: ThrowingSprings(), repository: repositoryRoot)
        let springs = card.summary(of: .spring)
        #expect(card.engineFailure?.contains("threw a broken spring") == true, "\(card.engineFailure ?? "none")")
        #expect(springs.errors == 1 && springs.notRun == springs.cases - 1)
        #expect(card.verdict().outcome == .failed)
    }
}
