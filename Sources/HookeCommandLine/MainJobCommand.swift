import FrameBench

/// `hooke` with no subcommand: the main job. The quick verification (compared with the stored
/// accuracy baseline), the quick bench, and the report written into `reports/` — what
/// `hooke report` does with its defaults. A debug build cannot bench, so it reports without timings.
struct MainJobCommand: HookeCommand {
    static let words: [String] = []
    static let summary = "The main job: quick verify + quick bench, report written to reports/"
    static let options: [OptionSpec] = []
    static let help = """
    USAGE: hooke

    The main job: runs the quick verification (compared with reports/baselines/accuracy.json, which
    is only read), the quick bench (release builds only; a debug build skips it), and writes the
    report — README.md, accuracy.md, performance.md, charts/ and JSON — into reports/ of the
    repository, as 'hooke report' does. Progress goes to stderr, a summary to stdout.
    Exit status 1 when a check failed or accuracy regressed.
    """

    var report: ReportCommand

    init(parsing arguments: ParsedArguments) throws {
        report = try ReportCommand(parsing: ParsedArguments([], options: ReportCommand.options, command: "report"))
        if BuildConfiguration.current != .release {
            report.bench = .skipped
        }
    }

    func run(console: Console) throws -> Int32 {
        if report.bench == .skipped {
            console.printError("hooke: a debug build cannot bench; reporting accuracy only (use scripts/run for timings)")
        }
        let status = try report.run(console: console)
        console.print("see \(report.outputDirectory.appendingPathComponent("README.md").path)")
        return status
    }
}
