import HookeSupport
import Scenarios

/// `hooke eval keyframes FILE.json`: a keyframe timeline (`KeyframeTimeline`) sampled over time.
struct EvalKeyframesCommand: HookeCommand {
    static let words = ["eval", "keyframes"]
    static let summary = "Sample a keyframe timeline (linear, cubic, spring, move keyframes) from JSON"
    static let options: [OptionSpec] = [OptionSpec("--until", .single, "T", "last sample time, seconds (default: the timeline's duration)"),
                                        SampleGrid.options[1]] + RowOutput.options
    static let maxPositionals = 1
    static let help = """
    USAGE: hooke eval keyframes FILE.json [--until T] [--step DT] [--format csv|json] [--output FILE]

    Prints time,value,velocity at t = i·step for i = 0, 1, … while t ≤ until, 17 significant digits
    (vectors: time,value[0],…,velocity[0],…, as 'hooke run'). After the last keyframe the value holds
    (velocity 0).

    FILE:
      { "initial": 0,
        "keyframes": [
          {"spring": {"value": 1, "duration": 1.0, "spring": {"duration": 0.5, "bounce": 0.3}}},
          {"linear": {"value": 3, "duration": 0.5, "timingCurve": "easeInOut"}},
          {"cubic":  {"value": 2, "duration": 0.4}},
          {"move":   {"value": -2}} ] }

      initial     a number, or an array of numbers (then every value and velocity is an array of
                  the same length)
      linear      value, duration (≥ 0), timingCurve: linear (default), easeIn, easeOut, easeInOut,
                  circularEaseIn, circularEaseOut, circularEaseInOut, or [x1, y1, x2, y2]
      cubic       value, duration (≥ 0), startVelocity, endVelocity (omitted: smooth, Catmull-Rom)
      spring      value, duration (≥ 0; omitted: the spring's settling duration), startVelocity
                  (omitted: the incoming velocity), spring: {"duration", "bounce"} |
                  {"response", "dampingRatio"} | {"mass", "stiffness", "damping", "allowOverDamping"}
                  (omitted: Spring(), duration 0.5, bounce 0). The next keyframe takes over after
                  duration, from wherever the spring is.
      move        value: jumps there at once

    Bad files exit 2 with the JSON path of the field in the message, e.g.
      keyframes[1].linear.duration: must be ≥ 0, got -1

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXAMPLE:
      hooke eval keyframes examples/keyframes/mixed.json --step 0.05
    """

    var path: String
    var file: KeyframesFile
    var grid: SampleGrid
    var output: RowOutput

    init(parsing arguments: ParsedArguments) throws {
        path = try arguments.requiredFile("a timeline file", placeholder: "FILE.json")
        output = try RowOutput(arguments)
        let step = try arguments.double("--step", default: 0.01, .positiveTime)
        let until = try arguments.double("--until", .time)
        file = try KeyframesFile(path: path)
        grid = try SampleGrid.checked(until: until ?? file.duration, step: step)
    }

    func run(console: Console) throws -> Int32 {
        var rows = try output.writer(to: console, dimension: file.dimension, metadata: metadata(file.duration))
        try file.sample(at: grid.times) { try rows.row($0, components: $1, velocities: $2) }
        try rows.finish(on: console)
        return ExitStatus.success
    }

    func metadata(_ duration: Double) -> [(String, String)] {
        [("timeline", jsonString(path)), ("duration", formatJSONNumber(duration))]
    }
}
