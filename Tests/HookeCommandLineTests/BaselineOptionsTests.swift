import Foundation
import FrameBench
@testable import HookeCommandLine
import HookeSupport
import Testing

/// Where `hooke bench`'s baseline is (`BaselineFile`, which verify and report share):
/// the default in the repository, wherever `hooke` runs; a given path as given.
@Suite("baseline options")
struct BaselineFileTests {
    static let options = [OptionSpec("--baseline"), OptionSpec("--update-baseline", .flag)]

    static func file(_ arguments: [String]) throws -> BaselineFile {
        try BaselineFile(ParsedArguments(arguments, options: options, command: "bench"), of: PerformanceBaseline.self)
    }

    @Test("the default is the repository's baseline")
    func theDefaultIsTheRepositorysBaseline() throws {
        let standard = try Self.file([])
        #expect(standard.shown == PerformanceBaseline.defaultPath && !standard.update)
        #expect(standard.path.hasPrefix("/"), "resolved against the repository, not the working directory")
        #expect(FileManager.default.fileExists(atPath: standard.path), "the committed baseline")
        let root = URL(fileURLWithPath: standard.path).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
    }

    @Test("a given path is taken as given and checked before any work")
    func aGivenPathIsTakenAsGivenAndCheckedBeforeAnyWork() throws {
        let given = try Self.file(["--baseline", "mine.json"])
        #expect(given.path == "mine.json" && given.shown == "mine.json")
        #expect(throws: InputError("--baseline: needs a file name, got ''")) { try Self.file(["--baseline", ""]) }
        #expect(throws: InputError("--baseline: directory '/nonexistent-hooke' does not exist")) {
            try Self.file(["--baseline", "/nonexistent-hooke/performance.json", "--update-baseline"])
        }
    }

    /// A baseline the libraries cannot read says so in their words; the command line adds what to
    /// do with its own flag (one stderr line, exit 2).
    @Test("an unreadable baseline names the remedy")
    func anUnreadableBaselineNamesTheRemedy() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-no-baseline-\(UUID().uuidString).json").path
        expectUsageError(["bench", "--quick", "--baseline", missing],
                         mentions: ["cannot read the performance baseline", "write one with --update-baseline"])
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-bad-baseline-\(UUID().uuidString).json")
        try Data("{".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        expectUsageError(["verify", "--suite", "curves", "--baseline", broken.path],
                         mentions: ["cannot read the accuracy baseline", "not JSON", "fix or delete it and rerun with --update-baseline"])
    }
}
