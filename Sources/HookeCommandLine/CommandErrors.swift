import HookeSupport
import ReferenceSolver
import Scenarios

/// Bad usage or bad input: the message names the flag or field and the value. Exit status 2.
/// The same type as the scenario reader's `InputError`, so a bad scenario file and a bad flag are
/// one kind of error for every command.
public typealias UsageError = InputError

/// A check failed (verification, tolerance, regression). Exit status 1.
public struct CheckFailure: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Exit statuses shared by every subcommand, as the README's "Exit status" table states them.
public enum ExitStatus {
    /// Everything asked for was done and every check passed.
    public static let success: Int32 = 0
    /// A check failed: an accuracy failure, a regression against a baseline, a performance regression.
    public static let checkFailed: Int32 = 1
    /// Bad usage or input, or an output that cannot be written; one line on stderr says which.
    public static let usage: Int32 = 2
    /// Compared with a baseline, only improvements (so CI can offer to update the baseline).
    public static let improvementsOnly: Int32 = 4

    /// The line every `--help` ends with.
    public static let helpLine = "Exit status: 0 success, 1 a check failed or regressed, 2 bad usage or input "
        + "(or an output that cannot be written), 4 only improvements against a baseline."
}

/// The longest error line, in characters (a backstop for values not passed through `quoted`).
let errorLineLimit = 1000

/// What a reference failure means for the user, in the user's words: no GSL function names and no
/// internal parameter names (the inputs were validated first, so those would be our bug, not theirs).
func referenceProblem(_ error: ReferenceError) -> String {
    switch error {
    case let .budgetExceeded(steps, reached, requested):
        return "the GSL reference needs more than \(steps) steps to reach t = \(formatShort(requested)) s (it got to \(formatShort(reached)) s); sample a shorter span or a more damped spring"
    case let .nonFiniteSolution(time):
        return "the motion leaves the range of Double at t = \(formatShort(time)) s; sample a shorter span"
    case let .gslFailure(_, _, reason):
        return "the GSL reference failed (\(oneLine(reason, limit: quotedValueLimit)))"
    case .invalidInput:
        return "the GSL reference cannot represent this motion (its scaled distance or velocity leaves the range of Double)"
    case let .notSettled(horizon, _):
        return "the motion has not settled by t = \(formatShort(horizon)) s"
    }
}
