import AnimationMath
import ReferenceSolver

/// `hooke eval spring`: one spring's trajectory from the exact closed form, the GSL reference, or
/// SwiftUI's `.spring` integrator, with optional retargets.
struct EvalSpringCommand: HookeCommand {
    static let words = ["eval", "spring"]
    static let summary = "Sample a spring's position and velocity (exact, gsl or swiftui engine)"
    static let options: [OptionSpec] = SpringOptions.options + [
        OptionSpec("--from"), OptionSpec("--to"), OptionSpec("--velocity"),
        OptionSpec("--retarget", .repeating), OptionSpec("--engine"),
        OptionSpec("--until"), OptionSpec("--step"), OptionSpec("--format"), RowWriter.option,
    ]
    static let help = """
    USAGE: hooke eval spring SPRING [--from X0] [--to X1] [--velocity V0] [--retarget T:X]...
                             [--engine exact|gsl|swiftui] [--until T] [--step DT] [--format csv|json] [--output FILE]

    Prints time,value,velocity at t = i·step for i = 0, 1, … while t ≤ until, 17 significant digits.

    \(SpringOptions.help)

    OPTIONS:
      --from X0            start value (default 0)
      --to X1              target (default 1)
      --velocity V0        initial velocity, value units per second (default 0)
      --retarget T:X       at time T (> 0) the target becomes X; repeatable, times non-decreasing
      --engine E           exact: the closed-form Spring, restarted from the current position and
                                  velocity at each retarget (default)
                           gsl: the GSL reference integrator with a piecewise-constant target
                           swiftui: SwiftUI's .spring(response:dampingFraction:) animation, the
                                  1/300 s integrator; a retarget merges (offset, velocity and force
                                  kept). It starts at rest, so --velocity is not allowed.
                                  Outside the integrator's stable region (dampingFraction ≥
                                  (1 − a²/4)/a, a = √k/300: 1.237 at the stiffness cap, 23.86 at
                                  response 0.5) the values grow without bound; a warning line
                                  says so on stderr.
      --until T            last sample time, seconds (default 1)
      --step DT            sample spacing, seconds (default 0.01)
      --format F           csv (default) or json
    \(RowWriter.help)

    EXAMPLE:
      hooke eval spring --response 0.5 --damping-ratio 0.8 --until 0.02 --step 0.01
    """

    enum Engine: String, CaseIterable { case exact, gsl, swiftui }

    var spring: Spring
    /// `note:` lines about inputs adjusted as SwiftUI adjusts them (SpringOptions).
    var notes: [String] = []
    var from: Double
    var to: Double
    var velocity: Double
    var retargets: [RetargetOption]
    var engine: Engine
    var grid: SampleGrid
    var format: OutputFormat
    /// `--output FILE`, or nil for standard output.
    var output: String?

    init(parsing arguments: ParsedArguments) throws {
        let springOptions = try SpringOptions(arguments)
        spring = springOptions.spring
        notes = springOptions.notes
        from = try arguments.double("--from", default: 0)
        to = try arguments.double("--to", default: 1)
        velocity = try arguments.double("--velocity", default: 0)
        retargets = try RetargetOption.parseAll(arguments)
        let engineName = arguments.string("--engine") ?? "exact"
        guard let engine = Engine(rawValue: engineName) else {
            throw UsageError("--engine: must be one of exact, gsl, swiftui, got \(quoted(engineName))")
        }
        self.engine = engine
        if engine == .swiftui, velocity != 0 {
            throw UsageError("--velocity: SwiftUI's .spring animation starts at rest, so --engine swiftui takes no initial velocity, got \(formatShort(velocity))")
        }
        grid = try SampleGrid(arguments)
        format = try OutputFormat(arguments)
        output = try arguments.outputFile("--output")
    }

    func run(console: Console) throws -> Int32 {
        for note in notes { console.printError(note) }
        var rows = try RowWriter(format, to: console, output: output, metadata: [("engine", jsonString(engine.rawValue))])
        switch engine {
        case .exact: try writeExactTrajectory(to: &rows)
        case .gsl: try writeReferenceTrajectory(to: &rows)
        case .swiftui: try writeSwiftUITrajectory(to: &rows)
        }
        let springAnimation = FluidSpringAnimation(response: spring.response, dampingFraction: spring.dampingRatio)
        if engine == .swiftui, !springAnimation.isStable {
            console.printError(StabilityWarning.line(for: springAnimation, at: "--engine swiftui"))
        } else if !rows.allFinite {
            console.printError(StabilityWarning.nonFinite)
        }
        try rows.finish()
        return ExitStatus.success
    }

    /// The closed form, restarted at each retarget from the position and velocity it reached.
    func writeExactTrajectory(to rows: inout RowWriter) throws {
        var segmentStart = 0.0, start = from, startVelocity = velocity, target = to
        var next = 0
        for time in grid.times {
            while next < retargets.count, retargets[next].time <= time {
                let event = retargets[next]
                let motion = spring.valueAndVelocity(target: target - start, initialVelocity: startVelocity,
                                                     time: event.time - segmentStart)
                start += motion.value
                startVelocity = motion.velocity
                segmentStart = event.time
                target = event.target
                next += 1
            }
            let motion = spring.valueAndVelocity(target: target - start, initialVelocity: startVelocity,
                                                 time: time - segmentStart)
            try rows.row(time, start + motion.value, motion.velocity)
        }
    }

    /// Sample times per reference solve: the rows of one block are held (24 bytes each), so memory
    /// stays bounded; a run this short is one solve.
    static let referenceBlock = 65_536

    /// The GSL reference, solved block by block: each block starts from the state the previous one
    /// ended in (its last sample), with the retargets still ahead, so no block holds more than
    /// `referenceBlock` rows. Restarting the driver at a block boundary is within the reference's
    /// contract (it resets at every retarget too).
    func writeReferenceTrajectory(to rows: inout RowWriter) throws {
        var start = 0.0, position = from, startVelocity = velocity, target = to
        var pending = retargets[...]
        var blockStart = 0
        while blockStart < grid.times.count {
            let indices = blockStart..<min(blockStart + Self.referenceBlock, grid.times.count)
            let problem = OscillatorProblem(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                initialPosition: position, initialVelocity: startVelocity, target: target,
                retargets: pending.map { OscillatorProblem.Retarget(time: $0.time - start, target: $0.target) })
            let solution: ReferenceTrajectory
            do {
                solution = try OscillatorReference.solve(problem, at: indices.map { grid.times[$0] - start })
            } catch let error as ReferenceError {
                throw UsageError("--engine gsl: \(referenceProblem(error, timeOffset: start)) (--until \(formatShort(grid.times.last ?? 0)))")
            }
            for (offset, index) in indices.enumerated() {
                try rows.row(grid.times[index], solution.positions[offset], solution.velocities[offset])
            }
            // The next block starts at this block's last sample, after the retargets up to it.
            start = grid.times[indices.last!]
            position = solution.positions.last!
            startVelocity = solution.velocities.last!
            while let next = pending.first, next.time <= start {
                target = next.target
                pending = pending.dropFirst()
            }
            blockStart = indices.upperBound
        }
    }

    /// SwiftUI's `.spring(response:dampingFraction:)` through the animator, as a view would run it:
    /// the change to `to` at time 0, then each retarget as a change at its time, which merges into
    /// the running integrator (offset, velocity and force kept; its clock restarts at T).
    func writeSwiftUITrajectory(to rows: inout RowWriter) throws {
        let animation = Animation.spring(response: spring.response, dampingFraction: spring.dampingRatio)
        var animator = Animator<Double>(value: from)
        animator.setValue(to, animation: animation, at: 0)
        var next = 0
        for time in grid.times {
            while next < retargets.count, retargets[next].time <= time {
                animator.setValue(retargets[next].target, animation: animation, at: retargets[next].time)
                next += 1
            }
            let frame = animator.frame(at: time)
            try rows.row(time, frame.value, frame.velocity ?? .nan)
        }
    }
}
