import HookeSupport
import FrameBench
import Reporting

/// `hooke` with no subcommand: the main job. The quick verification (compared with the stored
/// accuracy baseline), the quick bench, and the report written into `reports/` — what
/// `hooke report` does with its defaults. A debug build is refused (exit 2): it cannot bench.
struct MainJobCommand: HookeCommand {
    static let words: [String] = []
    static let summary = "The main job: quick verify + quick bench, report written to reports/"
    static let options: [OptionSpec] = []
    static let help = """
    USAGE: hooke

    The main job: runs the quick verification (compared with reports/baselines/accuracy.json, which
    is only read), the quick bench, and writes the report — README.md, accuracy.md, performance.md,
    charts/ and JSON — into reports/ of the repository, as 'hooke report' does. Progress goes to
    stderr, a summary to stdout. It needs a release build (scripts/run): a debug build exits 2
    rather than replace the measured performance page. Exit codes as 'hooke report'.
    """

    var report: ReportCommand

    init(parsing arguments: ParsedArguments) throws {
        report = try ReportCommand(parsing: ParsedArguments([], options: ReportCommand.options, command: "report"))
    }

    func run(console: Console) throws -> Int32 {
        if BuildConfiguration.current != .release {
            throw InputError(Self.debugRefusal())
        }
        let status = try report.run(console: console)
        console.print("see \(ReportSummary.displayPath(report.outputDirectory.appendingPathComponent("README.md")))")
        return status
    }
}
