import FrameBench
import Foundation
import HookeSupport
import Reporting
import Verification

/// `hooke export`: stored bench and verify JSON (or a run piped in) as dashboard series
/// (`DashboardExport`), to stdout or a file.
struct ExportCommand: HookeCommand {
    static let words = ["export"]
    static let summary = "Bench and verify results as github-action-benchmark, Bencher or InfluxDB input"
    static let help = """
    USAGE: hooke export --format github-action-benchmark|bencher|influx [--bench FILE] [--verify FILE]
                        [--mutation FILE] [--output FILE] [--machine NAME] [--commit ID]

    Reads a `hooke bench --json` file and/or a `hooke verify --json` file ("-" reads standard input,
    so `hooke bench --json - | hooke export --format bencher --bench -` exports a run as it ends)
    and writes every figure as a smaller-is-better series:
      speed     <workload>/<strategy>/<N>/<T>t/<F>Hz  ns-per-animation-frame (ns: p50, spread p25–p75),
                                                     allocations-per-frame, max-error (relative)
      accuracy  verify/<suite>/<check> [<implementation>]  worst-error (relative, absolute or ulps)
                verify/planted-faults  uncaught (faults)
                verify/random-mutants  survived-percent (%), from reports/mutation.json when present
    Names are stable across runs. Formats:
      github-action-benchmark  [{name, unit, value, range, extra}] for its customSmallerIsBetter tool
      bencher                  Bencher Metric Format {benchmark: {measure: {value, lower_value, upper_value}}}
      influx                   InfluxDB line protocol; measurements hooke_speed, hooke_accuracy, hooke_mutation,
                               tagged with machine, isa, threads, commit (and workload, strategy, …)

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXIT STATUS:
      0  written
      2  bad usage or input (one line on stderr), or an output that cannot be written

    EXAMPLE:
      scripts/run bench --quick --json bench.json && scripts/run export --format github-action-benchmark --bench bench.json
    """

    static let options: [OptionSpec] = [
        OptionSpec("--format", .single, "F", "github-action-benchmark, bencher or influx"),
        OptionSpec("--bench", .single, "FILE", "a hooke bench --json file (- for standard input)"),
        OptionSpec("--verify", .single, "FILE", "a hooke verify --json file (- for standard input)"),
        OptionSpec("--mutation", .single, "FILE", "random-mutant results (default: reports/mutation.json in the repository, when present)"),
        OptionSpec("--output", .single, "FILE", "write here instead of standard output"),
        OptionSpec("--machine", .single, "NAME", "the machine tag (default: the bench run's machine)"),
        OptionSpec("--commit", .single, "ID", "the commit tag (default: the bench run's commit)"),
    ]

    var format: DashboardFormat
    var bench: String?
    var verify: String?
    var mutation: String?
    var output: String?
    var machine: String?
    var commit: String?

    init(parsing arguments: ParsedArguments) throws {
        guard let name = arguments.string("--format") else {
            throw InputError("--format: required, one of \(DashboardFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        format = try parseChoice(name, option: "--format")
        bench = try arguments.inputFile("--bench")
        verify = try arguments.inputFile("--verify")
        guard bench != nil || verify != nil else { throw InputError("--bench or --verify: give at least one results file") }
        if bench == "-", verify == "-" { throw InputError("--verify: standard input is already --bench's") }
        if let given = try arguments.inputFile("--mutation") {
            mutation = given
        } else {
            let standard = Repository.root().appendingPathComponent("reports/mutation.json").path
            mutation = FileManager.default.fileExists(atPath: standard) ? standard : nil
        }
        output = try arguments.outputFile("--output")
        machine = arguments.string("--machine")
        commit = arguments.string("--commit")
    }

    func run(console: Console) throws -> Int32 {
        var metrics: [DashboardMetric] = []
        var context = DashboardExport.Context(machine: machine, commit: commit)
        if let bench {
            let report: BenchReport
            do {
                report = try BenchReport.decode(try Self.read(bench, option: "--bench"))
            } catch let error as InputError {
                throw error
            } catch {
                throw InputError("--bench: \(quoted(bench)): not a hooke bench --json file (\(BaselineJSON.describe(error)))")
            }
            metrics += DashboardExport.metrics(bench: report)
            context.machine = context.machine ?? report.machine?.name
            context.isa = report.environment.buildISA
            context.commit = context.commit ?? report.commit?.id
            context.timestamp = DashboardExport.timestamp(iso8601: report.date)
        }
        if let verify {
            let report: VerificationReport
            do {
                report = try VerificationReport.decode(try Self.read(verify, option: "--verify"))
            } catch let error as InputError {
                throw error
            } catch {
                throw InputError("--verify: \(quoted(verify)): not a hooke verify --json file (\(BaselineJSON.describe(error)))")
            }
            metrics += DashboardExport.metrics(verification: report)
        }
        if let mutation {
            do {
                let score = try JSONDecoder().decode(DashboardExport.MutationScore.self, from: try Self.read(mutation, option: "--mutation"))
                guard [1, 2].contains(score.schemaVersion) else {
                    throw InputError("--mutation: \(quoted(mutation)): schemaVersion \(score.schemaVersion), expected 1 or 2")
                }
                metrics += DashboardExport.metrics(mutation: score)
            } catch let error as InputError {
                throw error
            } catch {
                throw InputError("--mutation: \(quoted(mutation)): not a mutation summary (\(BaselineJSON.describe(error)))")
            }
        }
        let text = try DashboardExport.render(metrics, format: format, context: context)
        if let output, output != standardOutputPath {
            try writeAtomically(Data(text.utf8), toPath: output)
            console.printError("wrote \(metrics.count) series to \(output)")
        } else {
            console.write(text)
        }
        return ExitStatus.success
    }

    /// A file's bytes, or standard input's for "-".
    static func read(_ path: String, option: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("\(option): cannot read \(quoted(path))")
        }
        return data
    }
}
