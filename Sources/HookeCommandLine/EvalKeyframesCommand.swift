import AnimationMath

/// `hooke eval keyframes FILE.json`: a keyframe timeline (`KeyframeTimeline`) sampled over time.
struct EvalKeyframesCommand: HookeCommand {
    static let words = ["eval", "keyframes"]
    static let summary = "Sample a keyframe timeline (linear, cubic, spring, move keyframes) from JSON"
    static let options: [OptionSpec] = [OptionSpec("--until"), OptionSpec("--step"), OptionSpec("--format")]
    static let maxPositionals = 1
    static let help = """
    USAGE: hooke eval keyframes FILE.json [--until T] [--step DT] [--format csv|json]

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
      --until T            last sample time, seconds (default: the timeline's duration)
      --step DT            sample spacing, seconds (default 0.01)
      --format F           csv (default) or json

    EXAMPLE:
      hooke eval keyframes examples/keyframes/mixed.json --step 0.05
    """

    var path: String
    var file: KeyframesFile
    var grid: SampleGrid
    var format: OutputFormat

    init(parsing arguments: ParsedArguments) throws {
        guard let path = arguments.positionals.first else {
            throw UsageError("needs a timeline file: hooke eval keyframes FILE.json; see 'hooke eval keyframes --help'")
        }
        self.path = path
        format = try OutputFormat(arguments)
        let step = try arguments.double("--step", default: 0.01, .positive)
        let until = try arguments.double("--until", .nonNegative)
        file = try KeyframesFile(path: path)
        let duration = KeyframeTrack(initialValue: 0.0, keyframes: file.keyframes { _ in 0.0 }).duration
        grid = try SampleGrid(until: until ?? duration, step: step)
    }

    func run(console: Console) throws -> Int32 {
        if file.isVector {
            let dimension = file.initialValue.count
            let timeline = KeyframeTimeline(initialValue: AnimatableVector(file.initialValue),
                                            keyframes: file.keyframes { AnimatableVector($0) })
            /// Components padded to the file's length (an `AnimatableVector` may be shorter).
            func padded(_ vector: AnimatableVector) -> [Double] {
                var list = vector.values.map { $0 + 0 }  // −0 (0 scaled by a negative factor) prints as 0
                if list.count < dimension { list += repeatElement(0, count: dimension - list.count) }
                return list
            }
            let values = grid.times.map { padded(timeline.value(time: $0)) }
            let velocities = grid.times.map { padded(timeline.velocity(time: $0)) }
            writeVectors(values: values, velocities: velocities, duration: timeline.duration, to: console)
        } else {
            let timeline = KeyframeTimeline(initialValue: file.initialValue[0], keyframes: file.keyframes { $0[0] })
            // `+ 0` turns −0 (0 scaled by a negative factor) into 0 for printing.
            TrajectoryTable(times: grid.times, values: grid.times.map { timeline.value(time: $0) + 0 },
                            velocities: grid.times.map { timeline.velocity(time: $0) + 0 })
                .write(format, to: console, metadata: [("timeline", jsonString(path)),
                                                       ("duration", formatJSONNumber(timeline.duration))])
        }
        return ExitStatus.success
    }

    /// CSV `time,value[0],…,velocity[0],…` or JSON rows with arrays, as `hooke run` writes vectors.
    func writeVectors(values: [[Double]], velocities: [[Double]], duration: Double, to console: Console) {
        let dimension = file.initialValue.count
        switch format {
        case .csv:
            let header = ["time"] + (0..<dimension).map { "value[\($0)]" } + (0..<dimension).map { "velocity[\($0)]" }
            var text = header.joined(separator: ",") + "\n"
            for index in grid.times.indices {
                let fields = [formatNumber(grid.times[index])] + values[index].map(formatNumber) + velocities[index].map(formatNumber)
                text += fields.joined(separator: ",") + "\n"
            }
            console.write(text)
        case .json:
            func numbers(_ list: [Double]) -> String { "[" + list.map(formatJSONNumber).joined(separator: ", ") + "]" }
            var text = "{\"timeline\": \(jsonString(path)), \"duration\": \(formatJSONNumber(duration)), \"rows\": ["
            for index in grid.times.indices {
                text += index == 0 ? "\n  " : ",\n  "
                text += "{\"time\": \(formatJSONNumber(grid.times[index])), \"value\": \(numbers(values[index])), \"velocity\": \(numbers(velocities[index]))}"
            }
            text += "\n]}\n"
            console.write(text)
        }
    }
}
