import Foundation
import FrameBench
@testable import HookeCommandLine
import HookeSupport
import Testing

/// Where `hooke bench`'s baseline is (`BaselineFile`, which verify and report share):
/// the default in the repository, wherever `hooke` runs; a given path as given.
struct BaselineFileTests {
    static let options = [OptionSpec("--baseline"), OptionSpec("--update-baseline", .flag)]

    static func file(_ arguments: [String]) throws -> BaselineFile {
        try BaselineFile(ParsedArguments(arguments, options: options, command: "bench"), of: PerformanceBaseline.self)
    }

    @Test func theDefaultIsTheRepositorysBaseline() throws {
        let standard = try Self.file([])
        #expect(standard.shown == PerformanceBaseline.defaultPath && !standard.update)
        #expect(standard.path.hasPrefix("/"), "resolved against the repository, not the working directory")
        #expect(FileManager.default.fileExists(atPath: standard.path), "the committed baseline")
        let root = URL(fileURLWithPath: standard.path).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
    }

    @Test func aGivenPathIsTakenAsGivenAndCheckedBeforeAnyWork() throws {
        let given = try Self.file(["--baseline", "mine.json"])
        #expect(given.path == "mine.json" && given.shown == "mine.json")
        #expect(throws: InputError("--baseline: needs a file name, got ''")) { try Self.file(["--baseline", ""]) }
        #expect(throws: InputError("--baseline: directory '/nonexistent-hooke' does not exist")) {
            try Self.file(["--baseline", "/nonexistent-hooke/performance.json", "--update-baseline"])
        }
    }
}
