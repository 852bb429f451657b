import HookeSupport
import AnimationMath
import ReferenceSolver
import Verification
import Scenarios

/// `hooke spring`: every parameterisation of one spring, its regime, SwiftUI's settlingDuration and
/// the true ε-settle time found on the reference.
struct SpringCommand: HookeCommand {
    static let words = ["spring"]
    static let summary = "Show one spring in every parameterisation, with its settling times"
    static let options: [OptionSpec] = SpringOptions.options + [OptionSpec("--format")]
    static let help = """
    USAGE: hooke spring SPRING [--format table|json]

    Shows response, dampingRatio, duration, bounce, mass, stiffness, damping, the regime, SwiftUI's
    settlingDuration (its own definition: target 1, velocity 0, ε 0.001) and the true ε-settle time
    of the motion 0 → 1 (the earliest time after which |x − 1| < 0.001 for ever), found on the GSL
    reference. When that search would need more than \(OscillatorReference.settleGridBudget) grid points (damping ratios
    below about 1e-5), the true settle time is given as bounds from the closed-form envelope:
    "≥ L (and ≤ U)", in JSON trueSettleTime null with trueSettleTimeAtLeast and trueSettleTimeAtMost;
    an undamped spring never settles (inf; JSON null). JSON keys are the Swift property names;
    numbers are printed in their shortest form that reads back as the same Double.

    \(SpringOptions.help)

    EXAMPLE:
      hooke spring --duration 0.5 --bounce 0.3
    """

    var spring: Spring
    /// `note:` lines about inputs adjusted as SwiftUI adjusts them (SpringOptions).
    var notes: [String] = []
    var json: Bool
    /// The SPRING flags as given, for messages.
    var inputs = ""

    init(parsing arguments: ParsedArguments) throws {
        inputs = SpringOptions.given(SpringOptions.options.map(\.name), in: arguments)
        let springOptions = try SpringOptions(arguments)
        spring = springOptions.spring
        notes = springOptions.notes
        let format = arguments.string("--format") ?? "table"
        guard ["table", "json"].contains(format) else {
            throw InputError("--format: must be table or json, got \(quoted(format))")
        }
        json = format == "json"
    }

    func run(console: Console) throws -> Int32 {
        for note in notes { console.printError(note) }
        let sheet: SpringSheet
        do {
            sheet = try SpringSheet(spring)
        } catch let error as ReferenceError {
            throw InputError("\(inputs.isEmpty ? "Spring()" : inputs): the true settle time: \(error.problem)")
        }
        if json {
            console.print(sheet.json)
        } else {
            for line in sheet.tableLines { console.print(line) }
        }
        return ExitStatus.success
    }
}
