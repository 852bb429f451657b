import HookeSupport
import AnimationMath
import Scenarios

/// `hooke eval curve`: a timing curve sampled over time, as a timing-curve animation shows it.
struct EvalCurveCommand: HookeCommand {
    static let words = ["eval", "curve"]
    static let summary = "Sample a timing curve (preset or Bézier) over a duration"
    static let presets = CurveTrajectory.presets
    static let options: [OptionSpec] = [
        OptionSpec("--preset", .single, "NAME", presets.map(\.0).joined(separator: ", ")),
        OptionSpec("--bezier", .single, "X1,Y1,X2,Y2", "control points of a cubic Bézier from (0,0) to (1,1)"),
        OptionSpec("--duration", .single, "D", "seconds, 1e-6 … 1e9 (default 0.35, SwiftUI's default)"),
        OptionSpec("--from", .single, "A", "start value (default 0)"), OptionSpec("--to", .single, "B", "end value (default 1)"),
    ] + SampleGrid.options + RowOutput.options
    static let help = """
    USAGE: hooke eval curve (--preset NAME | --bezier X1,Y1,X2,Y2) [--duration D] [--from A] [--to B]
                            [--until T] [--step DT] [--format csv|json] [--output FILE]

    Prints time,value,velocity with value = A + (B − A)·curve(t/D) and velocity its time derivative;
    after D the value holds at B (velocity 0). Progress is clamped to [0, 1]; the x of Bézier control
    points is clamped to [0, 1], y may overshoot (SwiftUI's UnitCurve). A Bézier with x1 = 0 and
    y1 ≠ 0 leaves 0 with a vertical tangent: its velocity at time 0 is infinite (inf in CSV, null
    in JSON).

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXAMPLE:
      hooke eval curve --preset easeInOut --until 0.35 --step 0.175
    """

    var curve: UnitCurve
    var duration: Double
    var from: Double
    var to: Double
    var grid: SampleGrid
    var output: RowOutput

    init(parsing arguments: ParsedArguments) throws {
        switch (arguments.string("--preset"), arguments.string("--bezier")) {
        case (nil, nil):
            throw InputError("give --preset NAME or --bezier X1,Y1,X2,Y2")
        case (.some, .some):
            throw InputError("give either --preset or --bezier, not both")
        case (let name?, nil):
            guard let preset = Self.presets.first(where: { $0.0 == name }) else {
                throw InputError("--preset: must be one of \(Self.presets.map(\.0).joined(separator: ", ")), got \(quoted(name))")
            }
            curve = preset.1
        case (nil, let text?):
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 4 else {
                throw InputError("--bezier: must be four numbers X1,Y1,X2,Y2, got \(quoted(text))")
            }
            let numbers = try zip(["X1", "Y1", "X2", "Y2"], parts).map { try parseNumber(String($1), name: "--bezier \($0)") }
            curve = .bezier(startControlPoint: UnitPoint(x: numbers[0], y: numbers[1]),
                            endControlPoint: UnitPoint(x: numbers[2], y: numbers[3]))
        }
        duration = try arguments.double("--duration", default: 0.35, .duration)
        from = try arguments.double("--from", default: 0)
        to = try arguments.double("--to", default: 1)
        grid = try SampleGrid(arguments)
        output = try RowOutput(arguments)
    }

    func run(console: Console) throws -> Int32 {
        let trajectory = CurveTrajectory(curve: curve, duration: duration, from: from, to: to)
        var rows = try output.writer(to: console)
        for time in grid.times {
            let state = trajectory.sample(at: time)
            try rows.row(time, state.value, state.velocity)
        }
        try rows.finish(on: console)
        return ExitStatus.success
    }
}
