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
    static let suiteOptions = [
        OptionSpec("--quick", .flag, "", "only the quick set (each quick check is identical in full runs)"),
        OptionSpec("--mutants", .flag, "", """
        plant the faults even in a --suite run (an unfiltered run always does):
        run every suite's quick checks on each deliberately wrong implementation
        and report which checks caught it (the mutation score); the run fails
        when a fault goes uncaught or the fault-free control fails (~4 s)
        """),
        OptionSpec("--no-mutants", .flag, "", "do not plant the faults"),
        OptionSpec("--suite", .repeating, "NAME", "run only this suite (repeatable); one of:\n" + Verifier.suiteNames.joined(separator: ", ")),
        OptionSpec("--json", .single, "FILE", """
        write every check (suite, name, kind, source, implementation, metrics,
        tolerance, status) and the planted faults (mutants) as JSON, atomically;
        '-' writes it to standard output and the summary table to standard error
        """),
        OptionSpec("--baseline", .single, "FILE", "the accuracy baseline (default \(AccuracyBaseline.defaultPath) in the repository)"),
        OptionSpec("--update-baseline", .flag, "", """
        rewrite the baseline from this run (atomically); a filtered or quick run
        replaces only the checks that ran
        """),
        OptionSpec("--seed", .single, "N", "seed of the random cases (default \(VerificationConfiguration.defaultSeed))"),
    ]
    static let traceOptions = [
        OptionSpec("--trace", .single, "FILE.csv", """
        header 'time,value' or 'time,value,velocity'; compares the trace with the
        GSL reference for SPRING from X0 (default 0) to X1 (default 1) with initial
        velocity V0 (default 0) and the retargets; prints the worst and RMS error
        relative to the distance and where the worst occurs
        """),
        OptionSpec("--tolerance", .single, "REL", "allowed worst error relative to the distance (default 1e-6)"),
    ]
    /// The trace's start and retargets are described with `--trace`.
    static let options = SpringOptions.options + suiteOptions + traceOptions
        + SpringTrajectory.options.map { OptionSpec($0.name, $0.kind) }
    static let help = """
    USAGE: hooke verify [--quick] [--mutants | --no-mutants] [--suite NAME]... [--json FILE] [--update-baseline] [--baseline FILE] [--seed N]
           hooke verify --trace FILE.csv SPRING [--from X0] [--to X1] [--velocity V0] [--retarget T:X]...
                        [--tolerance REL]

    Runs the verification suites concurrently and prints a summary table. A progress line per suite
    goes to stderr. Every metric is compared with the baseline; a metric regresses when it exceeds
    max(10 × baseline, baseline + 2 ulp-equivalents).

    OPTIONS:
    \(OptionSpec.helpLines(suiteOptions))

    TRACE MODE:
    \(OptionSpec.helpLines(traceOptions))

    \(SpringOptions.help)

    Recordings are read from data/swiftui-recordings in the repository ($HOOKE_RECORDINGS names
    another folder); without them that suite is reported as skipped.
    Exit 0 all pass, 1 a check failed or a metric regressed, 2 bad usage, 4 all pass and some
    metric improved on the baseline beyond the noise band (update it with --update-baseline).
    """

    enum Mode {
        case suites(VerificationRun, json: String?)
        case trace(VerifyTrace)
    }

    var mode: Mode

    init(parsing arguments: ParsedArguments) throws {
        if arguments.has("--trace") {
            mode = .trace(try VerifyTrace(parsing: arguments))
            return
        }
        for flag in VerifyTrace.onlyWithTrace where arguments.has(flag) {
            throw InputError("\(flag): only allowed with --trace")
        }
        mode = try Self.suitesMode(arguments)
    }

    func run(console: Console) throws -> Int32 {
        switch mode {
        case let .trace(trace):
            return try trace.run(console: console)
        case let .suites(run, json):
            return try runSuites(run, json: json, console: console)
        }
    }
}
