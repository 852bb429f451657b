@testable import Conformance
import Testing

@Suite("the case set")
struct CaseSetTests {
    @Test("several hundred cases with unique ids, in kind order, covering every kind")
    func shape() throws {
        let set = try standardCases()
        #expect(set.cases.count >= 300)
        #expect(Set(set.cases.map(\.id)).count == set.cases.count, "ids must be unique")
        #expect(set.cases.map(\.kind) == set.cases.map(\.kind).sorted(), "spring, then curve, then animation")
        for kind in ConformanceKind.allCases { #expect(set.cases(of: [kind]).count >= 40, "\(kind)") }
        #expect(set.cases.allSatisfy { $0.id.hasPrefix($0.kind.rawValue + "/") && !$0.probe.isEmpty })
    }

    @Test("deterministic: two builds send the same lines")
    func deterministic() throws {
        let first = try standardCases().cases.map { EngineProtocol.caseLine($0.request, id: $0.id) }
        let second = try standardCases().cases.map { EngineProtocol.caseLine($0.request, id: $0.id) }
        #expect(first == second)
    }

    @Test("the groups the contract promises are there")
    func groups() throws {
        let ids = try standardCases().cases.map(\.id)
        for prefix in ["spring/regime/zeta-0/", "spring/regime/zeta-100/", "spring/near-critical/below-1e-12", "spring/overdamped/velocity-erratum",
                       "spring/stiffness/k-1/", "spring/stiffness/k-1e+06/", "spring/velocity/v--30", "spring/retarget/reversal",
                       "spring/retarget/several", "spring/grid/30hz", "spring/grid/240hz", "spring/grid/jitter-2ms", "spring/grid/dropped",
                       "spring/grid/gap-80ms", "spring/grid/gap-1.2s", "spring/far-from-zero", "curve/preset/easeInOut", "curve/edge/x1-1-x2-1",
                       "curve/overshoot", "animation/spring/default", "animation/smooth", "animation/snappy", "animation/bouncy",
                       "animation/interactive-spring", "animation/interpolating-spring", "animation/curve/ease-in-out", "animation/modifier/delay",
                       "animation/modifier/speed", "animation/modifier/repeat", "animation/merge/spring-over-spring", "animation/merge/spring-over-curve",
                       "animation/chain/curve-over-curve", "animation/recording/spring-response1.8-damping0.3",
                       "animation/recording/interpolating-spring-interrupted"] {
            #expect(ids.contains { $0.hasPrefix(prefix) }, "no case \(prefix)…")
        }
    }

    @Test("a case line decodes to the same request (consistency of the two sides of the protocol)")
    func roundTrip() throws {
        for item in try standardCases().cases {
            let line = EngineProtocol.caseLine(item.request, id: item.id)
            let decoded = try EngineServer.decodeCase(line)
            #expect(decoded.id == item.id)
            #expect(EngineProtocol.caseLine(decoded.request, id: decoded.id) == line, "\(item.id)")
        }
    }

    @Test("--list: one line per case, id then probe")
    func listing() throws {
        let set = try standardCases()
        let lines = set.listing(of: [.curve]).split(separator: "\n")
        #expect(lines.count == set.cases(of: [.curve]).count)
        #expect(lines.allSatisfy { $0.hasPrefix("curve/") })
    }
}
