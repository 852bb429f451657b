@testable import Conformance
import Foundation
import Testing
import _TestSupport

/// The engines in examples/engines, through the process protocol, on the whole case set.
@Suite("shipped engines")
struct ShippedEngineTests {
    @Test("Hooke's AnimationMath (examples/engines/hooke) grades exact on every case")
    func hooke() throws {
        let binary = try #require(hookeEngineBinary(), "hooke-engine not built beside the test runner or in .build/debug")
        let set = try standardCases()
        let card = try judgeProcess([binary], set.cases).card.get()
        #expect(card.complete && card.finishFailure == nil)
        #expect(card.engine.kinds == Set(ConformanceKind.allCases))
        let notExact = card.results.filter { $0.grade != .exact }
        #expect(notExact.isEmpty, "\(notExact.prefix(5).map { "\($0.id): \($0.status) \($0.error ?? -1) \($0.message ?? "")" })")
        #expect(card.results.count == set.cases.count)
    }

    @Test("the Python Euler engine: curves exact, frame-stepped springs fail at the exact tier, animations unsupported")
    func euler() throws {
        let set = try standardCases()
        let script = repositoryRoot.appendingPathComponent("examples/engines/python/euler.py").path
        let card = try judgeProcess(["python3", script], set.cases).card.get()
        #expect(card.complete && card.finishFailure == nil)
        #expect(card.summary(of: .curve).exact == set.cases(of: [.curve]).count)
        let springs = card.summary(of: .spring)
        #expect(springs.exact == 0, "one Euler step per frame is never within 1e-9")
        #expect(springs.failed + springs.errors == springs.cases)
        #expect(card.summary(of: .animation).unsupported == set.cases(of: [.animation]).count)
    }
}
