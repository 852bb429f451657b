import HookeSupport
import ReferenceSolver

extension ReferenceError {
    /// What a reference failure means for a `hooke` user, in the user's words: no GSL function
    /// names and no internal parameter names (the inputs were validated first, so those would be
    /// our bug, not theirs).
    package var problem: String {
        switch self {
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
}
