// libFuzzer target: the `hooke verify --trace` CSV reader. Any input may be refused with a
// UsageError; none may crash, hang or leak. Built by scripts/fuzz.
@testable import HookeCommandLine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? TraceFile(text: text, name: "fuzz.csv")
    return 0
}
