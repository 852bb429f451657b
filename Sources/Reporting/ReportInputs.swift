// ReportInputs.swift — what a report is made from, gathered as `hooke report` gathers it.
//
// The verification is read from a `hooke verify --json` file, or run (quick unless full, with the
// planted faults) and compared with the stored accuracy baseline, which is only read. The bench
// is read from a `hooke bench --json` file, run, or skipped. Failures say which input failed, so
// the command line can name its flag.

import FrameBench
import Foundation
import HookeSupport
import Verification

public enum ReportInputs {
    /// Which input could not be had, and why; the message names the `hooke report` flag that gave it.
    public enum Failure: Error, CustomStringConvertible {
        case verificationFile(path: String, reason: String)
        case baseline(reason: String)
        case benchFile(path: String, reason: String)

        public var description: String {
            switch self {
            case let .verificationFile(path, reason):
                return "--verification: cannot read \(quoted(path)) as a 'hooke verify --json' result: \(reason)"
            case let .baseline(reason): return "--baseline: \(reason)"
            case let .benchFile(path, reason):
                return "--bench: cannot read \(quoted(path)) as a 'hooke bench --json' result: \(reason)"
            }
        }
    }

    /// Where the bench comes from.
    public enum BenchSource: Equatable, Sendable {
        case run
        case file(String)
        case skipped
    }

    /// The verification report from `file`, or from a run of `configuration` with the planted faults
    /// compared with `baseline` (only read); with the metrics that improved on it (none for a file).
    /// `progress` gets one line per finished suite.
    package static func verification(file: String?, configuration: VerificationConfiguration, baseline: BaselineFile,
                                     progress: @escaping @Sendable (String) -> Void) throws
        -> (VerificationReport, [MetricChange]) {
        if let file {
            do {
                return (try VerificationReport.decode(Data(contentsOf: URL(fileURLWithPath: file))), [])
            } catch {
                throw Failure.verificationFile(path: file, reason: "\(error)")
            }
        }
        let run: VerificationRun
        do {
            run = try VerificationRun(configuration: configuration, plantsFaults: true, baseline: baseline)
        } catch {
            throw Failure.baseline(reason: "\(error)")
        }
        let total = run.suites.count
        var (report, _) = run.run { suite in
            progress("report: verify [\(suite.completed)/\(total)] \(suite.suite): \(suite.status.rawValue)")
        }
        progress("report: planted faults caught \(report.mutants!.score)")
        let improvements = try run.finish(&report)
        return (report, improvements)
    }

    /// Why `build` may not make a report into `outputDirectory` from `bench`, or nil: a debug build
    /// cannot measure, and does not replace the measured page of the repository's reports/ with
    /// "not measured".
    package static func refusal(bench: BenchSource, build: BuildConfiguration, outputDirectory: URL, repository: URL) -> String? {
        func resolved(_ url: URL) -> String { url.standardizedFileURL.resolvingSymlinksInPath().path }
        guard build != .release else { return nil }
        switch bench {
        case .run: return BuildConfiguration.debugRefusal + " Or pass --bench FILE to report measured timings."
        case .skipped where resolved(outputDirectory) == resolved(repository.appendingPathComponent("reports")):
            return "a debug build does not write reports/performance.md (it would replace the measured page "
                + "with 'not measured'); use scripts/run, or --out DIR to write elsewhere"
        default: return nil
        }
    }

    /// The bench report from `source` (nil when skipped) and, when skipped, why; `progress` gets one
    /// line per configuration measured.
    public static func bench(_ source: BenchSource, full: Bool, hookeVersion: String,
                             progress: (String) -> Void) throws -> (BenchReport?, skipReason: String?) {
        switch source {
        case .skipped:
            return (nil, "the report was made with --no-bench")
        case .file(let path):
            do {
                return (try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: path))), nil)
            } catch {
                throw Failure.benchFile(path: path, reason: "\(error)")
            }
        case .run:
            let report = try FrameRunner.run(.standard(full: full), hookeVersion: hookeVersion) { index, total, configuration in
                progress("report: bench [\(index)/\(total)] \(configuration)")
            }
            return (report, nil)
        }
    }
}
