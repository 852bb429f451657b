@testable import Conformance
import AnimationMath
import Foundation
import Scenarios
import Testing

/// The transaction cases judge resolution, not curves: an engine that runs every value with the
/// change's own animation (ignoring the tree's modifiers) fails every case whose tree has one, and
/// passes the one whose tree has none; a value off by a ramp's worth at one frame fails.
@Suite("transaction cases")
struct TransactionCaseTests {
    /// The tree scenario's frames answered with the modifiers stripped: every value runs the root
    /// transaction's animation, as an engine without a transaction system would.
    func ignoringModifiers(_ request: TransactionRequest) -> EngineSamples {
        var scenario = request.scenario
        scenario.tree = ViewNode(values: scenario.valueNames)
        var values: [Double] = []
        _ = scenario.run { values += $0.values }
        return EngineSamples(values: values)
    }

    @Test("eight examples, five animation families each, every value answered per frame")
    func shape() throws {
        let cases = try standardCases().cases(of: [.transaction])
        #expect(cases.count == 8 * TransactionCases.variants.count)
        for item in cases {
            guard case .transaction(let request) = item.request else { Issue.record("\(item.id) is not a transaction request"); continue }
            #expect(item.request.valuesPerSample == request.valueNames.count && request.valueNames.count >= 2, "\(item.id)")
            #expect(EngineProtocol.caseLine(item.request, id: item.id).contains(#""values":["#))
        }
    }

    @Test("an engine that ignores the tree's modifiers fails every case that has one")
    func modifiersMatter() throws {
        for item in try standardCases().cases(of: [.transaction]) {
            guard case .transaction(let request) = item.request else { continue }
            let result = Judge().judge(item, .samples(ignoringModifiers(request)))
            if item.id.hasPrefix("transaction/explicit-every-value/") {
                #expect(result.grade == .exact, "\(item.id): no modifiers, so nothing to ignore")
            } else {
                #expect(result.grade == .fail, "\(item.id): \(result.error ?? -1)")
            }
        }
    }

    @Test("a wrong value count is an error of the case; one value off at one frame fails")
    func countsAndOneWrongValue() throws {
        let item = try find("transaction/scoped-animation/linear", in: standardCases())
        guard case .transaction(let request) = item.request else { throw JudgeTests.Failure("not a transaction case") }
        var values: [Double] = []
        _ = request.scenario.run { values += $0.values }
        #expect(Judge().judge(item, .samples(EngineSamples(values: values))).grade == .exact)
        #expect(Judge().judge(item, .samples(EngineSamples(values: Array(values.dropLast())))).status == .error)
        values[5 * request.valueNames.count + 1] += 0.5  // the second value at the sixth frame
        let wrong = Judge().judge(item, .samples(EngineSamples(values: values)))
        #expect(wrong.grade == .fail && wrong.worst?.time == request.scenario.frames[5])
    }
}
