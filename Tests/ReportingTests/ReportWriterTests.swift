import Foundation
@testable import Reporting
import Testing

@Suite("ReportWriter")
struct ReportWriterTests {
    struct Interrupted: Error {}

    @Test("publishes every file")
    func publishesEveryFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportWriter.publish([ReportFile(path: "a.md", text: "A"), ReportFile(path: "charts/b.svg", text: "B")], to: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("a.md"), encoding: .utf8) == "A")
        #expect(try String(contentsOf: directory.appendingPathComponent("charts/b.svg"), encoding: .utf8) == "B")
        #expect(try leftovers(in: directory).isEmpty)
    }

    @Test("an interrupted write leaves the old files")
    func anInterruptedWriteLeavesTheOldFiles() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportWriter.publish([ReportFile(path: "a.md", text: "old A"), ReportFile(path: "b.md", text: "old B")], to: directory)
        #expect(throws: Interrupted.self) {
            try ReportWriter.publish([ReportFile(path: "a.md", text: "new A"), ReportFile(path: "b.md", text: "new B"),
                                      ReportFile(path: "c.md", text: "new C")], to: directory) { staged in
                if staged == 2 { throw Interrupted() }
            }
        }
        #expect(try String(contentsOf: directory.appendingPathComponent("a.md"), encoding: .utf8) == "old A")
        #expect(try String(contentsOf: directory.appendingPathComponent("b.md"), encoding: .utf8) == "old B")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("c.md").path))
        #expect(try leftovers(in: directory).isEmpty, "the staging directory must be removed")
    }

    @Test("refuses paths outside the report", arguments: ["baselines/accuracy.json", "../x.md", "/etc/passwd", "a//b", ""])
    func refusesPathsOutsideTheReport(path: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ReportError.forbiddenPath(path)) {
            try ReportWriter.publish([ReportFile(path: path, text: "x")], to: directory)
        }
    }

    @Test("a failure halfway through the swap puts every file back")
    func aFailureHalfWayThroughTheSwapPutsEveryFileBack() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportWriter.publish([ReportFile(path: "a.md", text: "old A"), ReportFile(path: "charts/b.svg", text: "old B"),
                                  ReportFile(path: "charts/gone.svg", text: "old chart")], to: directory)
        #expect(throws: Interrupted.self) {
            try ReportWriter.publish([ReportFile(path: "a.md", text: "new A"), ReportFile(path: "charts/b.svg", text: "new B"),
                                      ReportFile(path: "c.md", text: "new C")], to: directory,
                                     afterSwapping: { swapped in if swapped == 2 { throw Interrupted() } })
        }
        #expect(try text(directory, "a.md") == "old A")
        #expect(try text(directory, "charts/b.svg") == "old B")
        #expect(try text(directory, "charts/gone.svg") == "old chart")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("c.md").path))
        #expect(try leftovers(in: directory).isEmpty)
    }

    @Test("a blocked destination is found before anything is replaced")
    func aBlockedDestinationIsFoundBeforeAnythingIsReplaced() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportWriter.publish([ReportFile(path: "a.md", text: "old A"), ReportFile(path: "b.md", text: "old B")], to: directory)
        // The last destination is a directory, and a symlink stands where another file goes.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("z.md"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.md").path,
                                                   withDestinationPath: "a.md")
        for blocked in ["z.md", "link.md"] {
            #expect(throws: ReportError.self) {
                try ReportWriter.publish([ReportFile(path: "a.md", text: "new A"), ReportFile(path: "b.md", text: "new B"),
                                          ReportFile(path: blocked, text: "new")], to: directory)
            }
            #expect(try text(directory, "a.md") == "old A")
            #expect(try text(directory, "b.md") == "old B")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("link.md").path) == "a.md")
        #expect(try leftovers(in: directory).isEmpty)
    }

    @Test("charts of an earlier report are removed with the swap")
    func chartsOfAnEarlierReportAreRemovedWithTheSwap() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportWriter.publish([ReportFile(path: "charts/kept.svg", text: "1"), ReportFile(path: "charts/stale.svg", text: "1"),
                                  ReportFile(path: "top.md", text: "1")], to: directory)
        try ReportWriter.publish([ReportFile(path: "charts/kept.svg", text: "2")], to: directory)
        #expect(try text(directory, "charts/kept.svg") == "2")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("charts/stale.svg").path))
        #expect(try text(directory, "top.md") == "1", "top-level files are not the report's to remove")
    }

    @Test("staging left by a killed run is removed")
    func stagingLeftByAKilledRunIsRemoved() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A process id no process has (pid_max is at most 2^22 on Linux).
        let abandoned = directory.appendingPathComponent(".report-staging-2147483646-left-by-a-killed-run/new")
        try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)
        try ReportWriter.publish([ReportFile(path: "a.md", text: "A")], to: directory)
        #expect(try leftovers(in: directory).isEmpty)
    }

    func text(_ directory: URL, _ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Staging directories or temporary files left behind.
    func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    }
}
