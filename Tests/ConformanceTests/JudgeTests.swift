@testable import Conformance
import Foundation
import Testing

/// The judge against answers computed here from hand-worked closed forms (independent of both the
/// GSL reference and AnimationMath), and with faults planted in them.
@Suite("grading")
struct JudgeTests {
    /// The GSL reference against the closed form on a critically damped spring, relative to the
    /// distance: both a few roundings from the truth (achieved 6.7e-16, 9.3e-16 for the velocity).
    static let closedFormAgreement = 1e-14
    /// The model against SwiftUI's device recording, relative to the 100 pt move (achieved 4.7e-8).
    static let recordingAgreement = 1e-7
    /// x(t) = 1 − (1 + ω0 t) e^(−ω0 t), v(t) = ω0² t e^(−ω0 t): critically damped from rest, 0 → 1.
    func critical(_ request: SpringRequest, times: [Double]? = nil) -> EngineSamples {
        let ω = request.naturalFrequency
        let times = times ?? request.times
        return EngineSamples(values: times.map { 1 - (1 + ω * $0) * exp(-ω * $0) },
                             velocities: times.map { ω * ω * $0 * exp(-ω * $0) }, times: nil)
    }

    func springRequest(_ item: ConformanceCase) throws -> SpringRequest {
        guard case .spring(let request) = item.request else { throw Failure("not a spring case") }
        return request
    }

    struct Failure: Error { var message: String; init(_ message: String) { self.message = message } }

    @Test("a critically damped spring's closed form is exact; planted errors grade visual, then fail")
    func springGrades() throws {
        let item = try find("spring/regime/zeta-1/response-0.35", in: standardCases())
        let request = try springRequest(item)
        let judge = Judge()
        let exact = judge.judge(item, .samples(critical(request)))
        #expect(exact.grade == .exact && exact.status == .pass, "\(exact.error ?? -1)")
        #expect((exact.error ?? 1) < Self.closedFormAgreement, "the GSL reference agrees with the closed form")
        #expect((exact.velocityError ?? 1) < Self.closedFormAgreement)

        var shifted = critical(request)
        shifted.values[30] += 2e-9  // the distance is 1: just past the exact tolerance
        let visual = judge.judge(item, .samples(shifted))
        #expect(visual.grade == .visual && visual.status == .fail)
        #expect(visual.worst?.time == request.times[30])
        #expect(Judge(tier: .visual).judge(item, .samples(shifted)).status == .pass)

        shifted.values[30] += 1e-3
        #expect(judge.judge(item, .samples(shifted)).grade == .fail)

        var slow = critical(request)
        slow.velocities![10] *= 1.01  // 1% of a velocity of order ω0·distance
        let velocity = judge.judge(item, .samples(slow))
        #expect(velocity.grade == .fail && (velocity.velocityError ?? 0) > Tolerance.visual)
    }

    @Test("an undamped spring's closed form 1 − cos(ω0 t) is exact")
    func undamped() throws {
        let item = try find("spring/regime/zeta-0/response-0.35", in: standardCases())
        let request = try springRequest(item)
        let ω = request.naturalFrequency
        let answer = EngineSamples(values: request.times.map { 1 - cos(ω * $0) }, velocities: request.times.map { ω * sin(ω * $0) })
        let result = Judge().judge(item, .samples(answer))
        #expect(result.grade == .exact, "\(result.error ?? -1)")
    }

    @Test("an engine's own times are judged at those times")
    func ownTimes() throws {
        let item = try find("spring/regime/zeta-1/response-0.35", in: standardCases())
        let request = try springRequest(item)
        let own = stride(from: 0.0, through: 2.9, by: 0.013).map { $0 }
        var answer = critical(request, times: own)
        answer.times = own
        #expect(Judge().judge(item, .samples(answer)).grade == .exact)
        answer.times = own.map { $0 + 1 }  // past the requested span
        #expect(Judge().judge(item, .samples(answer)).message?.contains("outside the requested span") == true)
    }

    @Test("the linear Bézier (0, 0, 1, 1) is y = p: exact")
    func linearCurve() throws {
        let item = try find("curve/preset/linear", in: standardCases())
        guard case .curve(let request) = item.request else { throw Failure("not a curve") }
        let result = Judge().judge(item, .samples(EngineSamples(values: request.progress)))
        #expect(result.grade == .exact, "\(result.error ?? -1)")
    }

    @Test(".linear(duration: 0.5) from 0 to 100 is 200 t then 100: exact against the animator")
    func linearAnimation() throws {
        let item = try find("animation/curve/linear", in: standardCases())
        let times = item.request.sampleTimes
        let result = Judge().judge(item, .samples(EngineSamples(values: times.map { 100 * min($0 / 0.5, 1) })))
        #expect(result.grade == .exact, "\(result.error ?? -1)")
    }

    @Test("SwiftUI's own device samples grade visual against the model, and match the recording exactly")
    func recording() throws {
        let item = try find("animation/recording/spring-response1.8-damping0.3", in: standardCases())
        guard case .animation(let request) = item.request, let recording = request.recording else { throw Failure("no recording") }
        let result = Judge().judge(item, .samples(EngineSamples(values: recording.map { $0! })))
        #expect(result.grade == .visual, "\(result.error ?? -1)")
        #expect((result.error ?? 1) < Self.recordingAgreement, "the model reproduces the device to ~5e-6 pt of 100 pt")
        #expect(result.recordingError == 0)
        // An engine 1 pt (1% of the move) off the device fails, whatever the model says.
        let off = Judge().judge(item, .samples(EngineSamples(values: recording.map { $0! + 1 })))
        #expect(off.grade == .fail && (off.recordingError ?? 0) > 0.009)
    }

    @Test("answers that cannot be graded are errors naming the entry", arguments: [
        ("short", "60 values for 181 requested times"), ("nan", "values[3] is NaN"), ("inf", "values[0] is infinite"),
        ("velocities", "180 velocities for 181"),
    ])
    func contentErrors(fault: String, message: String) throws {
        let item = try find("spring/regime/zeta-1/response-0.35", in: standardCases())
        var answer = critical(try springRequest(item))
        switch fault {
        case "short": answer.values = Array(answer.values.prefix(60))
        case "nan": answer.values[3] = .nan
        case "inf": answer.values[0] = .infinity
        default: answer.velocities!.removeLast()
        }
        let result = Judge().judge(item, .samples(answer))
        #expect(result.status == .error)
        #expect(result.message?.contains(message) == true, "\(result.message ?? "")")
    }

    @Test("expected failures: listed failures pass the run, a listed case that passes is an improvement")
    func verdicts() throws {
        let set = try standardCases()
        let items = Array(set.cases(of: [.spring]).prefix(3))
        var card = Scorecard(engine: EngineIdentity(name: "t", version: "1", kinds: [.spring]), tier: .exact, results: [])
        card.results = [CaseResult(items[0], status: .pass), CaseResult(items[1], status: .fail), CaseResult(items[2], status: .error)]
        #expect(card.verdict().outcome == .failed)
        #expect(card.verdict(try ExpectedFailures(text: "# known\n\(items[1].id)\n\(items[2].id)  # NaN\n")).outcome == .pass)
        let improved = card.verdict(try ExpectedFailures(text: "spring/*\n"))
        #expect(improved.outcome == .improvementsOnly && improved.nowPassing == [items[0].id])
        let unused = card.verdict(try ExpectedFailures(text: "spring/*\ncurve/nothing\n"))
        #expect(unused.unmatchedPatterns == ["curve/nothing"])
        #expect(throws: ExpectedFailuresError(line: 2, message: "one case id or glob per line, got 'a b'")) {
            try ExpectedFailures(text: "x\na b\n")
        }
        card.engineFailure = "case x: engine t hung"
        #expect(card.verdict(try ExpectedFailures(text: "*")).outcome == .failed, "an incomplete run never passes")
    }
}
