import Foundation
import HookeSupport
import Reporting

/// `hooke report`'s options that need more than a lookup: `--out`, `--bench`/`--no-bench`, and
/// `--from` with `--reference`.
extension ReportCommand {
    /// `--out DIR` (default the repository's reports/), checked before any work.
    static func outputDirectory(_ arguments: ParsedArguments, repository: URL) throws -> URL {
        var directory = repository.appendingPathComponent("reports")
        if let out = arguments.string("--out") {
            guard !out.isEmpty else { throw InputError("--out: needs a directory, got ''") }
            directory = URL(fileURLWithPath: out)
        }
        try writing { try ReportWriter.checkDirectory(directory) }
        return directory
    }

    static func benchSource(_ arguments: ParsedArguments) throws -> BenchSource {
        switch (try arguments.inputFile("--bench"), arguments.flag("--no-bench")) {
        case (.some, true): throw InputError("--no-bench: not allowed with --bench")
        case (.some(let path), false): return .file(path)
        case (nil, true): return .skipped
        case (nil, false): return .run
        }
    }

    /// `--from RESULTS...` (also as positional arguments), merged; nil without `--from`.
    static func storedResults(_ arguments: ParsedArguments) throws -> FleetReport.Input? {
        guard arguments.has("--from") else {
            if let first = arguments.positionals.first {
                throw InputError("unexpected argument '\(first)'; see 'hooke report --help'")
            }
            if arguments.has("--reference") { throw InputError("--reference: only with --from") }
            return nil
        }
        try arguments.refuse(["--full", "--seed", "--bench", "--no-bench"], with: "--from", because: "the results are stored")
        do {
            return try FleetReport.Input(paths: arguments.strings("--from") + arguments.positionals,
                                         reference: arguments.string("--reference"))
        } catch let error as StoredResultsError {
            throw InputError("--from: \(error)")
        }
    }
}
