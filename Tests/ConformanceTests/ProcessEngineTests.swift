@testable import Conformance
import Foundation
import Testing

/// The child-process driver against engines that misbehave on purpose (Engines/misbehave.py and
/// hang-with-child.sh). Each run must end with one line naming the case, the cases before keeping
/// their results and the rest not run. One at a time, so a loaded machine still starts python3 and
/// answers the exchanges before the misbehaviour within the timeout.
@Suite("misbehaving engines", .serialized)
struct ProcessEngineTests {
    /// For engines that hang: it must expire, and what comes before the hang (python3 starting, the
    /// hello, the first case) must fit in it on a loaded machine (2 s did not, at a load of 17; 5 s
    /// failed once in a full suite at a load of 4, while builds were writing).
    static let hangTimeout = 10.0
    /// For engines that misbehave without hanging: never reached, so a slow machine cannot fail them.
    static let timeout = 60.0
    /// Three spring cases: the engine answers the first, misbehaves on the second.
    func cases() throws -> [ConformanceCase] { Array(try standardCases().cases(of: [.spring]).prefix(3)) }

    func misbehave(_ mode: String) -> [String] { ["python3", enginesDirectory.appendingPathComponent("misbehave.py").path, mode] }

    @Test("an engine that stops mid-run is named with its case; the first case keeps its result, the rest are not run", arguments: [
        ("hang", "did not reply within 10 s (killed)"),
        ("exit", "exited with status 3"),
        ("signal", "was killed by signal 11"),
        ("garbage", "wrote a line that is not a protocol reply: not JSON"),
        ("wrong-id", "answered with the id 'no/such/case'"),
        ("repeated-id", "answered with the id"),
        ("long-line", "wrote a line longer than 64 MiB"),
    ])
    func stops(mode: String, message: String) throws {
        let items = try cases()
        let (outcome, _) = judgeProcess(misbehave(mode), items, timeout: mode == "hang" ? Self.hangTimeout : Self.timeout)
        let card = try outcome.get()
        #expect(!card.complete)
        let line = try #require(card.engineFailure)
        #expect(line.hasPrefix("case \(items[1].id): engine misbehave-\(mode) "), "\(line)")
        #expect(line.contains(message), "\(line)")
        #expect(!line.contains("\n"))
        #expect(card.results.map(\.status) == [.fail, .error, .notRun], "zeros are judged (and fail); then the error; then not run")
        let json = card.json(verdict: card.verdict(), kinds: [.spring])
        #expect(json.contains(#""complete": false"#) && json.contains(#""status": "not-run""#))
    }

    @Test("a NaN, an infinity or the wrong count is an error of that case only; the run goes on", arguments: [
        ("nan", "values[1] is NaN"), ("infinity", "values[0] is infinite"), ("wrong-length", "180 values for 181 requested times"),
    ])
    func caseErrors(mode: String, message: String) throws {
        let (outcome, _) = judgeProcess(misbehave(mode), try cases(), timeout: Self.timeout)
        let card = try outcome.get()
        #expect(card.complete && card.engineFailure == nil && card.finishFailure == nil)
        #expect(card.results.map(\.status) == [.fail, .error, .fail])
        #expect(card.results[1].message?.contains(message) == true, "\(card.results[1].message ?? "")")
    }

    @Test("an engine that cannot start or fails the handshake is a start failure", arguments: [
        ("silent-hello", "did not reply within 10 s"), ("bad-protocol", "speaks protocol 2; this hooke speaks protocol 1"),
        ("no-hello-reply", "exited with status 0"),
    ])
    func handshake(mode: String, message: String) throws {
        let (outcome, _) = judgeProcess(misbehave(mode), try cases(), timeout: mode == "silent-hello" ? Self.hangTimeout : Self.timeout)
        guard case .failure(let failure) = outcome else { Issue.record("started"); return }
        #expect(failure.stage == .start)
        #expect(failure.message.contains(message), "\(failure.message)")
    }

    @Test("a program that does not exist cannot start")
    func missing() throws {
        let (outcome, _) = judgeProcess(["/no/such/engine"], try cases())
        guard case .failure(let failure) = outcome else { Issue.record("started"); return }
        #expect(failure.message.contains("cannot start '/no/such/engine'"), "\(failure.message)")
    }

    @Test("after bye: an engine that does not exit is killed, one that exits 1 is reported; results are kept", arguments: [
        ("no-exit", "did not exit within 10 s of bye (killed)"), ("exit-1", "after bye, exited with status 1"),
    ])
    func afterBye(mode: String, message: String) throws {
        let card = try judgeProcess(misbehave(mode), try cases(), timeout: mode == "no-exit" ? Self.hangTimeout : Self.timeout).card.get()
        #expect(card.complete && card.results.allSatisfy { $0.status == .fail })
        #expect(card.finishFailure?.contains(message) == true, "\(card.finishFailure ?? "")")
        #expect(card.verdict(try ExpectedFailures(text: "*")).outcome == .failed)
    }

    @Test("the engine's stderr is passed through, each line prefixed with its name")
    func stderr() throws {
        let (outcome, lines) = judgeProcess(misbehave("stderr"), try cases(), timeout: Self.timeout)
        #expect(try outcome.get().complete)
        #expect(lines == ["misbehave-stderr: a line on stderr", "misbehave-stderr: and another"])
    }

    @Test("a hung engine's children are killed with it (its process group)")
    func group() throws {
        let items = try cases()
        let (outcome, _) = judgeProcess([enginesDirectory.appendingPathComponent("hang-with-child.sh").path], items, timeout: Self.hangTimeout)
        let card = try outcome.get()
        #expect(card.engineFailure == "case \(items[0].id): engine hang-with-child did not reply within 10 s (killed)")
        #expect(card.results.map(\.status) == [.error, .notRun, .notRun])
    }
}
