import HookeSupport
import Scenarios

/// `--format` and `--output` of the commands that write rows.
struct RowOutput {
    static let options = [
        OptionSpec("--format", .single, "F", "csv (default) or json"),
        OptionSpec("--output", .single, "FILE", "write the rows into FILE, which appears whole once complete (default: stdout)"),
    ]

    var format: RowWriter.Format
    /// `--output FILE`, or nil for standard output.
    var file: String?

    init(_ arguments: ParsedArguments) throws {
        format = try arguments.choice("--format", default: "csv")
        file = try arguments.outputFile("--output")
    }

    /// Rows streamed to standard output (`Console.stream`), or with `--output FILE` into a file that
    /// appears whole when `finish(on:)` has written the last row (`AtomicOutputFile`).
    func writer(to console: Console, dimension: Int? = nil, metadata: [(String, String)] = []) throws -> RowWriter {
        if let file { console.sendOutput(to: try AtomicOutputFile(path: file)) }
        return try RowWriter(format, dimension: dimension, metadata: metadata, to: console.stream)
    }

    /// The rows of a tree scenario, one per value per frame (`RowWriter.init(_:valueNames:metadata:to:)`),
    /// to standard output or the `--output` file as `writer(to:dimension:metadata:)`.
    func writer(to console: Console, valueNames: [String], metadata: [(String, String)] = []) throws -> RowWriter {
        if let file { console.sendOutput(to: try AtomicOutputFile(path: file)) }
        return try RowWriter(format, valueNames: valueNames, metadata: metadata, to: console.stream)
    }
}

extension RowWriter {
    /// Ends the rows (`trailer` after them in JSON) and publishes the `--output` file.
    func finish(trailer: String = "", on console: Console) throws {
        try finish(trailer: trailer)
        try console.commitFile()
    }
}
