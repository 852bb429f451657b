// The libFuzzer entry point for `scripts/fuzz TARGET`, which compiles this file with
// -D FUZZ_TARGET_<TARGET> to choose the reader under test:
//   scenario   the `hooke run` scenario reader (strict JSON, then every field's checks)
//   keyframes  the `hooke eval keyframes` timeline reader
//   trace      the `hooke verify --trace` CSV reader
//   arguments  the argument parser and every subcommand's validation (`init(parsing:)`), not its
//              work; the input is the argument list, NUL-separated (`eval\0spring\0--response\00.5`)
// Any input may be refused with a InputError; none may crash, hang or leak.
@testable import HookeCommandLine
import HookeSupport
import Scenarios
import Verification

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    #if FUZZ_TARGET_ARGUMENTS
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
