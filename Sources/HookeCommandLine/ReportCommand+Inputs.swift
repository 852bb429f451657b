// What a report is made from, gathered as `hooke report` gathers it. The verification is read
// from a `hooke verify --json` file, or run (quick unless --full, with the planted faults) as
// `hooke verify` runs it and compared with the stored accuracy baseline, which is only read. The
// bench is read from a `hooke bench --json` file, run, or skipped.

import Foundation
import FrameBench
import HookeSupport
import Verification

extension ReportCommand {
    /// Where the bench comes from.
    enum BenchSource: Equatable, Sendable {
        case run
        case file(String)
        case skipped
    }

    /// Why this build may not make a report into `outputDirectory`, or nil: a debug build cannot
    /// measure, and does not replace the measured page of the repository's reports/ with
    /// "not measured".
    func refusal(build: BuildConfiguration) -> String? {
        func resolved(_ url: URL) -> String { url.standardizedFileURL.resolvingSymlinksInPath().path }
        guard build != .release else { return nil }
        switch bench {
        case .run: return Self.debugRefusal(hint: " Or pass --bench FILE to report measured timings.")
        case .skipped where resolved(outputDirectory) == resolved(repository.appendingPathComponent("reports")):
            return "a debug build does not write reports/performance.md (it would replace the measured page "
                + "with 'not measured'); use scripts/run, or --out DIR to write elsewhere"
        default: return nil
        }
    }

    /// The verification report from `--verification FILE`, or from a run of the suites with the
    /// planted faults compared with the baseline (only read); with the metrics that improved on it
    /// (none for a file).
    func verification(recordings: URL?, console: Console) throws -> (VerificationReport, [MetricChange]) {
        if let verificationFile {
            do {
                return (try VerificationReport.decode(Data(contentsOf: URL(fileURLWithPath: verificationFile))), [])
            } catch {
                throw InputError("--verification: cannot read \(quoted(verificationFile)) as a 'hooke verify --json' result: \(error)")
            }
        }
        let configuration = VerificationConfiguration(quick: !full, seed: seed, recordingsDirectory: recordings)
        let run: VerificationRun
        do {
            run = try VerificationRun(configuration: configuration, plantsFaults: true, baseline: baseline)
        } catch {
            throw InputError.baseline(error)
        }
        let outcome = try run.execute(console: console, command: Self.name)
        return (outcome.report, outcome.improvements)
    }

    /// The bench report (nil when skipped) and, when skipped, why; a progress line per configuration.
    func benchReport(console: Console) throws -> (BenchReport?, skipReason: String?) {
        switch bench {
        case .skipped:
            return (nil, "the report was made with --no-bench")
        case .file(let path):
            do {
                return (try BenchReport.decode(Data(contentsOf: URL(fileURLWithPath: path))), nil)
            } catch {
                throw InputError("--bench: cannot read \(quoted(path)) as a 'hooke bench --json' result: \(error)")
            }
        case .run:
            let report = try FrameRunner.run(.standard(full: full), hookeVersion: Hooke.version) { index, total, configuration in
                console.printError("report: bench [\(index)/\(total)] \(configuration)")
            }
            return (report, nil)
        }
    }
}
