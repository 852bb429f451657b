import Foundation
@testable import Reporting
import Testing
import Verification
import _TestSupport

/// The whole report from synthetic models: golden pages, determinism, the files and charts it
/// writes, atomicity and the baselines it must not touch. No suite and no bench is run.
@Suite("ReportGenerator", .serialized)
struct ReportGeneratorTests {
    struct Interrupted: Error {}

    static let recordings = repositoryRoot.appendingPathComponent("data/swiftui-recordings")

    static func render(bench: Bool = true) throws -> [ReportFile] {
        try ReportGenerator.render(verification: Fixtures.verification, bench: bench ? Fixtures.bench : nil,
                                   environment: Fixtures.environment, recordingsDirectory: recordings,
                                   benchSkipReason: bench ? nil : "--no-bench")
    }

    static func text(_ files: [ReportFile], _ path: String) -> String {
        String(decoding: files.first { $0.path == path }!.contents, as: UTF8.self)
    }

    @Test("golden pages")
    func goldenPages() throws {
        let files = try Self.render()
        try expectGolden(Self.text(files, "README.md"), named: "README.md")
        try expectGolden(Self.text(files, "accuracy.md"), named: "accuracy.md")
        try expectGolden(Self.text(files, "performance.md"), named: "performance.md")
    }

    @Test("golden pages without a bench")
    func goldenPagesWithoutBench() throws {
        let files = try Self.render(bench: false)
        try expectGolden(Self.text(files, "performance.md"), named: "performance-not-measured.md")
    }

    @Test("golden tables")
    func goldenTables() throws {
        let verification = Fixtures.verification
        try expectGolden(AccuracyPage.suiteTable(verification.suites[0]).render(), named: "suite-table.md")
        try expectGolden(AccuracyPage.claimTable(verification).render(), named: "claims-table.md")
        try expectGolden(ConvergenceFinding(verification).table.render(), named: "convergence-table.md")
        let results = PerformancePage.sorted(Fixtures.bench.results)
        try expectGolden(PerformancePage.scalingTable(results, workload: .spring).render(), named: "scaling-table.md")
        try expectGolden(PerformancePage.fitsTable(results).render(), named: "fits-table.md")
    }

    @Test("same models, same bytes")
    func sameModelsSameBytes() throws {
        #expect(try Self.render() == Self.render())
    }

    @Test("writes the pages, charts and JSON")
    func writesThePagesChartsAndJSON() throws {
        let files = try Self.render()
        let paths = Set(files.map(\.path))
        for page in ["README.md", "accuracy.md", "performance.md", "README.json", "accuracy.json", "performance.json"] {
            #expect(paths.contains(page), "missing \(page)")
        }
        for chart in ["spring-trajectory", "error-vs-time", "recording-residuals", "cost-vs-n-spring", "cost-vs-n-swiftui-spring",
                      "frame-time-distribution", "accuracy-vs-cost"] {
            #expect(paths.contains("charts/\(chart).svg"), "missing chart \(chart)")
        }
        // Every chart a page links to exists.
        for page in ["README.md", "accuracy.md", "performance.md"] {
            for link in Self.text(files, page).components(separatedBy: "](charts/").dropFirst() {
                let target = "charts/" + link.prefix { $0 != ")" }
                #expect(paths.contains(target), "\(page) links to missing \(target)")
            }
        }
        // JSON parses.
        for json in ["README.json", "accuracy.json", "performance.json"] {
            let data = files.first { $0.path == json }!.contents
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(json) is not JSON")
        }
    }

    @Test("the trajectory chart holds the four series")
    func trajectoryChartHoldsTheFourSeries() throws {
        let svg = Self.text(try Self.render(), "charts/spring-trajectory.svg")
        #expect(svg.contains("id=\"series-exact\"") && svg.contains("id=\"series-integrator\""))
        #expect(svg.contains("id=\"markers-gsl\""))
        if FileManager.default.fileExists(atPath: Self.recordings.appendingPathComponent(SpringRecording.fileName).path) {
            #expect(svg.contains("id=\"markers-recording\""))
        } else {
            #expect(svg.contains("was not found"))
        }
    }

    @Test("without the recording the chart says so")
    func withoutTheRecordingTheChartSaysSo() throws {
        let files = try ReportGenerator.render(verification: Fixtures.verification, bench: nil, environment: Fixtures.environment,
                                               recordingsDirectory: URL(fileURLWithPath: "/nonexistent"))
        let svg = Self.text(files, "charts/spring-trajectory.svg")
        #expect(!svg.contains("markers-recording"))
        #expect(svg.contains("was not found"))
    }

    /// The integrator against SwiftUI's recording of the same spring: RecordingSuite's tolerance,
    /// in pt of a 100 pt move (achieved 4.7e-6).
    static let integratorResidualTolerance = 2e-5
    /// The closed form against the recording: it misses the device by up to half a point (0.52), so
    /// a bracket around that, which a misaligned time axis or a wrong sign (points off) leaves.
    static let closedFormResidualRange = 0.01...1.0
    /// The closed form against the GSL reference on the recording's times, in pt of 100 pt: both
    /// are within ~1e-15 relative of the motion, so their gap is rounding (achieved 1.1e-13).
    static let referenceGapTolerance = 1e-12

    @Test("the recorded spring study matches the recording")
    func theRecordedSpringStudyMatchesTheRecording() throws {
        let recording = try #require(try SpringRecording.load(from: Self.recordings), "the repository's recording")
        let study = try RecordedSpringStudy.compute(recording: recording)
        let recorded = try #require(study.recording)
        #expect(recorded.count >= recording.positions.count - 2, "only samples before the motion are dropped")
        let integratorResidual = zip(study.integrator, recorded).map { Swift.abs($0 - $1) }.max()!
        let exactResidual = zip(study.exact, recorded).map { Swift.abs($0 - $1) }.max()!
        #expect(integratorResidual < Self.integratorResidualTolerance)
        #expect(Self.closedFormResidualRange.contains(exactResidual), "closed form vs recording: \(exactResidual) pt")
        let referenceGap = zip(study.exact, study.reference).map { Swift.abs($0 - $1) }.max()!
        #expect(referenceGap < Self.referenceGapTolerance, "closed form vs GSL on 100 pt: \(referenceGap)")
    }

    @Test("generate writes the report and leaves baselines alone")
    func generateWritesTheReportAndLeavesBaselinesAlone() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baselines/accuracy.json")
        try FileManager.default.createDirectory(at: baseline.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"keep\": true}".utf8).write(to: baseline)
        let written = try ReportGenerator.generate(verification: Fixtures.verification, bench: Fixtures.bench,
                                                   environment: Fixtures.environment, outputDirectory: directory,
                                                   recordingsDirectory: Self.recordings)
        #expect(written.count >= 13)
        #expect(try String(contentsOf: baseline, encoding: .utf8) == "{\"keep\": true}")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("README.md").path))
    }

    @Test("a throw mid-generation leaves the previous report")
    func aThrowMidGenerationLeavesThePreviousReport() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ReportGenerator.generate(verification: Fixtures.verification, bench: nil, environment: Fixtures.environment,
                                     outputDirectory: directory, recordingsDirectory: Self.recordings, benchSkipReason: "first run")
        let readme = directory.appendingPathComponent("README.md")
        let before = try Data(contentsOf: readme)
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(throws: Interrupted.self) {
            try ReportGenerator.generate(verification: Fixtures.verification, bench: Fixtures.bench, environment: Fixtures.environment,
                                         outputDirectory: directory, recordingsDirectory: Self.recordings, benchSkipReason: nil) { staged in
                if staged == 5 { throw Interrupted() }
            }
        }
        #expect(try Data(contentsOf: readme) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == listing)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("charts/cost-vs-n-spring.svg").path))
    }

    /// The summary links `engines.md` (written by `scripts/engines`, never by the report) exactly when
    /// the page is in the output directory, and the report leaves the page as it was.
    @Test("the summary links the engines page only when it exists")
    func theSummaryLinksTheEnginesPageOnlyWhenItExists() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let readme = directory.appendingPathComponent("README.md")
        let link = "[engines.md](engines.md)"
        try ReportGenerator.generate(verification: Fixtures.verification, bench: nil, environment: Fixtures.environment,
                                     outputDirectory: directory, recordingsDirectory: Self.recordings, benchSkipReason: "no page")
        #expect(!(try String(contentsOf: readme, encoding: .utf8)).contains("engines.md"))

        let page = Data("# Real engines\n".utf8)
        try page.write(to: directory.appendingPathComponent(SummaryPage.enginesPage))
        try ReportGenerator.generate(verification: Fixtures.verification, bench: nil, environment: Fixtures.environment,
                                     outputDirectory: directory, recordingsDirectory: Self.recordings, benchSkipReason: "with the page")
        #expect(try String(contentsOf: readme, encoding: .utf8).contains(link))
        #expect(try Data(contentsOf: directory.appendingPathComponent(SummaryPage.enginesPage)) == page)
    }

    /// The whole report from the fixtures, written — into $HOOKE_REPORT_PREVIEW when set, to look at
    /// it, else into a temporary directory — with every page and every file a page links to (but the
    /// stored baselines, which live beside the report and which it never writes).
    @Test("the written report has every linked file")
    func theWrittenReportHasEveryLinkedFile() throws {
        let preview = ProcessInfo.processInfo.environment["HOOKE_REPORT_PREVIEW"].flatMap { $0.isEmpty ? nil : $0 }
        let directory = try preview.map { URL(fileURLWithPath: $0) } ?? Fixtures.temporaryDirectory()
        defer { if preview == nil { try? FileManager.default.removeItem(at: directory) } }
        let written = try ReportGenerator.generate(verification: Fixtures.verification, bench: Fixtures.bench,
                                                   environment: Fixtures.environment, outputDirectory: directory,
                                                   recordingsDirectory: Self.recordings)
        let names = Set(written.map { String($0.path.dropFirst(directory.path.count + 1)) })
        #expect(names.isSuperset(of: ReportGenerator.pageNames))
        let link = try Regex(##"\]\(([^)#:]+)\)|src="([^"#:]+)""##)
        for page in ReportGenerator.pageNames {
            let text = try String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8)
            for match in text.matches(of: link) {
                guard let target = (match.output[1].substring ?? match.output[2].substring).map(String.init),
                      !target.hasPrefix(ReportWriter.protectedDirectory + "/")  // the stored baselines, beside the report
                else { continue }
                #expect(names.contains(target), "\(page) links to \(target), which the report did not write")
            }
        }
    }
}
