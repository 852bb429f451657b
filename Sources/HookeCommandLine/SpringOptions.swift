import HookeSupport
import AnimationMath
import Scenarios

/// The SPRING arguments every spring command shares (README.md, "The command line"):
/// `--response R --damping-ratio Z | --duration D [--bounce B] | --stiffness K --damping C [--mass M]`.
/// Exactly one parameterisation; none at all means SwiftUI's `Spring()` (duration 0.5, bounce 0).
struct SpringOptions {
    static let options: [OptionSpec] = [
        OptionSpec("--response"), OptionSpec("--damping-ratio"),
        OptionSpec("--duration"), OptionSpec("--bounce"),
        OptionSpec("--stiffness"), OptionSpec("--damping"), OptionSpec("--mass"),
        OptionSpec("--allow-overdamping", .flag),
    ]

    static let help = """
    SPRING (one form; none means Spring(), duration 0.5 and bounce 0):
      --response R --damping-ratio Z    response in seconds (1e-6 … 1e6) and damping ratio
                                        (0 … 1e100)
      --duration D [--bounce B]         perceptual duration (1e-6 … 1e6 s) and bounce (> -1;
                                        default 0)
      --stiffness K --damping C [--mass M] [--allow-overdamping]
                                        k > 0, c ≥ 0, m > 0 (default 1), each ≤ 1e100, with
                                        2π√(m/k) and the damping ratio in the ranges above; without
                                        --allow-overdamping an overdamped spring becomes
                                        critically damped, as SwiftUI's initializer does
    """

    /// `--name value` for each given option, as the user typed the values (for messages).
    static func given(_ names: [String], in arguments: ParsedArguments) -> String {
        names.compactMap { name in arguments.string(name).map { "\(name) \($0)" } }.joined(separator: " ")
    }

    var spring: Spring
    /// How the spring was given, for messages and reports.
    var form: String
    /// `note:` lines for stderr, one per input adjusted the way SwiftUI adjusts it, each naming the
    /// flags that keep the input as given.
    var notes: [String] = []

    init(_ arguments: ParsedArguments) throws {
        let responseForm = arguments.has("--response") || arguments.has("--damping-ratio")
        let durationForm = arguments.has("--duration") || arguments.has("--bounce")
        let physicalForm = arguments.has("--stiffness") || arguments.has("--damping") || arguments.has("--mass")
            || arguments.has("--allow-overdamping")
        let forms = [responseForm, durationForm, physicalForm].filter { $0 }.count
        if forms > 1 {
            throw InputError("give one spring form: --response/--damping-ratio, --duration/--bounce, or --stiffness/--damping/--mass, not several")
        }
        if responseForm {
            guard let response = try arguments.double("--response", .positive) else {
                throw InputError("--response: required with --damping-ratio")
            }
            guard let ratio = try arguments.double("--damping-ratio", .nonNegative) else {
                throw InputError("--damping-ratio: required with --response")
            }
            spring = Spring(response: response, dampingRatio: ratio)
            form = "response \(formatShort(response)), dampingRatio \(formatShort(ratio))"
            try InputRange.check(spring, inputs: Self.given(["--response", "--damping-ratio"], in: arguments))
        } else if physicalForm {
            let mass = try arguments.double("--mass", default: 1, .positive)
            guard let stiffness = try arguments.double("--stiffness", .positive) else {
                throw InputError("--stiffness: required with --damping or --mass")
            }
            guard let damping = try arguments.double("--damping", .nonNegative) else {
                throw InputError("--damping: required with --stiffness")
            }
            spring = Spring(mass: mass, stiffness: stiffness, damping: damping,
                            allowOverDamping: arguments.flag("--allow-overdamping"))
            if spring.decayConstant != damping / (2 * mass) {  // the same λ the initialiser forms: clamped
                notes.append("note: --damping \(formatShort(damping)) is above critical damping for --stiffness \(formatShort(stiffness)) "
                             + "and --mass \(formatShort(mass)); like SwiftUI, the spring is critically damped (damping "
                             + "\(formatShort(spring.damping))); add --allow-overdamping to keep the damping as given")
            }
            form = "mass \(formatShort(mass)), stiffness \(formatShort(stiffness)), damping \(formatShort(damping))"
            try InputRange.check(spring, inputs: Self.given(["--mass", "--stiffness", "--damping"], in: arguments))
        } else {
            let duration = try arguments.double("--duration", default: 0.5, .positive)
            let bounce = try arguments.double("--bounce", default: 0)
            if bounce <= -1 {
                throw InputError("--bounce: must be > -1 (bounce ≤ -1 has no damping ratio), got \(formatShort(bounce))")
            }
            spring = Spring(duration: duration, bounce: bounce)
            if bounce > 1 {
                notes.append("note: --bounce \(formatShort(bounce)) is above 1; like SwiftUI, the spring is undamped (bounce 1); "
                             + "no flag keeps a bounce above 1 (it would need negative damping)")
            }
            form = "duration \(formatShort(duration)), bounce \(formatShort(bounce))"
            try InputRange.check(spring, inputs: Self.given(["--duration", "--bounce"], in: arguments))
        }
    }
}
