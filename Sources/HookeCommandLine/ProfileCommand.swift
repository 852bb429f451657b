import HookeSupport
import FrameBench
import Scenarios

/// `hooke profile WORKLOAD`: runs one workload for a fixed number of frames and nothing else, for
/// valgrind's callgrind (scripts/profile) or perf. No timing, no error measurement, no output
/// besides one line naming what ran.
struct ProfileCommand: HookeCommand {
    static let words = ["profile"]
    static let summary = "Run one workload for a fixed number of frames (for callgrind or perf)"
    static let options: [OptionSpec] = [
        OptionSpec("--strategy", .single, "S", "naive, fast, euler, rk4 or gsl (default fast)"),
        OptionSpec("--animations", .single, "N", "1…1000000 (default 10000)"),
        OptionSpec("--frames", .single, "F", "1…100000 (default 100)"),
        OptionSpec("--threads", .single, "T", "1…\(Machine.cores * 4), 4× the cores, as for 'hooke bench' (default 1)"),
        OptionSpec("--frame-rate", .single, "F", "60 or 120 (default 120)"),
    ]
    static let maxPositionals = 1
    static let help = """
    USAGE: hooke profile WORKLOAD [--strategy S] [--animations N] [--frames F] [--threads T] [--frame-rate 60|120]

    Builds the population, advances it F frames and exits: the only work is the workload itself, so
    a profiler's counts divide cleanly by N·F. scripts/profile wraps it in callgrind and prints
    instructions per animation per frame. Needs a release build.

    WORKLOAD: spring, swiftui-spring, curve, mixed or keyframes (see 'hooke bench --help' for the strategies).

    OPTIONS:
    \(OptionSpec.helpLines(options, column: 20))
    """

    var configuration: BenchConfiguration
    var frames: Int

    init(parsing arguments: ParsedArguments) throws {
        guard let name = arguments.positionals.first else {
            throw InputError("WORKLOAD: missing; one of \(Workload.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let workload = try BenchCommand.workload(name, option: "WORKLOAD")
        let strategyName = arguments.string("--strategy") ?? "fast"
        let strategy = try BenchCommand.strategy(strategyName)
        guard workload.strategies.contains(strategy) else {
            throw InputError("--strategy: workload \(name) has \(workload.strategies.map(\.rawValue).joined(separator: ", ")), got \(quoted(strategyName))")
        }
        let animations = try BenchCommand.animations(arguments.string("--animations") ?? "10000", option: "--animations")
        frames = try arguments.int("--frames", default: 100, minimum: 1)
        guard frames <= 100_000 else { throw InputError("--frames: must be an integer in 1…100000, got \(quoted(frames))") }
        let threads = try BenchCommand.threads(arguments.string("--threads") ?? "1", option: "--threads")
        let rate = try BenchCommand.frameRate(arguments.string("--frame-rate") ?? "120")
        configuration = BenchConfiguration(workload: workload, strategy: strategy, animations: animations,
                                           threads: threads, frameRate: rate)
    }

    func run(console: Console) throws -> Int32 {
        guard BuildConfiguration.current == .release else {
            throw InputError(Self.debugRefusal())
        }
        let work = FrameRunner.profile(configuration, frames: frames) ?? 0
        console.print("profiled \(configuration), \(frames) frames: \(work) animation-frames")
        return ExitStatus.success
    }
}
