@testable import Conformance
import Testing

@Suite("the engine-reply reader")
struct EngineReplyTests {
    func read(_ text: String) throws(ReplyError) -> EngineReply { try EngineReply(line: Array(text.utf8)) }

    @Test("a hello and results, strictly")
    func valid() throws {
        #expect(try read(#"{"type":"hello","protocol":1,"name":"x","version":"2","kinds":["curve","future-kind"]}"#)
                == .hello(EngineIdentity(name: "x", version: "2", kinds: [.curve]), protocol: 1))
        #expect(try read(#"{"type":"result","id":"a","values":[1,2.5],"velocities":[0,-1e3]}"#)
                == .result(id: "a", answer: .samples(EngineSamples(values: [1, 2.5], velocities: [0, -1000]))))
        #expect(try read(#"{"type":"result","id":"a","unsupported":"no springs"}"#) == .result(id: "a", answer: .unsupported("no springs")))
    }

    @Test("NaN, Infinity and null read as non-finite numbers, for the judge to name")
    func nonFinite() throws {
        guard case .result(_, .samples(let samples)) = try read(#"{"type":"result","id":"a","values":[NaN, Infinity, -Infinity, null, 1e999]}"#) else {
            Issue.record("not a result")
            return
        }
        #expect(samples.values[0].isNaN && samples.values[1] == .infinity && samples.values[2] == -.infinity)
        #expect(samples.values[3].isNaN && samples.values[4] == .infinity)
        // Inside a string the tokens are text.
        #expect(try read(#"{"type":"result","id":"NaN Infinity","unsupported":"NaN"}"#) == .result(id: "NaN Infinity", answer: .unsupported("NaN")))
    }

    @Test("anything else is refused with a message naming what is wrong", arguments: [
        ("not json", "not JSON"), ("[1]", "expected a JSON object"), (#"{"type":"result","values":[1]}"#, "id: missing"),
        (#"{"type":"result","id":"a","values":[1],"value":2}"#, "value: unknown key"), (#"{"type":"result","id":"a","values":["1"]}"#, "values[0]: expected a number"),
        (#"{"type":"bye"}"#, "type: expected"), (#"{"type":"hello","protocol":1.5,"name":"x","version":"1","kinds":[]}"#, "protocol: expected an integer"),
        (#"{"type":"result","id":"a","values":[1]} x"#, "not JSON"), (#"{"type":"result","id":"a","id":"b","values":[]}"#, "duplicate key"),
    ])
    func refused(text: String, message: String) {
        #expect(throws: ReplyError.self) { try read(text) }
        do { _ = try read(text) } catch { #expect(error.message.contains(message), "\(error.message)") }
    }

    @Test("invalid UTF-8 is refused")
    func notUTF8() {
        #expect(throws: ReplyError("not UTF-8 text")) { try EngineReply(line: [0x7B, 0xFF, 0x7D]) }
    }

    @Test("engine commands split as a shell splits plain words")
    func commandWords() throws {
        #expect(try engineCommandWords(#"python3 'my engine.py' --name "a \"b\"" c\ d"#) == ["python3", "my engine.py", "--name", #"a "b""#, "c d"])
        #expect(throws: EngineCommandError.self) { try engineCommandWords("python3 'open") }
        #expect(throws: EngineCommandError.self) { try engineCommandWords("   ") }
    }
}
