#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HookeSupport

/// Where a command writes. Standard output is buffered: `print` and `write` hold their text until
/// the command succeeds, so a command that fails half-way leaves nothing on stdout (the contract for
/// bad input). `stream` is for long outputs (rows of `eval` and `run`): it holds at most
/// `streamChunk` bytes and writes them as they fill, so memory stays bounded however many rows.
/// Every write to the process's stdout is checked: a full disk or a closed pipe throws
/// `OutputError` (SIGPIPE is ignored by `standard()`, so a closed pipe is an error, not a death).
public final class Console {
    public private(set) var standardOutput = ""
    public private(set) var standardError = ""
    package let capturing: Bool
    /// Whether stderr is a terminal: progress lines are redrawn in place only there.
    public let errorIsTerminal: Bool
    /// How much streamed text is held before it is written (bytes).
    package static let streamChunk = 1 << 16
    /// Where standard output goes instead of the process's stdout (`--output FILE`), also when capturing.
    private var file: AtomicOutputFile?

    /// A console that collects both streams, for tests.
    public static func capture() -> Console { Console(capturing: true, errorIsTerminal: false) }

    /// The process's standard streams. Ignores SIGPIPE so that writing to a closed pipe returns
    /// EPIPE, which the writes report, instead of killing the process.
    public static func standard() -> Console {
        signal(SIGPIPE, SIG_IGN)
        return Console(capturing: false, errorIsTerminal: isatty(2) == 1)
    }

    package init(capturing: Bool, errorIsTerminal: Bool) {
        self.capturing = capturing
        self.errorIsTerminal = errorIsTerminal
    }

    /// Appends `text` and a newline to the buffered standard output.
    public func print(_ text: String = "") {
        standardOutput += text
        standardOutput += "\n"
    }

    /// Appends raw text to the buffered standard output.
    public func write(_ text: String) { standardOutput += text }

    /// A command's `--json FILE`: '-' appends the JSON (and a newline) to standard output, any other
    /// path is written atomically. Returns where the command's tables go: standard error when the
    /// JSON is standard output, else standard output.
    package func writeJSON(_ data: Data, to path: String?) throws -> (String) -> Void {
        guard let path else { return { self.print($0) } }
        guard path == standardOutputPath else {
            try writeAtomically(data, toPath: path)
            return { self.print($0) }
        }
        write(String(decoding: data, as: UTF8.self) + "\n")
        return { self.printError($0) }
    }

    /// Appends `text` to standard output and writes what is held once it passes `streamChunk`.
    public func stream(_ text: String) throws {
        standardOutput += text
        if !capturing || file != nil, standardOutput.utf8.count >= Self.streamChunk { try flush() }
    }

    /// Sends standard output to `file` from now on; `commitFile()` publishes it.
    package func sendOutput(to file: AtomicOutputFile) { self.file = file }

    /// Writes what is held to the file given to `sendOutput(to:)` and publishes it whole.
    package func commitFile() throws {
        guard let file else { return }
        try flush()
        try file.commit()
        self.file = nil
    }

    /// Writes a line to standard error at once (progress and error messages). Errors writing to
    /// stderr are ignored: there is nowhere left to report them.
    public func printError(_ text: String) {
        if capturing {
            standardError += text + "\n"
        } else {
            try? writeAll(Data((text + "\n").utf8), to: 2)
        }
    }

    /// Drops the buffered standard output and any file not yet committed (after a failure).
    package func discardOutput() {
        standardOutput = ""
        file = nil
    }

    /// Writes the buffered standard output to the process's stdout.
    /// - Throws: `OutputError` when stdout cannot take it (full disk, closed pipe).
    package func flush() throws {
        guard !capturing || file != nil, !standardOutput.isEmpty else { return }
        defer { standardOutput = "" }
        var text = standardOutput
        if let file {
            try text.withUTF8 { try file.write(UnsafeRawBufferPointer($0)) }
            return
        }
        do {
            try text.withUTF8 { try writeAll(UnsafeRawBufferPointer($0), to: 1) }
        } catch let error as AtomicWriteError {
            throw OutputError(reason: error.reason)
        }
    }
}

/// Standard output could not be written (a full disk, a closed pipe). Exit status 2.
public struct OutputError: Error, CustomStringConvertible, Equatable {
    public var reason: String
    public var description: String { "cannot write to standard output: \(reason)" }
}
