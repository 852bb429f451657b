import HookeSupport
import AnimationMath
import Scenarios

/// `hooke run SCENARIO.json`: drives an `Animator` through a timeline of transactions and prints
/// one row per frame (time, presentation value, velocity), plus the completion events in JSON; or,
/// for a tree scenario, resolves each change's transaction through the tree and prints one row per
/// value per frame.
struct RunCommand: HookeCommand {
    static let words = ["run"]
    static let summary = "Drive the animator through a scenario of transactions, one row per frame"
    static let options: [OptionSpec] = RowOutput.options
    static let maxPositionals = 1
    static let help = """
    USAGE: hooke run SCENARIO.json [--format csv|json] [--output FILE]

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

    TREE SCENARIO (a "tree" member at the root; rows 'time,name,value,velocity', one per value
    per frame; JSON adds one completion per change at most):
      { "frameRate": 60, "until": 1,
        "state": {"selected": 0},                      named numbers no node draws (optional)
        "keys": {"tapped": false},                     custom transaction keys and defaults (optional)
        "tree": { "modifiers": [...], "values": {"scale": 1}, "children": [NODE, ...] },
        "changes": [ { "time": 0, "set": {"selected": 1, "scale": 1.5},
                       "animation": ANIMATION, "disablesAnimations": false, "keys": {"tapped": true},
                       "completion": NAME, "completionCriteria": "removed" } ] }

      modifiers   outermost first (the order a transaction meets them; Swift writes them last):
                  {"animation": A|null, "value": NAME}          .animation(_:value:)
                  {"animation": A|null, "body": {NAME: v}}      .animation(_:body:)
                  {"transaction": T}                            .transaction(_:)
                  {"transaction": T, "value": NAME}             .transaction(value:_:)
      T           {"keys": {KEY: v}, "disablesAnimations": B, "animation": A|null}, or with
                  "modifyAnimation": [MODIFIER, ...] for $0.animation = $0.animation?.delay(…),
                  or {"if": {"key": KEY, "equals": v}, "then": T, "else": T}
      The rules (which animation each value runs) are in the AnimationMath article Transactions.

    Bad files exit 2 with the JSON path of the field in the message, e.g.
      transactions[2].animation.spring.response: must be > 0, got -1
    A spring outside the stable region of SwiftUI's 1/300 s integrator (see 'hooke eval spring
    --help') runs as is and grows without bound; one warning line on stderr names it.

    OPTIONS:
    \(OptionSpec.helpLines(options))

    EXAMPLE:
      hooke run examples/scenarios/spring-retarget.json
    """

    var path: String
    var scenario: ScenarioFile
    var output: RowOutput

    init(parsing arguments: ParsedArguments) throws {
        path = try arguments.requiredFile("a scenario file", placeholder: "SCENARIO.json")
        output = try RowOutput(arguments)
        scenario = try ScenarioFile(path: path)
    }

    func run(console: Console) throws -> Int32 {
        switch scenario {
        case .flat(let scenario):
            var rows = try output.writer(to: console, dimension: scenario.dimension, metadata: [("scenario", jsonString(path))])
            let completions = try scenario.run { try rows.row($0) }
            if let warning = scenario.stabilityWarning(allFinite: rows.allFinite) { console.printError(warning) }
            try rows.finish(trailer: RowWriter.completionsJSON(completions), on: console)
        case .tree(let scenario):
            let names = "[" + scenario.valueNames.map(jsonString).joined(separator: ", ") + "]"
            var rows = try output.writer(to: console, valueNames: scenario.valueNames,
                                         metadata: [("scenario", jsonString(path)), ("values", names)])
            let completions = try scenario.run { try rows.row($0) }
            try rows.finish(trailer: RowWriter.completionsJSON(completions), on: console)
        }
        return ExitStatus.success
    }
}
