// ReferenceError.swift — everything that can go wrong in the reference, as values.
//
// GSL's own error handler is switched off (it would abort the process); every GSL status code
// that is not GSL_SUCCESS becomes one of these cases.

/// An error from the reference solvers. The description names what failed and how to fix it.
public enum ReferenceError: Error, CustomStringConvertible, Equatable {
    /// An input is outside its domain: the field (e.g. `"mass"`, `"times[3]"`), its value, and
    /// what was expected.
    case invalidInput(field: String, value: Double, expected: String)
    /// A GSL routine returned a failure status; `reason` is `gsl_strerror(status)` plus context.
    case gslFailure(function: String, status: Int32, reason: String)
    /// The integration needed more than `steps` steps (the work cap of a solve); it had reached
    /// `reachedTime` on its way to `requestedTime`.
    case budgetExceeded(steps: Int, reachedTime: Double, requestedTime: Double)
    /// The solution left the range of `Double` (a growing problem integrated for too long).
    case nonFiniteSolution(time: Double)
    /// `settleTime`: the motion was still `deviation` away from the target (≥ ε) at `horizon`.
    case notSettled(horizon: Double, deviation: Double)

    public var description: String {
        switch self {
        case let .invalidInput(field, value, expected):
            return "invalid \(field) = \(value): expected \(expected)"
        case let .gslFailure(function, status, reason):
            return "GSL \(function) failed with status \(status): \(reason)"
        case let .budgetExceeded(steps, reached, requested):
            return "reference integration exceeded its budget of \(steps) steps at t = \(reached) "
                + "on the way to t = \(requested); sample a shorter span, or use a slower or more "
                + "damped spring"
        case let .nonFiniteSolution(time):
            return "the reference solution is not finite at t = \(time) (the problem grows "
                + "without bound); sample a shorter span"
        case let .notSettled(horizon, deviation):
            return "the motion has not settled by the horizon t = \(horizon) (still \(deviation) "
                + "from the target); pass a longer horizon or a larger epsilon"
        }
    }
}
