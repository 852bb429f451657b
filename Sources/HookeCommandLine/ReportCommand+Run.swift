import Foundation
import FrameBench
import HookeSupport
import Reporting
import Verification

/// `hooke report`'s run: gathers the verification and the bench (run, or read from files), hands
/// them to `ReportGenerator` (or `FleetReport` for `--from`) and prints what was written.
extension ReportCommand {
    func run(console: Console) throws -> Int32 {
        if let stored { return try runFromStored(stored, console: console) }
        if bench == .run, BuildConfiguration.current != .release {
            throw UsageError(BuildConfiguration.debugRefusal + " Or pass --bench FILE to report measured timings.")
        }
        if bench == .skipped, BuildConfiguration.current != .release, writesRepositoryReport {
            throw UsageError("a debug build does not write reports/performance.md (it would replace the measured page "
                             + "with 'not measured'); use scripts/run, or --out DIR to write elsewhere")
        }
        let recordings = VerificationConfiguration.recordingsDirectory(root: repository)
        let (verification, improvements) = try loadOrRunVerification(recordings: recordings, console: console)
        let benchReport: BenchReport?
        var skipReason: String?
        switch bench {
        case .skipped:
            benchReport = nil
            skipReason = "the report was made with --no-bench"
        case .file(let path):
            benchReport = try Self.loadBench(path)
        case .run:
            benchReport = try FrameRunner.run(.standard(full: full), hookeVersion: Hooke.version) { index, total, configuration in
                console.printError("report: bench [\(index)/\(total)] \(configuration)")
            }
        }
        let environment = ReportEnvironment.of(benchReport, repository: repository, hookeVersion: Hooke.version)
        let written = try Self.writing {
            try ReportGenerator.generate(verification: verification, bench: benchReport, environment: environment,
                                         outputDirectory: outputDirectory, recordingsDirectory: recordings,
                                         benchSkipReason: skipReason)
        }
        for line in ReportSummary.lines(written: written, outputDirectory: outputDirectory, verification: verification,
                                        bench: benchReport, benchSkipReason: skipReason, improvements: improvements) {
            console.print(line)
        }
        return verification.exitStatus(improvements: improvements)
    }

    /// `--from`: the report from stored results (the verification too when one is among them).
    func runFromStored(_ stored: FleetReport.Input, console: Console) throws -> Int32 {
        let recordings = VerificationConfiguration.recordingsDirectory(root: repository)
        let (verification, improvements) = try stored.results.verifications.last.map { ($0.report, []) }
            ?? loadOrRunVerification(recordings: recordings, console: console)
        let written = try Self.writing {
            try FleetReport.generate(stored.runs, reference: stored.reference, verification: verification,
                                     outputDirectory: outputDirectory, recordingsDirectory: recordings)
        }
        for line in ReportSummary.lines(written: written, outputDirectory: outputDirectory, runs: stored.runs) {
            console.print(line)
        }
        return verification.exitStatus(improvements: improvements)
    }

    /// A report writer's failure is the `--out` directory's.
    static func writing(_ write: () throws -> [URL]) throws -> [URL] {
        do {
            return try write()
        } catch let error as ReportError {
            throw UsageError("--out: \(error)")
        }
    }

    /// The verification report: read from `--verification`, or run (quick unless `--full`, with the
    /// planted faults) and compared with the stored baseline, which is only read; with the metrics
    /// that improved on it.
    func loadOrRunVerification(recordings: URL?, console: Console) throws -> (VerificationReport, [Regression]) {
        if let verificationFile {
            do {
                return (try VerificationReport.decode(Data(contentsOf: URL(fileURLWithPath: verificationFile))), [])
            } catch {
                throw UsageError("--verification: cannot read \(quoted(verificationFile)) as a 'hooke verify --json' result: \(error)")
            }
        }
        let run: VerificationRun
        do {
            run = try VerificationRun(configuration: VerificationConfiguration(quick: !full, seed: seed, recordingsDirectory: recordings),
                                      plantsFaults: true, baselinePath: baselinePath, readingFrom: baselineURL.path)
        } catch {
            throw UsageError("--baseline: \(error)")
        }
        let printer = ProgressPrinter(console: console, total: run.suites.count)
        let total = run.suites.count
        var (report, _) = run.run { progress in
            printer.print("report: verify [\(progress.completed)/\(total)] \(progress.suite): \(progress.status.rawValue)")
        }
        printer.print("report: planted faults caught \(report.mutants!.score)")
        let improvements = run.compare(&report)
        return (report, improvements)
    }

    static func loadBench(_ path: String) throws -> BenchReport {
        do {
            return try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw UsageError("--bench: cannot read \(quoted(path)) as a 'hooke bench --json' result: \(error)")
        }
    }
}
