import Foundation
import FrameBench
import Reporting
import Scenarios
import Verification

/// `hooke report`: runs the quick verification and the quick bench (or reads their JSON), then
/// writes the publishable report — README.md, accuracy.md, performance.md, SVG charts and the JSON
/// behind them — into `reports/` atomically. Never touches `reports/baselines/`.
struct ReportCommand: HookeCommand {
    static let words = ["report"]
    static let summary = "Write the accuracy and performance report (Markdown, SVG charts, JSON) into reports/"
    static let options: [OptionSpec] = [
        OptionSpec("--out"), OptionSpec("--full", .flag), OptionSpec("--seed"),
        OptionSpec("--verification"), OptionSpec("--bench"), OptionSpec("--no-bench", .flag), OptionSpec("--baseline"),
        OptionSpec("--from", .repeating), OptionSpec("--reference"),
    ]
    /// The files after `--from FILE`.
    static let maxPositionals = 100_000
    static let help = """
    USAGE: hooke report [--out DIR] [--full] [--seed N] [--verification FILE] [--bench FILE | --no-bench]
                        [--baseline FILE]
           hooke report --from RESULTS... [--reference MACHINE] [--out DIR] [--baseline FILE]

    Runs the verifier's quick suite and the frame harness's quick bench, then writes into DIR
    (default: reports/ of the repository):
      README.md        headline numbers (worst accuracy per implementation, fast-path ns per animation
                       per frame, largest N in a 120 Hz frame), the environment, links
      accuracy.md      every suite's table (with each check's kind), the worst ulps, SwiftUI's errata,
                       documentation claims, the .spring integrator's convergence order, the real
                       recordings' residuals, the planted faults and which checks caught them
      performance.md   every workload × strategy, scaling with N and threads, allocations, what fits a frame
      charts/*.svg     the recorded spring by every implementation, error against time, the recordings'
                       residuals, cost per animation against N, the frame-time distribution, accuracy
                       against cost
      *.json           the numbers behind each page
    Everything is rendered and staged first, every destination is checked, and only then are the
    files swapped in: the report is replaced as a whole or not at all (a failed run leaves the
    previous report intact; staging left by a killed run is removed by the next). Files of an
    earlier report in charts/ that this one does not write are removed with the swap. A destination
    that is a symlink or not a regular file is refused, never replaced. The accuracy baseline
    (reports/baselines/) is read for the comparison, never written.

    OPTIONS:
      --out DIR              where to write (default: <repository>/reports)
      --full                 the full verification and the full bench instead of the quick ones
      --seed N               seed of the verifier's random cases (default \(VerificationConfiguration.defaultSeed))
      --verification FILE    use a 'hooke verify --json FILE' result instead of running the verifier
      --bench FILE           use a 'hooke bench --json FILE' result instead of running the bench
      --no-bench             write the performance page as "not measured"
      --baseline FILE        the accuracy baseline the verification is compared with (only read;
                             default reports/baselines/accuracy.json)
      --from RESULTS...      build the report from stored 'hooke bench --json' and 'hooke verify --json' files
                             (or folders of them) without measuring: the shards of each machine and commit are
                             merged (a missing or duplicated shard is an error naming it); the usual pages show
                             the reference machine's latest run; results of several machines add comparison.md,
                             runs of one machine at several commits add history.md; merged.json has every run
                             and the flat benchmarks list, named '<machine> <configuration> <metric>'. Without
                             a verify result the quick verification runs.
      --reference MACHINE    the machine --from's ratios divide by (default: the first by name)

    The bench needs a release build (scripts/run report, or swift build -c release). A debug build
    refuses to write performance pages: it needs --bench FILE, or --no-bench with --out DIR outside
    the repository's reports/.
    Exit 0 written and every check passed, 1 written but a check failed or accuracy regressed, 2 bad
    usage or the report could not be written (nothing replaced), 4 written, all passed, and some
    accuracy metric improved on the baseline.
    """

    enum BenchSource: Equatable {
        case run
        case file(String)
        case skipped
    }

    var outputDirectory: URL
    var repository: URL
    var full: Bool
    var seed: UInt64
    var verificationFile: String?
    var bench: BenchSource
    /// The accuracy baseline as given (or the repository's) and where it is.
    var baselinePath: String
    var baselineURL: URL
    /// `--from`: the stored results, merged, and the reference machine.
    var stored: (results: StoredResults, runs: [MergedRun], reference: String)?

    init(parsing arguments: ParsedArguments) throws {
        repository = VerifyCommand.repositoryRoot()
        if let out = arguments.string("--out") {
            guard !out.isEmpty else { throw UsageError("--out: needs a directory, got ''") }
            outputDirectory = URL(fileURLWithPath: out)
        } else {
            outputDirectory = repository.appendingPathComponent("reports")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDirectory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw UsageError("--out: \(quoted(outputDirectory.path)) is a file, not a directory")
        }
        do {
            try ReportWriter.checkDirectory(outputDirectory)  // before any work
        } catch let error as ReportError {
            throw UsageError("--out: \(error)")
        }
        full = arguments.flag("--full")
        seed = VerificationConfiguration.defaultSeed
        if let text = arguments.string("--seed") {
            guard let value = UInt64(text) else {
                throw UsageError("--seed: must be an integer in 0…\(UInt64.max), got \(quoted(text))")
            }
            seed = value
        }
        baselinePath = arguments.string("--baseline") ?? "reports/baselines/accuracy.json"
        baselineURL = arguments.has("--baseline") ? URL(fileURLWithPath: baselinePath)
            : repository.appendingPathComponent(baselinePath)
        verificationFile = arguments.string("--verification")
        if let verificationFile {
            guard !verificationFile.isEmpty else { throw UsageError("--verification: needs a file name, got ''") }
            if arguments.has("--seed") { throw UsageError("--seed: not allowed with --verification (the file has its seed)") }
            if arguments.has("--baseline") {
                throw UsageError("--baseline: not allowed with --verification (the file holds its own comparison)")
            }
        }
        switch (arguments.string("--bench"), arguments.flag("--no-bench")) {
        case (.some, true): throw UsageError("--no-bench: not allowed with --bench")
        case (.some(let path), false):
            guard !path.isEmpty else { throw UsageError("--bench: needs a file name, got ''") }
            bench = .file(path)
        case (nil, true): bench = .skipped
        case (nil, false): bench = .run
        }
        let fromPaths = arguments.strings("--from") + arguments.positionals
        if arguments.has("--from") {
            for other in ["--full", "--seed", "--bench", "--no-bench"] where arguments.has(other) {
                throw UsageError("\(other): not allowed with --from (the results are stored)")
            }
            do {
                let results = try StoredResults.load(fromPaths)
                let runs = try results.mergedRuns()
                guard !runs.isEmpty else { throw StoredResultsError.nothingFound(paths: fromPaths) }
                stored = (results, runs, try FleetReport.reference(runs, requested: arguments.string("--reference")))
            } catch let error as StoredResultsError {
                throw UsageError("--from: \(error)")
            }
        } else if let first = arguments.positionals.first {
            throw UsageError("unexpected argument '\(first)'; see 'hooke report --help'")
        } else if arguments.has("--reference") {
            throw UsageError("--reference: only with --from")
        }
    }

    func run(console: Console) throws -> Int32 {
        if let stored { return try runFromStored(stored, console: console) }
        if bench == .run, BuildConfiguration.current != .release {
            throw UsageError(BuildConfiguration.debugRefusal + " Or pass --bench FILE to report measured timings.")
        }
        if bench == .skipped, BuildConfiguration.current != .release, writesRepositoryReport {
            throw UsageError("a debug build does not write reports/performance.md (it would replace the measured page "
                             + "with 'not measured'); use scripts/run, or --out DIR to write elsewhere")
        }
        let recordings = VerifyCommand.recordingsDirectory(root: repository)
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
            benchReport = try Self.runBench(full: full, console: console)
        }
        let environment: ReportEnvironment
        let gitCommit = ReportEnvironment.gitCommit(in: repository)
        if let benchReport {
            // The machine the timings were measured on.
            environment = ReportEnvironment(bench: benchReport.environment, gitCommit: gitCommit, date: Date())
        } else {
            environment = ReportEnvironment.current(repository: repository, hookeVersion: Hooke.version)
        }
        let written: [URL]
        do {
            written = try ReportGenerator.generate(verification: verification, bench: benchReport, environment: environment,
                                                   outputDirectory: outputDirectory, recordingsDirectory: recordings,
                                                   benchSkipReason: skipReason)
        } catch let error as ReportError {
            throw UsageError("--out: \(error)")
        }
        console.print("wrote \(written.count) files to \(Self.displayPath(outputDirectory)):")
        for page in ReportGenerator.pageNames {
            console.print("  \(Self.displayPath(outputDirectory.appendingPathComponent(page)))")
        }
        let checks = verification.checks
        console.print("verification: \(checks.count) checks, \(checks.filter { $0.status == .fail }.count) failed"
                      + (verification.baseline.map { ", \($0.regressions.count) regressed against the baseline" } ?? "")
                      + (verification.mutants.map { ", planted faults caught \($0.score)" } ?? "")
                      + (verification.passed ? " — pass" : " — FAIL"))
        if let benchReport {
            console.print("bench: \(benchReport.results.count) configurations measured")
        } else {
            console.print("bench: not measured (\(skipReason ?? "--no-bench"))")
        }
        if !improvements.isEmpty {
            console.print("accuracy: \(improvements.count) metric(s) improved on the baseline; record them with 'hooke verify --update-baseline'")
        }
        return VerifyCommand.exitStatus(verification, improvements: improvements)
    }

    /// `url` relative to the working directory when it lies inside it (what a user typed, and the
    /// same on every machine), else absolute.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }

    /// Whether the output is the repository's own reports/ (where the published report lives).
    var writesRepositoryReport: Bool {
        outputDirectory.standardizedFileURL.resolvingSymlinksInPath().path
            == repository.appendingPathComponent("reports").standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `--from`: the report from stored results (the verification too when one is among them).
    func runFromStored(_ stored: (results: StoredResults, runs: [MergedRun], reference: String), console: Console) throws -> Int32 {
        let recordings = VerifyCommand.recordingsDirectory(root: repository)
        let (verification, improvements) = try stored.results.verifications.last.map { ($0.report, []) }
            ?? loadOrRunVerification(recordings: recordings, console: console)
        let written: [URL]
        do {
            written = try FleetReport.generate(stored.runs, reference: stored.reference, verification: verification,
                                               outputDirectory: outputDirectory, recordingsDirectory: recordings)
        } catch let error as ReportError {
            throw UsageError("--out: \(error)")
        }
        console.print("wrote \(written.count) files to \(Self.displayPath(outputDirectory)):")
        for page in written where page.pathExtension == "md" {
            console.print("  \(Self.displayPath(page))")
        }
        for run in stored.runs {
            console.print("bench: \(run.label): \(run.report.results.count) configurations from \(run.shards) file\(run.shards == 1 ? "" : "s")")
        }
        return VerifyCommand.exitStatus(verification, improvements: improvements)
    }

    /// The verification report: read from `--verification`, or run (quick unless `--full`) and
    /// compared with the stored baseline, which is only read; with the metrics that improved on it.
    func loadOrRunVerification(recordings: URL?, console: Console) throws -> (VerificationReport, [Regression]) {
        if let verificationFile {
            do {
                return (try VerificationReport.decode(Data(contentsOf: URL(fileURLWithPath: verificationFile))), [])
            } catch {
                throw UsageError("--verification: cannot read \(quoted(verificationFile)) as a 'hooke verify --json' result: \(error)")
            }
        }
        let configuration = VerificationConfiguration(quick: !full, seed: seed, recordingsDirectory: recordings)
        let total = Verifier.suites.count
        let printer = ReportProgressPrinter(console: console)
        var report = Verifier.run(configuration) { progress in
            printer.print("report: verify [\(progress.completed)/\(total)] \(progress.suite): \(progress.status.rawValue)")
        }
        report.mutants = MutationTesting.run(configuration).report
        printer.print("report: planted faults caught \(report.mutants!.score)")
        let stored: AccuracyBaseline?
        do {
            stored = try AccuracyBaseline.read(fromPath: baselineURL.path)
        } catch {
            throw UsageError("--baseline: \(error)")
        }
        var improvements: [Regression] = []
        if let stored {
            report.baseline = stored.compare(report, path: baselinePath)
            improvements = stored.improvements(in: report)
        } else {
            report.baseline = BaselineComparison(path: baselinePath, state: "missing",
                                                 noiseBand: AccuracyBaseline.noiseBandDescription)
        }
        return (report, improvements)
    }

    static func loadBench(_ path: String) throws -> BenchReport {
        do {
            return try JSONDecoder().decode(BenchReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw UsageError("--bench: cannot read \(quoted(path)) as a 'hooke bench --json' result: \(error)")
        }
    }

    /// Runs the quick (or full) bench plan as `hooke bench --quick` does and returns its report.
    /// The main job can call this to measure once and hand the result to `ReportGenerator`.
    static func runBench(full: Bool, console: Console) throws -> BenchReport {
        let cores = BenchEnvironment.cores
        var plan: BenchPlan = full ? .full(cores: cores) : .quick(cores: cores)
        plan.includesMillionFastSprings = !full
        return try FrameRunner.run(plan, hookeVersion: Hooke.version) { index, total, configuration in
            console.printError("report: bench [\(index)/\(total)] \(configuration)")
        }
    }
}

/// Progress lines from the verifier's workers. The runner calls its progress closure serially
/// (under its lock), so the console is never written from two threads at once.
private final class ReportProgressPrinter: @unchecked Sendable {
    let console: Console
    init(console: Console) { self.console = console }
    func print(_ line: String) { console.printError(line) }
}
