import Foundation
import FrameBench
import HookeSupport
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
        OptionSpec("--out", .single, "DIR", "where to write (default: <repository>/reports)"),
        OptionSpec("--full", .flag, "", "the full verification and the full bench instead of the quick ones"),
        OptionSpec("--seed", .single, "N", "seed of the verifier's random cases (default \(VerificationConfiguration.defaultSeed))"),
        OptionSpec("--verification", .single, "FILE", "use a 'hooke verify --json FILE' result instead of running the verifier"),
        OptionSpec("--bench", .single, "FILE", "use a 'hooke bench --json FILE' result instead of running the bench"),
        OptionSpec("--no-bench", .flag, "", "write the performance page as \"not measured\""),
        OptionSpec("--baseline", .single, "FILE", """
        the accuracy baseline the verification is compared with (only read;
        default \(AccuracyBaseline.defaultPath) in the repository)
        """),
        OptionSpec("--from", .repeating, "RESULTS...", """
        build the report from stored 'hooke bench --json' and 'hooke verify --json' files
        (or folders of them) without measuring: the shards of each machine and commit are
        merged (a missing or duplicated shard is an error naming it); the usual pages show
        the reference machine's latest run; results of several machines add comparison.md,
        runs of one machine at several commits add history.md; merged.json has every run
        and the flat benchmarks list, named '<machine> <configuration> <metric>'. Without
        a verify result the quick verification runs.
        """),
        OptionSpec("--reference", .single, "MACHINE", "the machine --from's ratios divide by (default: the first by name)"),
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
                       recordings' residuals, the planted faults and which checks caught them, and
                       the verifier's reach: reports/coverage.json and reports/mutation.json of the
                       repository (scripts/coverage, scripts/mutate) when present
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
    \(OptionSpec.helpLines(options, column: 25))

    The bench needs a release build (scripts/run report, or swift build -c release). A debug build
    refuses to write performance pages: it needs --bench FILE, or --no-bench with --out DIR outside
    the repository's reports/.
    Exit 0 written and every check passed, 1 written but a check failed or accuracy regressed, 2 bad
    usage or the report could not be written (nothing replaced), 4 written, all passed, and some
    accuracy metric improved on the baseline.
    """

    var outputDirectory: URL
    var repository: URL
    var full: Bool
    var seed: UInt64
    var verificationFile: String?
    var bench: BenchSource
    /// The accuracy baseline, only read.
    var baseline: BaselineFile
    /// `--from`: the stored results, merged, and the reference machine.
    var stored: FleetReport.Input?

    init(parsing arguments: ParsedArguments) throws {
        repository = Repository.root()
        outputDirectory = try Self.outputDirectory(arguments, repository: repository)
        full = arguments.flag("--full")
        seed = try VerifyCommand.seed(arguments)
        baseline = try BaselineFile(arguments, of: AccuracyBaseline.self)
        verificationFile = try arguments.inputFile("--verification")
        if verificationFile != nil {
            try arguments.refuse(["--seed"], with: "--verification", because: "the file has its seed")
            try arguments.refuse(["--baseline"], with: "--verification", because: "the file holds its own comparison")
        }
        bench = try Self.benchSource(arguments)
        stored = try Self.storedResults(arguments)
    }
}
