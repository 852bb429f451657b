// ReportGenerator.swift — the public entry point: models in, `reports/` out.
//
// `render` is pure (models → files in memory; the only computation is the deterministic spring
// studies); `generate` renders and then publishes through `ReportWriter`, so a throw anywhere
// leaves the previous report as it was. Neither touches `reports/baselines/`.

import FrameBench
import Foundation
import HookeSupport
import Verification

public enum ReportGenerator {
    /// The pages, in the order they are published (charts and JSON first, the pages that link
    /// to them last).
    public static let pageNames = ["README.md", "accuracy.md", "performance.md"]

    /// Renders the report and writes it into `outputDirectory` atomically.
    ///
    /// - Parameters:
    ///   - verification: a verification run (`Verifier.run`, or one decoded from its JSON).
    ///   - bench: a bench run (`BenchReport`), or nil when none was made (the performance page says so).
    ///   - environment: the environment block (`ReportEnvironment.current(gitCommit:hookeVersion:)`).
    ///   - outputDirectory: usually `<repository>/reports`.
    ///   - recordingsDirectory: `data/swiftui-recordings`; nil or missing: the recording's
    ///     series are left out with a note.
    ///   - benchSkipReason: why `bench` is nil, for the pages.
    ///   - reach: the verifier's coverage and random-mutant score (`VerifierReach.load`), for the accuracy page.
    /// - Returns: the files written.
    /// - Throws: `ReportError`, or a reference failure while computing the spring studies; the
    ///   previous report is intact after any throw.
    /// - Complexity: a few GSL solves of ~500 samples and the page text: well under a second.
    @discardableResult
    public static func generate(verification: VerificationReport, bench: BenchReport?, environment: ReportEnvironment,
                                outputDirectory: URL, recordingsDirectory: URL? = nil,
                                benchSkipReason: String? = nil, reach: VerifierReach? = nil) throws -> [URL] {
        try generate(verification: verification, bench: bench, environment: environment, outputDirectory: outputDirectory,
                     recordingsDirectory: recordingsDirectory, benchSkipReason: benchSkipReason, reach: reach,
                     afterStaging: { _ in })
    }

    /// `generate` with a hook called after each file is staged (tests interrupt the write with it).
    static func generate(verification: VerificationReport, bench: BenchReport?, environment: ReportEnvironment,
                         outputDirectory: URL, recordingsDirectory: URL?, benchSkipReason: String?,
                         reach: VerifierReach? = nil, afterStaging: (Int) throws -> Void) throws -> [URL] {
        let enginesPage = FileManager.default.fileExists(atPath: outputDirectory.appendingPathComponent(SummaryPage.enginesPage).path)
        let files = try render(verification: verification, bench: bench, environment: environment,
                               recordingsDirectory: recordingsDirectory, benchSkipReason: benchSkipReason, reach: reach,
                               enginesPage: enginesPage)
        return try ReportWriter.publish(files, to: outputDirectory, afterStaging: afterStaging)
    }

    /// Every file of the report, in memory, with paths relative to the output directory;
    /// `enginesPage`: link `engines.md` (written by `scripts/engines`, never by the report) from the summary.
    public static func render(verification: VerificationReport, bench: BenchReport?, environment: ReportEnvironment,
                              recordingsDirectory: URL? = nil, benchSkipReason: String? = nil,
                              reach: VerifierReach? = nil, enginesPage: Bool = false) throws -> [ReportFile] {
        let recording: SpringRecording?
        do {
            recording = try SpringRecording.load(from: recordingsDirectory)
        } catch let error as RecordingError {
            throw ReportError.cannotRead(path: error.path, reason: error.reason)
        }
        let trajectory = try RecordedSpringStudy.compute(recording: recording)
        let errors = try ImplementationErrorStudy.compute()
        let accuracyCharts = [
            ReportCharts.trajectory(trajectory),
            ReportCharts.errorAgainstTime(errors),
            ReportCharts.recordingResiduals(trajectory, verification: verification),
        ]
        let results = bench?.results ?? []
        let frameRate = results.first?.frameRate ?? bench?.environment.frameRate ?? 120
        var performanceCharts = PerformancePage.workloads(results).compactMap { ReportCharts.costAgainstCount(results, workload: $0) }
        performanceCharts += [ReportCharts.frameTimeDistribution(results, frameRate: frameRate),
                              ReportCharts.accuracyAgainstCost(results)].compactMap { $0 }
        let charts = accuracyCharts + performanceCharts

        let skipReason = bench == nil ? (benchSkipReason ?? "no bench run was given") : nil
        let summary = SummaryPage.data(verification, bench: bench, environment: environment, benchSkipReason: skipReason,
                                       charts: charts, enginesPage: enginesPage)
        var files = charts.map { ReportFile(path: "charts/\($0.id).svg", text: SVGChartRenderer.render($0)) }
        files.append(ReportFile(path: "README.json", contents: try encode(summary)))
        files.append(ReportFile(path: "accuracy.json", contents: try encode(AccuracyData(
            environment: environment, verification: verification, convergence: ConvergenceFinding(verification),
            charts: accuracyCharts))))
        files.append(ReportFile(path: "performance.json", contents: try encode(PerformanceData(
            environment: environment, bench: bench, benchSkipReason: skipReason,
            frameCapacity: FrameCapacity.all(results), charts: performanceCharts))))
        files.append(ReportFile(path: "accuracy.md", text: AccuracyPage.render(verification, environment: environment,
                                                                              charts: Array(accuracyCharts.prefix(2)),
                                                                              reach: reach)))
        files.append(ReportFile(path: "performance.md", text: PerformancePage.render(bench, environment: environment,
                                                                                    charts: performanceCharts,
                                                                                    skipReason: skipReason)))
        files.append(ReportFile(path: "README.md", text: SummaryPage.render(summary, verification: verification)))
        return files
    }

    /// A page's JSON as every stored result is written (`BaselineJSON`), ending in a newline.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        var data = try BaselineJSON.encoder().encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}

/// The numbers behind accuracy.md.
struct AccuracyData: Encodable {
    var environment: ReportEnvironment
    var verification: VerificationReport
    var convergence: ConvergenceFinding
    var charts: [Chart]
}

/// The numbers behind performance.md.
struct PerformanceData: Encodable {
    var environment: ReportEnvironment
    var bench: BenchReport?
    var benchSkipReason: String?
    var frameCapacity: [FrameCapacity]
    var charts: [Chart]
}
