import HookeSupport
import AnimationMath
import ReferenceSolver
import Verification
import Scenarios

/// `hooke eval spring`: one spring's trajectory from the exact closed form, the GSL reference, or
/// SwiftUI's `.spring` integrator, with optional retargets.
struct EvalSpringCommand: HookeCommand {
    static let words = ["eval", "spring"]
    static let summary = "Sample a spring's position and velocity (exact, gsl or swiftui engine)"
    static let options: [OptionSpec] = SpringOptions.options + SpringTrajectory.options + [
        OptionSpec("--engine", .single, "E", """
        exact: the closed-form Spring, restarted from the current position and
               velocity at each retarget (default)
        gsl: the GSL reference integrator with a piecewise-constant target
        swiftui: SwiftUI's .spring(response:dampingFraction:) animation, the
               1/300 s integrator; a retarget merges (offset, velocity and force
               kept). It starts at rest, so --velocity is not allowed.
               Outside the integrator's stable region (dampingFraction ≥
               (1 − a²/4)/a, a = √k/300: 1.237 at the stiffness cap, 23.86 at
               response 0.5) the values grow without bound; a warning line
               says so on stderr.
        """),
    ] + SampleGrid.options + RowOutput.options
    static let help = """
    USAGE: hooke eval spring SPRING [--from X0] [--to X1] [--velocity V0] [--retarget T:X]...
                             [--engine exact|gsl|swiftui] [--until T] [--step DT] [--format csv|json] [--output FILE]

    Prints time,value,velocity at t = i·step for i = 0, 1, … while t ≤ until, 17 significant digits.

    \(SpringOptions.help)

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXAMPLE:
      hooke eval spring --response 0.5 --damping-ratio 0.8 --until 0.02 --step 0.01
    """

    enum Engine: String, CaseIterable { case exact, gsl, swiftui }

    var trajectory: SpringTrajectory
    /// `note:` lines about inputs adjusted as SwiftUI adjusts them (SpringOptions).
    var notes: [String] = []
    var engine: Engine
    var grid: SampleGrid
    var output: RowOutput

    init(parsing arguments: ParsedArguments) throws {
        trajectory = try SpringTrajectory(arguments, notes: &notes)
        engine = try arguments.choice("--engine", default: "exact")
        if engine == .swiftui, trajectory.velocity != 0 {
            throw InputError("--velocity: SwiftUI's .spring animation starts at rest, so --engine swiftui takes no initial velocity, got \(formatShort(trajectory.velocity))")
        }
        grid = try SampleGrid(arguments)
        output = try RowOutput(arguments)
    }

    func run(console: Console) throws -> Int32 {
        for note in notes { console.printError(note) }
        var rows = try output.writer(to: console, metadata: [("engine", jsonString(engine.rawValue))])
        switch engine {
        case .exact: try trajectory.exact(at: grid.times) { try rows.row($0, $1, $2) }
        case .gsl:
            let problem = OscillatorProblem(spring: trajectory.spring, from: trajectory.from, to: trajectory.to,
                                            velocity: trajectory.velocity, retargets: trajectory.retargets)
            do {
                try OscillatorReference.solve(problem, at: grid.times) { try rows.row($0, $1, $2) }
            } catch let error as ReferenceError {
                throw InputError("--engine gsl: \(error.problem) (--until \(formatShort(grid.times.last ?? 0)))")
            }
        case .swiftui: try trajectory.swiftUI(at: grid.times) { try rows.row($0, $1, $2) }
        }
        if let warning = trajectory.stabilityWarning(swiftUI: engine == .swiftui, allFinite: rows.allFinite) {
            console.printError(warning)
        }
        try rows.finish(on: console)
        return ExitStatus.success
    }
}

extension SpringTrajectory {
    /// `StabilityWarning.line` for this trajectory's rows (`allFinite`: `RowWriter.allFinite`); its
    /// `.spring` is judged only for the `swiftUI` rows (`--engine swiftui`).
    func stabilityWarning(swiftUI: Bool, allFinite: Bool) -> String? {
        let animation = FluidSpringAnimation(response: spring.response, dampingFraction: spring.dampingRatio)
        return StabilityWarning.line(unstable: swiftUI && !animation.isStable ? animation : nil, at: "--engine swiftui",
                                     allFinite: allFinite)
    }
}
