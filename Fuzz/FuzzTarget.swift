// The libFuzzer entry point for `scripts/fuzz TARGET`, which compiles this file with
// -D FUZZ_TARGET_<TARGET> to choose the reader under test:
//   scenario   the `hooke run` scenario reader (strict JSON, then every field's checks)
//   keyframes  the `hooke eval keyframes` timeline reader
//   trace      the `hooke verify --trace` CSV reader
//   arguments  the argument parser and every subcommand's validation (`init(parsing:)`), not its
//              work; the input is the argument list, NUL-separated (`eval\0spring\0--response\00.5`)
//   reply      the reader of a `hooke conform` engine's reply line (`EngineReply`, raw bytes: any
//              UTF-8 or not), and the judge's checks of the answer it holds against a spring case
// Any input may be refused with a InputError; none may crash, hang or leak.
@testable import Conformance
@testable import HookeCommandLine
import HookeSupport
import Scenarios
import Verification

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    #if FUZZ_TARGET_REPLY
    if case .result(_, let answer)? = try? EngineReply(line: Array(bytes)) {
        _ = Judge().judge(replyCase, answer)
    }
    #elseif FUZZ_TARGET_ARGUMENTS
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let (command, rest) = Hooke.resolve(arguments) else { return 0 }
    _ = try? command.init(parsing: ParsedArguments(rest, options: command.options, command: command.name,
                                                   maxPositionals: command.maxPositionals))
    #else
    let text = String(decoding: bytes, as: UTF8.self)
    #if FUZZ_TARGET_SCENARIO
    _ = try? ScenarioFile(json: text)  // flat and tree scenarios
    #elseif FUZZ_TARGET_KEYFRAMES
    _ = try? KeyframesFile(json: text)
    #elseif FUZZ_TARGET_TRACE
    _ = try? TraceFile(text: text, name: "fuzz.csv")
    #endif
    #endif
    return 0
}

#if FUZZ_TARGET_REPLY
/// A small spring case (a few times) the fuzzed answers are judged against.
let replyCase = ConformanceCase(id: "spring/fuzz", probe: "", request: .spring(SpringRequest(
    spring: SpringCases.parameters(response: 0.5, ratio: 0.7), from: 0, to: 1, velocity: 0,
    retargets: [], times: [0, 0.1, 0.2])))
#endif
