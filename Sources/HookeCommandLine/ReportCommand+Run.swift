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
        if let refusal = refusal(build: .current) { throw InputError(refusal) }
        let recordings = VerificationConfiguration.recordingsDirectory(root: repository)
        let (verification, improvements) = try self.verification(recordings: recordings, console: console)
        let (benchReport, skipReason) = try self.benchReport(console: console)
        let environment = ReportEnvironment.of(benchReport, gitCommit: Git.commit(in: repository), hookeVersion: Hooke.version)
        let reach: VerifierReach
        do {
            reach = try VerifierReach.load(repository: repository)
        } catch {
            throw InputError("\(error)")
        }
        let written = try Self.writing {
            try ReportGenerator.generate(verification: verification, bench: benchReport, environment: environment,
                                         outputDirectory: outputDirectory, recordingsDirectory: recordings,
                                         benchSkipReason: skipReason, reach: reach)
        }
        for line in ReportSummary.lines(written: written, outputDirectory: outputDirectory, verification: verification,
                                        bench: benchReport, benchSkipReason: skipReason, improvements: improvements) {
            console.print(line)
        }
        return ExitStatus.of(verification.verdict(improvements: improvements))
    }

    /// `--from`: the report from stored results (the verification too when one is among them).
    func runFromStored(_ stored: FleetReport.Input, console: Console) throws -> Int32 {
        let recordings = VerificationConfiguration.recordingsDirectory(root: repository)
        let (verification, improvements) = try stored.results.verifications.last.map { ($0.report, []) }
            ?? verification(recordings: recordings, console: console)
        let written = try Self.writing {
            try FleetReport.generate(stored.runs, reference: stored.reference, verification: verification,
                                     outputDirectory: outputDirectory, recordingsDirectory: recordings)
        }
        for line in ReportSummary.lines(written: written, outputDirectory: outputDirectory, runs: stored.runs) {
            console.print(line)
        }
        return ExitStatus.of(verification.verdict(improvements: improvements))
    }

    /// A report writer's failure is the `--out` directory's.
    static func writing<T>(_ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch let error as ReportError {
            throw InputError("--out: \(error)")
        }
    }
}
