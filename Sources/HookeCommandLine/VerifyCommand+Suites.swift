import Foundation
import HookeSupport
import Verification

/// `hooke verify`'s suites mode: its options checked (the baseline read before any work), then the
/// run and its summary.
extension VerifyCommand {
    static func suitesMode(_ arguments: ParsedArguments) throws -> Mode {
        let seed = try Self.seed(arguments)
        let names = arguments.strings("--suite")
        let suites: [VerificationSuite]
        do {
            suites = try Verifier.suites(named: names)
        } catch let error as UnknownSuite {
            throw InputError("--suite: \(error)")
        }
        if arguments.flag("--mutants") { try arguments.refuse(["--no-mutants"], with: "--mutants") }
        let configuration = VerificationConfiguration(
            quick: arguments.flag("--quick"), seed: seed,
            recordingsDirectory: VerificationConfiguration.recordingsDirectory(root: Repository.root()))
        let baseline = try BaselineFile(arguments, of: AccuracyBaseline.self)
        let json = try arguments.outputFile("--json")
        let run: VerificationRun
        do {
            run = try VerificationRun(configuration: configuration, suites: suites,
                                      plantsFaults: arguments.flag("--mutants") || (names.isEmpty && !arguments.flag("--no-mutants")),
                                      baseline: baseline)
        } catch {
            throw InputError.baseline(error)
        }
        if baseline.update, let conflict = run.updateConflict { throw InputError("--update-baseline: \(conflict)") }
        return .suites(run, json: json)
    }

    /// `--seed N` (also `hooke report`'s), default `VerificationConfiguration.defaultSeed`.
    static func seed(_ arguments: ParsedArguments) throws -> UInt64 {
        guard let text = arguments.string("--seed") else { return VerificationConfiguration.defaultSeed }
        guard let value = UInt64(text) else {
            throw InputError("--seed: must be an integer in 0…\(UInt64.max), got \(quoted(text))")
        }
        return value
    }

    func runSuites(_ run: VerificationRun, json: String?, console: Console) throws -> Int32 {
        let outcome = try run.execute(console: console, command: Self.name)
        let summary = try console.writeJSON(outcome.report.jsonData(), to: json)
        VerificationSummary(report: outcome.report, improvements: outcome.improvements, seconds: outcome.seconds).print(summary)
        return ExitStatus.of(outcome.report.verdict(improvements: outcome.improvements))
    }
}

extension VerificationRun {
    /// The run as `hooke verify` and `hooke report` make it: a progress line on stderr per finished
    /// suite, the planted faults, then the comparison with the baseline (or its update), with a note
    /// on stderr when there is no baseline to compare with (`command` names who says so).
    func execute(console: Console, command: String) throws
        -> (report: VerificationReport, improvements: [MetricChange], seconds: Double) {
        let progress = ProgressPrinter(console: console, total: suites.count)
        var (report, seconds) = run { progress.finished($0) }
        let improvements = try finish(&report)
        if !baseline.update, stored == nil {
            console.printError("hooke \(command): no accuracy baseline at \(baseline.shown); nothing compared (create it with --update-baseline)")
        }
        return (report, improvements, seconds)
    }
}
