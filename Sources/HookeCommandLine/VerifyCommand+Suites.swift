import Foundation
import HookeSupport
import Verification

/// `hooke verify`'s suites mode: its options checked (the baseline read before any work), then the
/// run and its summary.
extension VerifyCommand {
    static func suitesMode(_ arguments: ParsedArguments) throws -> Mode {
        let seed = try Self.seed(arguments)
        let selected = try Self.suites(arguments)
        if arguments.flag("--mutants") && arguments.flag("--no-mutants") {
            throw UsageError("--no-mutants: not allowed with --mutants")
        }
        let root = Repository.root()
        let configuration = VerificationConfiguration(
            quick: arguments.flag("--quick"), seed: seed,
            recordingsDirectory: VerificationConfiguration.recordingsDirectory(root: root))
        let baseline = arguments.string("--baseline") ?? root.appendingPathComponent(AccuracyBaseline.defaultPath).path
        let update = arguments.flag("--update-baseline")
        if update {
            try ParsedArguments.checkOutputFile(baseline, option: arguments.has("--baseline") ? "--baseline" : "--update-baseline")
        }
        let json = try arguments.outputFile("--json")
        let run: VerificationRun
        do {
            run = try VerificationRun(configuration: configuration, suites: selected ?? Verifier.suites,
                                      plantsFaults: arguments.flag("--mutants") || (selected == nil && !arguments.flag("--no-mutants")),
                                      baselinePath: baseline)
        } catch {
            throw UsageError("--baseline: \(error)")
        }
        let unfiltered = selected == nil && !configuration.quick
        if update, !unfiltered, let conflict = run.partialUpdateConflict {
            throw UsageError("--update-baseline: \(conflict)")
        }
        return .suites(run, json: json, update: update, unfiltered: unfiltered)
    }

    /// `--seed N` (also `hooke report`'s), default `VerificationConfiguration.defaultSeed`.
    static func seed(_ arguments: ParsedArguments) throws -> UInt64 {
        guard let text = arguments.string("--seed") else { return VerificationConfiguration.defaultSeed }
        guard let value = UInt64(text) else {
            throw UsageError("--seed: must be an integer in 0…\(UInt64.max), got \(quoted(text))")
        }
        return value
    }

    /// The `--suite` selection in the fixed suite order, or nil for every suite.
    static func suites(_ arguments: ParsedArguments) throws -> [VerificationSuite]? {
        let names = arguments.strings("--suite")
        for name in names where !Verifier.suiteNames.contains(name) {
            throw UsageError("--suite: unknown suite \(quoted(name)); one of \(Verifier.suiteNames.joined(separator: ", "))")
        }
        return names.isEmpty ? nil : Verifier.suites.filter { names.contains($0.name) }
    }

    func runSuites(_ run: VerificationRun, json: String?, update: Bool, unfiltered: Bool, console: Console) throws -> Int32 {
        let progress = ProgressPrinter(console: console, total: run.suites.count)
        var (report, seconds) = run.run { progress.finished($0) }
        var improvements: [Regression] = []
        if update {
            try run.update(&report, replacingAll: unfiltered)
        } else {
            improvements = run.compare(&report)
            if run.stored == nil {
                console.printError("hooke verify: no accuracy baseline at \(run.baselinePath); nothing compared (create it with --update-baseline)")
            }
        }
        let summary = try console.writeJSON(report.jsonData(), to: json)
        VerificationSummary(report: report, improvements: improvements, seconds: seconds).print(summary)
        return report.exitStatus(improvements: improvements)
    }
}
