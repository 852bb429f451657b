import Foundation
import FrameBench

/// What git says about the source a run measured: the short commit and its committer date, asked
/// of the repository the files are in. Without git or outside a repository: "unknown" and no date.
enum Git {
    /// `git rev-parse --short HEAD` in `directory`; "unknown" when git or the repository is missing.
    static func commit(in directory: URL) -> String {
        guard let text = run(["rev-parse", "--short", "HEAD"], in: directory), text.allSatisfy({ $0.isHexDigit }) else {
            return "unknown"
        }
        return text
    }

    /// The committer date of `commit` (ISO 8601); nil when git, the repository or the commit is missing.
    static func commitDate(_ commit: String, in directory: URL) -> String? {
        run(["show", "-s", "--format=%cI", commit, "--"], in: directory)
    }

    /// The source a bench run measured: `name` as given (`--commit`), else the repository's HEAD,
    /// with its committer date when git knows the commit.
    static func benchCommit(named name: String?, in repository: URL) -> BenchCommit {
        let id = name ?? commit(in: repository)
        return BenchCommit(id: id, date: id == "unknown" ? nil : commitDate(id, in: repository))
    }

    /// Runs git with `arguments` in `directory`: its trimmed output, or nil when it fails or prints nothing.
    static func run(_ arguments: [String], in directory: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }
}
