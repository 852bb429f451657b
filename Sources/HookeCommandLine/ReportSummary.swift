import Foundation
import FrameBench
import Reporting
import Verification

/// What `hooke report` (and the main job) print once the report is written, line by line: where
/// the pages went, the verification in one line, and what the bench measured.
enum ReportSummary {
    /// After `ReportGenerator.generate` wrote `written` into `outputDirectory`.
    static func lines(written: [URL], outputDirectory: URL, verification: VerificationReport,
                             bench: BenchReport?, benchSkipReason: String?, improvements: [MetricChange]) -> [String] {
        var lines = ["wrote \(written.count) files to \(displayPath(outputDirectory)):"]
        lines += ReportGenerator.pageNames.map { "  " + displayPath(outputDirectory.appendingPathComponent($0)) }
        lines.append("verification: " + VerificationSummary.oneLine(verification))
        lines.append(bench.map { "bench: \($0.results.count) configurations measured" }
                     ?? "bench: not measured (\(benchSkipReason ?? "--no-bench"))")
        if !improvements.isEmpty {
            lines.append("accuracy: \(improvements.count) metric(s) improved on the baseline; record them with 'hooke verify --update-baseline'")
        }
        return lines
    }

    /// After `FleetReport.generate` wrote `written` from the merged `runs`.
    static func lines(written: [URL], outputDirectory: URL, runs: [MergedRun]) -> [String] {
        ["wrote \(written.count) files to \(displayPath(outputDirectory)):"]
            + written.filter { $0.pathExtension == "md" }.map { "  " + displayPath($0) }
            + runs.map { "bench: \($0.label): \($0.report.results.count) configurations from \($0.shards) file\($0.shards == 1 ? "" : "s")" }
    }

    /// `url` relative to the working directory when it lies inside it (what a user typed, and the
    /// same on every machine), else absolute.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }
}
