import Foundation
@testable import Reporting
import Testing

struct ReportWriterTests {
    struct Interrupted: Error {}

    @Test func publishesEveryFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportWriter.publish([ReportFile(path: "a.md", text: "A"), ReportFile(path: "charts/b.svg", text: "B")], to: directory)
        #expect(try String(contentsOf: directory.appendingPathComponent("a.md"), encoding: .utf8) == "A")
        #expect(try String(contentsOf: directory.appendingPathComponent("charts/b.svg"), encoding: .utf8) == "B")
        #expect(try leftovers(in: directory).isEmpty)
    }

    @Test func anInterruptedWriteLeavesTheOldFiles() throws {
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

    @Test(arguments: ["baselines/accuracy.json", "../x.md", "/etc/passwd", "a//b", ""])
    func refusesPathsOutsideTheReport(path: String) throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ReportError.forbiddenPath(path)) {
            try ReportWriter.publish([ReportFile(path: path, text: "x")], to: directory)
        }
    }

    @Test func writeAtomicallyReplacesOneFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("one.json")
        try ReportWriter.writeAtomically(Data("1".utf8), to: url)
        try ReportWriter.writeAtomically(Data("2".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "2")
        #expect(try leftovers(in: directory).isEmpty)
    }

    /// Staging directories or temporary files left behind.
    func leftovers(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    }
}
