import Foundation
import HookeCommandLine
import HookeSupport
import Testing

#if canImport(Glibc)
import Glibc
import _TestSupport
#endif

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The `hooke` executable built beside the tests (`swift build --build-tests` builds both).
/// The debug build's executable; $HOOKE_EXECUTABLE overrides it (scripts/sanitize builds elsewhere).
private let hookeExecutable = ProcessInfo.processInfo.environment["HOOKE_EXECUTABLE"].map { URL(fileURLWithPath: $0) }
    ?? repositoryRoot.appendingPathComponent(".build/debug/hooke")

/// Runs the built executable with `stdout` as its standard output; returns the exit status, whether
/// it exited (rather than died of a signal) and its standard error. SIGPIPE is reset to its default
/// action for the child (`env --default-signal`): an ignored signal is inherited across exec, and the
/// test process may ignore it, which would hide a hooke that forgot to.
private func runExecutable(_ arguments: [String], standardOutput: Any) throws -> (status: Int32, exited: Bool, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal=PIPE", hookeExecutable.path] + arguments
    process.standardOutput = standardOutput
    let errorPipe = Pipe()
    process.standardError = errorPipe
    try process.run()
    let error = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, process.terminationReason == .exit, String(decoding: error, as: UTF8.self))
}

@Suite("output safety: symlinks, devices, standard output, write errors")
struct OutputSafetyTests {
    @Test("--json - writes the JSON to stdout and the table to stderr")
    func jsonToStandardOutput() throws {
        let run = hooke("verify", "--suite", "curves", "--json", "-")
        #expect(run.status == 0, "\(run.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        #expect((object?["suites"] as? [Any])?.count == 1)
        #expect(run.standardError.contains("verify: pass"))
        #expect(!FileManager.default.fileExists(atPath: "-"), "no file named '-'")
    }

    @Test("--json through a symlink writes the target and keeps the link")
    func jsonThroughSymlink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.json")
        let link = directory.appendingPathComponent("link.json")
        try Data().write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.json")
        #expect(hooke("verify", "--suite", "curves", "--json", link.path).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.json")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: target)) as? [String: Any]
        #expect(written?["suites"] != nil, "the target holds the JSON")
    }

    @Test("a dangling symlink creates its target")
    func danglingSymlink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "new.json")
        try writeAtomically(Data("1".utf8), toPath: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "new.json")
        #expect(try String(contentsOf: directory.appendingPathComponent("new.json"), encoding: .utf8) == "1")
    }

    @Test("a FIFO is written in place, never replaced by a regular file")
    func fifoInPlace() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try writeAtomically(Data("through the pipe".utf8), toPath: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test("a regular file keeps its permissions when replaced")
    func keepsPermissions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("out.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o640) == 0)
        try writeAtomically(Data("new".utf8), toPath: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test("write errors are reported: a full disk (ENOSPC) and a closed pipe (EPIPE)")
    func writeErrors() throws {
        signal(SIGPIPE, SIG_IGN)
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        #expect(throws: AtomicWriteError.self) { try writeAll(Data("x".utf8), to: full) }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        do {
            try writeAll(Data("x".utf8), to: ends[1])
            Issue.record("writing to a closed pipe must throw")
        } catch let error as AtomicWriteError {
            #expect(error.reason.contains("Broken pipe"))
        }
    }

    @Test("hooke >/dev/full and hooke | (closed pipe) exit 2 with one line, no SIGPIPE death")
    func standardOutputErrors() throws {
        try #require(FileManager.default.isExecutableFile(atPath: hookeExecutable.path), "build hooke first")
        let arguments = ["eval", "spring", "--until", "100", "--step", "0.001"]
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let toFull = try runExecutable(arguments, standardOutput: full)
        #expect(toFull.exited && toFull.status == 2)
        #expect(toFull.error.split(separator: "\n").count == 1 && toFull.error.contains("No space left"), "\(toFull.error)")

        let closed = Pipe()
        try closed.fileHandleForReading.close()
        let toClosed = try runExecutable(arguments, standardOutput: closed)
        #expect(toClosed.exited, "must not die of SIGPIPE")
        #expect(toClosed.status == 2)
        #expect(toClosed.error.split(separator: "\n").count == 1 && toClosed.error.contains("Broken pipe"), "\(toClosed.error)")
    }

    @Test("--output FILE gets the rows stdout would get, and nothing else does")
    func outputFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rows.csv").path
        let arguments = ["eval", "spring", "--duration", "0.5", "--bounce", "0.3", "--until", "30", "--step", "0.001"]
        let toFile = hooke(arguments + ["--output", path])
        #expect(toFile.status == 0 && toFile.standardOutput.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == hooke(arguments).standardOutput)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["rows.csv"], "no temporary left")
        expectUsageError(["run", "x.json", "--output", directory.appendingPathComponent("no/such/dir.csv").path],
                         mentions: ["--output"])
    }

    @Test("an output file not committed leaves the destination as it was and no temporary")
    func uncommittedOutputFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("rows.csv").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let file = try AtomicOutputFile(path: path)
            try Data("half".utf8).withUnsafeBytes { try file.write($0) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["rows.csv"])
        let link = directory.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "rows.csv")
        let file = try AtomicOutputFile(path: link)
        try Data("new".utf8).withUnsafeBytes { try file.write($0) }
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "rows.csv")
    }

    @Test("streamed rows are the rows: CSV and JSON of eval and run are complete and well-formed")
    func streamedOutput() throws {
        let csv = hooke("eval", "spring", "--until", "2", "--step", "0.0001")
        #expect(csv.status == 0)
        #expect(csv.csvRows.count == 20_001)
        #expect(csv.csvRows.last?[0] == 2)
        let json = hooke("run", repositoryRoot.appendingPathComponent("examples/scenarios/chained-easeinout.json").path,
                         "--format", "json")
        #expect(json.status == 0, "\(json.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(((object?["rows"] as? [Any])?.count ?? 0) > 10)
        #expect((object?["completions"] as? [Any])?.count == 2)
    }
}
