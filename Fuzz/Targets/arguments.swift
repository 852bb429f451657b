// libFuzzer target: the argument parser and every subcommand's validation (`init(parsing:)`), not
// its work. The input is the argument list, NUL-separated (`eval\0spring\0--response\00.5`). Any
// input may be refused with a UsageError; none may crash, hang or leak. Built by scripts/fuzz.
@testable import HookeCommandLine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let (command, rest) = Hooke.resolve(arguments) else { return 0 }
    do {
        let parsed = try ParsedArguments(rest, options: command.options, command: command.name,
                                         maxPositionals: command.maxPositionals)
        _ = try command.init(parsing: parsed)
    } catch {}
    return 0
}
