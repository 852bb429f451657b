// libFuzzer target: the `hooke run` scenario reader (strict JSON, then every field's checks).
// Any input may be refused with a UsageError; none may crash, hang or leak. Built by scripts/fuzz.
@testable import HookeCommandLine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? Scenario(json: text)
    return 0
}
