import AnimationMath

/// `hooke run SCENARIO.json`: drives an `Animator` through a timeline of transactions and prints
/// one row per frame (time, presentation value, velocity), plus the completion events in JSON.
struct RunCommand: HookeCommand {
    static let words = ["run"]
    static let summary = "Drive the animator through a scenario of transactions, one row per frame"
    static let options: [OptionSpec] = [OptionSpec("--format")]
    static let maxPositionals = 1
    static let help = """
    USAGE: hooke run SCENARIO.json [--format csv|json]

    Reads a scenario — an initial value, frame times and transactions (changes with an animation) —
    and prints what a view shows at each frame: CSV 'time,value,velocity' (vectors:
    time,value[0],…,velocity[0],…) with 17 significant digits; JSON adds the completion events.
    A transaction at time T applies before the frame at T. A velocity the animations cannot give
    prints as nan (CSV) or null (JSON).

    SCENARIO:
      { "value": 694,
        "frames": [0.0167, 0.0333],               or "frameRate": 60, "until": 2.0
        "transactions": [
          { "time": 0, "value": 594,
            "animation": {"spring": {"response": 2.2, "dampingFraction": 0.5}},
            "completion": "down", "completionCriteria": "removed" },
          { "time": 1.9835, "value": 694,
            "animation": {"base": {"easeInOut": {"duration": 0.5}}, "modifiers": [{"delay": 0.1}]} } ] }

      value       a number, or an array of numbers (every transaction then gives the same length)
      animation   null, {NAME: {parameters}}, or {"base": ANIMATION, "modifiers": [MODIFIER, ...]}
                  NAME: spring (response, dampingFraction, blendDuration | duration, bounce),
                  smooth, snappy, bouncy (duration, extraBounce), interactiveSpring,
                  interpolatingSpring (mass, stiffness, damping, initialVelocity | duration, bounce),
                  linear, easeIn, easeOut, easeInOut (duration), timingCurve (controlPoints
                  [x1,y1,x2,y2], duration), default ({}); omitted parameters take SwiftUI's defaults
      MODIFIER    {"delay": D} {"speed": S} {"repeatCount": N, "autoreverses": B}
                  {"repeatForever": true, "autoreverses": B} {"logicallyComplete": T}
      also        "disablesAnimations": true, "completion": NAME,
                  "completionCriteria": "logicallyComplete" (default) | "removed"

    Bad files exit 2 with the JSON path of the field in the message, e.g.
      transactions[2].animation.spring.response: must be > 0, got -1
    A spring outside the stable region of SwiftUI's 1/300 s integrator (see 'hooke eval spring
    --help') runs as is and grows without bound; one warning line on stderr names it.

    OPTIONS:
      --format F   csv (default) or json

    EXAMPLE:
      hooke run examples/scenarios/spring-retarget.json
    """

    var path: String
    var scenario: Scenario
    var format: OutputFormat

    init(parsing arguments: ParsedArguments) throws {
        guard let path = arguments.positionals.first else {
            throw UsageError("needs a scenario file: hooke run SCENARIO.json; see 'hooke run --help'")
        }
        self.path = path
        format = try OutputFormat(arguments)
        scenario = try Scenario(path: path)
    }

    func run(console: Console) throws -> Int32 {
        let result = scenario.isVector
            ? Self.simulate(scenario, initial: AnimatableVector(scenario.initialValue), make: { AnimatableVector($0) },
                            components: { $0.values })
            : Self.simulate(scenario, initial: scenario.initialValue[0], make: { $0[0] }, components: { [$0] })
        let unstable = scenario.transactions.indices.lazy.compactMap { index in
            self.scenario.transactions[index].animation.flatMap(StabilityWarning.unstableSpring).map { (index, $0) }
        }.first
        if let (index, spring) = unstable {
            console.printError(StabilityWarning.line(for: spring, at: "transactions[\(index)].animation"))
        } else if !(result.values + result.velocities.compactMap { $0 }).allSatisfy({ $0.allSatisfy(\.isFinite) }) {
            console.printError(StabilityWarning.nonFinite)
        }
        write(result, to: console)
        return ExitStatus.success
    }

    /// Rows of a run: per frame the time, value components and velocity components (nil: unknown).
    struct Result {
        var times: [Double] = []
        var values: [[Double]] = []
        var velocities: [[Double]?] = []
        var events: [AnimationCompletionEvent] = []
    }

    static func simulate<V: VectorArithmetic>(
        _ scenario: Scenario, initial: V, make: ([Double]) -> V, components: (V) -> [Double]
    ) -> Result {
        let dimension = scenario.initialValue.count
        /// Components padded to the scenario's length (an `AnimatableVector` may drop trailing zeros).
        func padded(_ value: V) -> [Double] {
            var list = components(value)
            if list.count < dimension { list += repeatElement(0, count: dimension - list.count) }
            return list
        }
        var animator = Animator(value: initial)
        var result = Result()
        result.times.reserveCapacity(scenario.frames.count)
        var next = 0
        func apply(upTo time: Double) {
            while next < scenario.transactions.count, scenario.transactions[next].time <= time {
                let change = scenario.transactions[next]
                let completion = change.completionID.map { AnimationCompletion(id: $0, criteria: change.completionCriteria) }
                let transaction = Transaction(
                    animation: change.animation, disablesAnimations: change.disablesAnimations, completion: completion)
                animator.setValue(make(change.value), transaction: transaction, at: change.time)
                next += 1
            }
        }
        for time in scenario.frames {
            apply(upTo: time)
            let frame = animator.frame(at: time)
            result.times.append(frame.time)
            result.values.append(padded(frame.value))
            result.velocities.append(frame.velocity.map(padded))
        }
        apply(upTo: .infinity)  // later transactions still report completions that fire at once
        result.events = animator.completionEvents
        return result
    }

    func write(_ result: Result, to console: Console) {
        let dimension = scenario.initialValue.count
        switch format {
        case .csv:
            var header = ["time"]
            if scenario.isVector {
                header += (0..<dimension).map { "value[\($0)]" } + (0..<dimension).map { "velocity[\($0)]" }
            } else {
                header += ["value", "velocity"]
            }
            var text = header.joined(separator: ",") + "\n"
            text.reserveCapacity(result.times.count * (20 + 40 * dimension))
            for index in result.times.indices {
                var fields = [formatNumber(result.times[index])]
                fields += result.values[index].map(formatNumber)
                fields += result.velocities[index]?.map(formatNumber) ?? Array(repeating: "nan", count: dimension)
                text += fields.joined(separator: ",") + "\n"
            }
            console.write(text)
        case .json:
            func numbers(_ list: [Double]?) -> String {
                guard let list else { return "null" }
                return scenario.isVector ? "[" + list.map(formatJSONNumber).joined(separator: ", ") + "]" : formatJSONNumber(list[0])
            }
            var text = "{\"scenario\": \(jsonString(path)), \"rows\": ["
            for index in result.times.indices {
                text += index == 0 ? "\n  " : ",\n  "
                text += "{\"time\": \(formatJSONNumber(result.times[index])), \"value\": \(numbers(result.values[index])), \"velocity\": \(numbers(result.velocities[index]))}"
            }
            text += "\n], \"completions\": ["
            for (index, event) in result.events.enumerated() {
                text += index == 0 ? "\n  " : ",\n  "
                text += "{\"name\": \(jsonString(scenario.completionNames[event.id])), \"criteria\": \(jsonString(event.criteria.description)), \"time\": \(formatJSONNumber(event.time))}"
            }
            text += result.events.isEmpty ? "]}\n" : "\n]}\n"
            console.write(text)
        }
    }
}
