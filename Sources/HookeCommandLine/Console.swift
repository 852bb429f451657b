#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes. Standard output is buffered and written only when the command succeeds,
/// so a command that fails half-way leaves nothing on stdout (the contract for bad input).
public final class Console {
    public private(set) var standardOutput = ""
    public private(set) var standardError = ""
    let capturing: Bool
    /// Whether stderr is a terminal: progress lines are redrawn in place only there.
    public let errorIsTerminal: Bool

    /// A console that collects both streams, for tests.
    public static func capture() -> Console { Console(capturing: true, errorIsTerminal: false) }

    /// The process's standard streams.
    public static func standard() -> Console { Console(capturing: false, errorIsTerminal: isatty(2) == 1) }

    init(capturing: Bool, errorIsTerminal: Bool) {
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

    /// Writes a line to standard error at once (progress and error messages).
    public func printError(_ text: String) {
        if capturing {
            standardError += text + "\n"
        } else {
            writeAll(text + "\n", to: 2)
        }
    }

    /// Drops the buffered standard output (after a failure).
    func discardOutput() { standardOutput = "" }

    /// Writes the buffered standard output to the process's stdout.
    func flush() {
        guard !capturing, !standardOutput.isEmpty else { return }
        writeAll(standardOutput, to: 1)
        standardOutput = ""
    }

    private func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { break }
            offset += written
        }
        bytes.removeAll()
    }
}
