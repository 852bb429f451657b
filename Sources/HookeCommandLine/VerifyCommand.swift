import AnimationMath
import Foundation
import ReferenceSolver
import Scenarios
import Verification
import HookeSupport

/// `hooke verify`: the cross-check suite (closed forms, SwiftUI's model, the `.spring` integrator,
/// curves, modifiers, the animator, invariants, settling, claims, real recordings) against the GSL
/// reference, compared with the stored accuracy baseline; or, with `--trace`, a user's trajectory
/// against the reference.
struct VerifyCommand: HookeCommand {
    static let words = ["verify"]
    static let summary = "Cross-check every implementation against the GSL reference and the accuracy baseline"
    static let options: [OptionSpec] = SpringOptions.options + [
        OptionSpec("--quick", .flag), OptionSpec("--mutants", .flag), OptionSpec("--no-mutants", .flag), OptionSpec("--suite", .repeating), OptionSpec("--json"),
        OptionSpec("--update-baseline", .flag), OptionSpec("--baseline"), OptionSpec("--seed"),
        OptionSpec("--trace"), OptionSpec("--from"), OptionSpec("--to"), OptionSpec("--velocity"),
        OptionSpec("--retarget", .repeating), OptionSpec("--tolerance"),
    ]
    static let help = """
    USAGE: hooke verify [--quick] [--mutants | --no-mutants] [--suite NAME]... [--json FILE] [--update-baseline] [--baseline FILE] [--seed N]
           hooke verify --trace FILE.csv SPRING [--from X0] [--to X1] [--velocity V0] [--retarget T:X]...
                        [--tolerance REL]

    Runs the verification suites concurrently and prints a summary table. A progress line per suite
    goes to stderr. Every metric is compared with the baseline; a metric regresses when it exceeds
    max(10 × baseline, baseline + 2 ulp-equivalents).

    OPTIONS:
      --quick              only the quick set (each quick check is identical in full runs)
      --mutants            plant the faults even in a --suite run (an unfiltered run always does):
                           run every suite's quick checks on each deliberately wrong implementation
                           and report which checks caught it (the mutation score); the run fails
                           when a fault goes uncaught or the fault-free control fails (~4 s)
      --no-mutants         do not plant the faults
      --suite NAME         run only this suite (repeatable); one of:
                           \(Verifier.suiteNames.joined(separator: ", "))
      --json FILE          write every check (suite, name, kind, source, implementation, metrics,
                           tolerance, status) and the planted faults (mutants) as JSON, atomically;
                           '-' writes it to standard output and the summary table to standard error
      --baseline FILE      the accuracy baseline (default reports/baselines/accuracy.json)
      --update-baseline    rewrite the baseline from this run (atomically); a filtered or quick run
                           replaces only the checks that ran
      --seed N             seed of the random cases (default \(VerificationConfiguration.defaultSeed))

    TRACE MODE:
      --trace FILE.csv     header 'time,value' or 'time,value,velocity'; compares the trace with the
                           GSL reference for SPRING from X0 (default 0) to X1 (default 1) with initial
                           velocity V0 (default 0) and the retargets; prints the worst and RMS error
                           relative to the distance and where the worst occurs
      --tolerance REL      allowed worst error relative to the distance (default 1e-6)

    \(SpringOptions.help)

    Recordings are read from data/swiftui-recordings in the repository ($HOOKE_RECORDINGS names
    another folder); without them that suite is reported as skipped.
    Exit 0 all pass, 1 a check failed or a metric regressed, 2 bad usage, 4 all pass and some
    metric improved on the baseline beyond the noise band (update it with --update-baseline).
    """

    /// `--tolerance` default for traces: a trace from a decent integrator at 60 Hz is ~1e-8…1e-6.
    static let defaultTraceTolerance = 1e-6

    enum Mode {
        case suites(configuration: VerificationConfiguration, suites: [VerificationSuite], json: String?,
                    baseline: String, update: Bool, unfiltered: Bool, mutants: Bool)
        case trace(samples: [TraceSample], spring: Spring, from: Double, to: Double, velocity: Double,
                   retargets: [RetargetOption], tolerance: Double, path: String)
    }

    var mode: Mode
    /// `note:` lines about inputs adjusted as SwiftUI adjusts them (SpringOptions).
    var notes: [String] = []

    init(parsing arguments: ParsedArguments) throws {
        if let path = arguments.string("--trace") {
            for flag in ["--quick", "--mutants", "--no-mutants", "--suite", "--json", "--update-baseline", "--baseline", "--seed"] where arguments.has(flag) {
                throw UsageError("\(flag): not allowed with --trace")
            }
            let springOptions = try SpringOptions(arguments)
            let spring = springOptions.spring
            notes = springOptions.notes
            let tolerance = try arguments.double("--tolerance", default: Self.defaultTraceTolerance, .positive)
            let from = try arguments.double("--from", default: 0)
            let to = try arguments.double("--to", default: 1)
            let velocity = try arguments.double("--velocity", default: 0)
            let retargets = try RetargetOption.parseAll(arguments)
            let samples = try TraceFile(path: path).samples
            mode = .trace(samples: samples, spring: spring, from: from, to: to, velocity: velocity,
                          retargets: retargets, tolerance: tolerance, path: path)
            return
        }
        for flag in SpringOptions.options.map(\.name) + ["--from", "--to", "--velocity", "--retarget", "--tolerance"]
        where arguments.has(flag) {
            throw UsageError("\(flag): only allowed with --trace")
        }
        var seed = VerificationConfiguration.defaultSeed
        if let text = arguments.string("--seed") {
            guard let value = UInt64(text) else {
                throw UsageError("--seed: must be an integer in 0…\(UInt64.max), got \(quoted(text))")
            }
            seed = value
        }
        var selected: [VerificationSuite] = []
        for name in arguments.strings("--suite") {
            guard let suite = Verifier.suites.first(where: { $0.name == name }) else {
                throw UsageError("--suite: unknown suite \(quoted(name)); one of \(Verifier.suiteNames.joined(separator: ", "))")
            }
            if !selected.contains(where: { $0.name == name }) { selected.append(suite) }
        }
        let unfiltered = selected.isEmpty
        if arguments.flag("--mutants") && arguments.flag("--no-mutants") {
            throw UsageError("--no-mutants: not allowed with --mutants")
        }
        let plantFaults = arguments.flag("--mutants") || (unfiltered && !arguments.flag("--no-mutants"))
        if unfiltered { selected = Verifier.suites }
        // Keep the report in the fixed suite order whatever order --suite gave.
        selected.sort { a, b in
            Verifier.suiteNames.firstIndex(of: a.name)! < Verifier.suiteNames.firstIndex(of: b.name)!
        }
        let root = Self.repositoryRoot()
        let configuration = VerificationConfiguration(
            quick: arguments.flag("--quick"), seed: seed, recordingsDirectory: Self.recordingsDirectory(root: root))
        let baseline = arguments.string("--baseline")
            ?? root.appendingPathComponent("reports/baselines/accuracy.json").path
        if arguments.flag("--update-baseline") {
            try ParsedArguments.checkOutputFile(baseline, option: arguments.has("--baseline") ? "--baseline" : "--update-baseline")
        }
        mode = .suites(configuration: configuration, suites: selected, json: try arguments.outputFile("--json"),
                       baseline: baseline, update: arguments.flag("--update-baseline"),
                       unfiltered: unfiltered && !configuration.quick, mutants: plantFaults)
    }

    /// The repository: the nearest directory above the working directory with Package.swift and
    /// Sources/Verification, else the one above the executable, else the working directory.
    static func repositoryRoot() -> URL {
        let fileManager = FileManager.default
        func search(from start: URL) -> URL? {
            var directory = start.standardizedFileURL
            for _ in 0..<12 {
                if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
                   fileManager.fileExists(atPath: directory.appendingPathComponent("Sources/Verification").path) {
                    return directory
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
            return nil
        }
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        if let root = search(from: cwd) { return root }
        if let executable = CommandLine.arguments.first,
           let root = search(from: URL(fileURLWithPath: executable).deletingLastPathComponent()) {
            return root
        }
        return cwd
    }

    static func recordingsDirectory(root: URL) -> URL? {
        if let override = ProcessInfo.processInfo.environment["HOOKE_RECORDINGS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let directory = root.appendingPathComponent("data/swiftui-recordings")
        return FileManager.default.fileExists(atPath: directory.path) ? directory : nil
    }

    func run(console: Console) throws -> Int32 {
        for note in notes { console.printError(note) }
        switch mode {
        case let .trace(samples, spring, from, to, velocity, retargets, tolerance, path):
            return try runTrace(samples: samples, spring: spring, from: from, to: to, velocity: velocity,
                                retargets: retargets, tolerance: tolerance, path: path, console: console)
        case let .suites(configuration, suites, json, baseline, update, unfiltered, mutants):
            return try runSuites(configuration: configuration, suites: suites, json: json, baselinePath: baseline,
                                 update: update, unfiltered: unfiltered, mutants: mutants, console: console)
        }
    }

    // MARK: Trace

    func runTrace(samples: [TraceSample], spring: Spring, from: Double, to: Double, velocity: Double,
                  retargets: [RetargetOption], tolerance: Double, path: String, console: Console) throws -> Int32 {
        let result: TraceComparison
        do {
            result = try TraceVerifier.compare(samples, spring: spring, from: from, to: to, initialVelocity: velocity,
                                               retargets: retargets.map { ($0.time, $0.target) }, tolerance: tolerance)
        } catch let error as ReferenceError {
            throw UsageError("--trace: \(quoted(path)): \(referenceProblem(error))")
        }
        console.print("trace \(path): \(samples.count) samples, distance \(formatShort(result.distance)), spring \(spring)")
        func line(_ label: String, _ stats: ErrorStatistics) {
            let worst = stats.worst.map { "\($0.description), t = \(formatShort($0.time ?? .nan))" } ?? "-"
            console.print("  \(label): worst \(formatShort(stats.maxRelative, digits: 3)) of the distance at \(worst); "
                          + "rms \(formatShort(stats.rmsRelative, digits: 3)); max |error| \(formatShort(stats.maxAbsolute, digits: 3))")
        }
        line("position", result.positions)
        if let velocities = result.velocities { line("velocity (relative to ω0·distance)", velocities) }
        console.print("tolerance \(formatShort(tolerance)): \(result.passed ? "pass" : "FAIL")")
        return result.passed ? ExitStatus.success : ExitStatus.checkFailed
    }

    // MARK: Suites

    func runSuites(configuration: VerificationConfiguration, suites: [VerificationSuite], json: String?,
                   baselinePath: String, update: Bool, unfiltered: Bool, mutants: Bool, console: Console) throws -> Int32 {
        // The baseline is read (and the update checked) before the run, so a bad one fails at once.
        let stored: AccuracyBaseline?
        do {
            stored = try AccuracyBaseline.read(fromPath: baselinePath)
        } catch {
            throw UsageError("--baseline: \(error)")
        }
        // The baseline has one seed for all its seeded checks: a partial run with another seed
        // would restamp the checks it did not run.
        if update, !unfiltered, let stored, stored.seed != configuration.seed {
            throw UsageError("--update-baseline: this partial run uses seed \(configuration.seed) but the baseline holds seed \(stored.seed); run the full suite, or use --seed \(stored.seed)")
        }

        let progress = ProgressPrinter(console: console, total: suites.count)
        let start = Date()
        var report = Verifier.run(configuration, suites: suites) { progress.finished($0) }
        if mutants {
            report.mutants = MutationTesting.run(configuration).report
        }
        let seconds = Date().timeIntervalSince(start)
        var improvements: [Regression] = []

        if update {
            var baseline = unfiltered ? AccuracyBaseline(report: report) : (stored ?? AccuracyBaseline(report: report))
            if !unfiltered { baseline.merge(report) }
            try baseline.write(toPath: baselinePath)
            report.baseline = BaselineComparison(path: baselinePath, state: "updated",
                                                 comparedChecks: report.checks.count,
                                                 noiseBand: AccuracyBaseline.noiseBandDescription)
        } else if let stored {
            report.baseline = stored.compare(report, path: baselinePath)
            improvements = stored.improvements(in: report)
        } else {
            report.baseline = BaselineComparison(path: baselinePath, state: "missing",
                                                 noiseBand: AccuracyBaseline.noiseBandDescription)
            console.printError("hooke verify: no accuracy baseline at \(baselinePath); nothing compared (create it with --update-baseline)")
        }
        // With `--json -` the JSON is standard output, so the table goes to standard error.
        let summary: (String) -> Void
        if json == standardOutputPath {
            var data = try report.jsonData()
            data.append(UInt8(ascii: "\n"))
            console.write(String(decoding: data, as: UTF8.self))
            summary = { console.printError($0) }
        } else {
            if let json { try writeAtomically(report.jsonData(), toPath: json) }
            summary = { console.print($0) }
        }
        printSummary(report, improvements: improvements, seconds: seconds, print: summary)
        return Self.exitStatus(report, improvements: improvements)
    }

    /// 1 when a check failed or regressed, else 4 when some metric improved on the baseline, else 0.
    static func exitStatus(_ report: VerificationReport, improvements: [Regression]) -> Int32 {
        BaselineVerdict.exitStatus(regressed: !report.passed, improved: !improvements.isEmpty)
    }

    func printSummary(_ report: VerificationReport, improvements: [Regression] = [], seconds: Double,
                      print: (String) -> Void) {
        let header = "suite".padding(to: 14) + "check".padding(to: 58) + "kind".padding(to: 12) + "implementation".padding(to: 36)
            + "max rel".leftPadding(to: 10) + "rms rel".leftPadding(to: 10) + "tolerance".leftPadding(to: 11) + "  status"
        print(header)
        print(String(repeating: "-", count: header.count))
        for suite in report.suites {
            if suite.status == .skipped {
                print(suite.name.padding(to: 14) + "skipped: \(suite.skipReason ?? "")")
                continue
            }
            for check in suite.checks {
                // An exact zero is agreement to the last bit, never an accuracy.
                func figure(_ name: String) -> String {
                    check.metric(name).map { $0.value == 0 ? "identical" : formatShort($0.value, digits: 3) } ?? "-"
                }
                let maxRel = figure("maxRelError"), rmsRel = figure("rmsRelError")
                let tolerance = check.tolerance.map { formatShort($0.value, digits: 3) } ?? "-"
                var status = check.status.rawValue
                if let verdict = check.verdict { status += " (\(verdict.rawValue))" }
                print(suite.name.padding(to: 14) + check.name.padding(to: 58) + check.kind.rawValue.padding(to: 12)
                              + check.implementation.padding(to: 36)
                              + maxRel.leftPadding(to: 10) + rmsRel.leftPadding(to: 10) + tolerance.leftPadding(to: 11)
                              + "  " + status)
                if check.status == .fail {
                    print("    \(check.detail)" + (check.worst.map { "; worst: \($0.description)" + ($0.time.map { " at t = \(formatShort($0))" } ?? "") } ?? ""))
                }
            }
        }
        let checks = report.checks
        let failed = checks.filter { $0.status == .fail }.count
        let info = checks.filter { $0.status == .info }.count
        let passed = checks.filter { $0.status == .pass }.count
        let skipped = report.suites.filter { $0.status == .skipped }.count
        print("")
        let kinds = CheckReport.Kind.allCases.map { kind in "\(checks.filter { $0.kind == kind }.count) \(kind.rawValue)" }
        print("\(checks.count) checks (\(kinds.joined(separator: ", "))): \(passed) pass, \(failed) fail, \(info) info; \(skipped) suite(s) skipped; "
                      + "\(report.quick ? "quick" : "full") run, seed \(report.seed), \(formatShort(seconds, digits: 3)) s")
        if let baseline = report.baseline {
            switch baseline.state {
            case "missing":
                print("baseline: missing at \(baseline.path) (not created; run with --update-baseline)")
            case "updated":
                print("baseline: updated \(baseline.path)")
            default:
                var line = "baseline: \(baseline.comparedChecks) checks compared, \(baseline.regressions.count) regressed"
                if !baseline.newChecks.isEmpty { line += ", \(baseline.newChecks.count) new (not in the baseline)" }
                if !baseline.seedMismatches.isEmpty { line += ", \(baseline.seedMismatches.count) seeded checks not compared (other seed)" }
                print(line)
                if !improvements.isEmpty {
                    print("baseline: \(improvements.count) metric(s) improved beyond the noise band; "
                          + "record them with --update-baseline")
                }
                for regression in baseline.regressions {
                    print("  REGRESSED \(regression.check) \(regression.metric): \(formatShort(regression.current, digits: 3)) "
                                  + "> allowed \(formatShort(regression.allowed, digits: 3)) (baseline \(formatShort(regression.baseline, digits: 3)))")
                }
            }
        }
        if let mutants = report.mutants {
            print("")
            print("planted faults (each run through every suite's quick checks):")
            for mutant in mutants.mutants {
                let caughtBy = mutant.caughtBy.prefix(2).joined(separator: "; ")
                    + (mutant.caughtBy.count > 2 ? " (+\(mutant.caughtBy.count - 2))" : "")
                print("  " + (mutant.caught ? "caught " : "MISSED ") + mutant.fault.padding(to: 84)
                              + (mutant.caught ? " by " + caughtBy : ""))
            }
            print("mutation score: \(mutants.score) caught"
                          + (mutants.controlFailures.isEmpty ? "; the fault-free control passes"
                             : "; the fault-free control FAILED: \(mutants.controlFailures.joined(separator: "; "))"))
        }
        print(report.passed ? "verify: pass" : "verify: FAIL")
    }
}

/// Progress lines on stderr, one per finished suite; redrawn in place on a terminal.
private final class ProgressPrinter: @unchecked Sendable {
    let console: Console
    let total: Int
    private var printedAny = false

    init(console: Console, total: Int) {
        self.console = console
        self.total = total
    }

    /// Called serially by the runner (under its lock).
    func finished(_ progress: SuiteProgress) {
        let status: String
        switch progress.status {
        case .passed: status = "ok"
        case .failed: status = "FAILED (\(progress.failedCount) of \(progress.checkCount))"
        case .skipped: status = "skipped"
        }
        let line = "verify [\(progress.completed)/\(total)] \(progress.suite): \(status) in \(formatShort(progress.seconds, digits: 3)) s"
        if console.errorIsTerminal && printedAny {
            console.printError("\u{1B}[1A\u{1B}[2K" + line)  // up one line, clear it, redraw
        } else {
            console.printError(line)
        }
        printedAny = true
    }
}
