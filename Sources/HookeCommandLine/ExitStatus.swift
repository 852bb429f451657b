import HookeSupport

/// Exit statuses shared by every `hooke` subcommand, as the README's "Exit status" table states
/// them. They belong to the process, not to the libraries: the verifier and the frame harness
/// return a `BaselineVerdict`, the conformance judge its `Verdict.Outcome`, and the commands turn
/// those into these numbers.
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

    /// A comparison's exit status: 1 for a regression (or a failed check), 4 for improvements
    /// only (so CI can offer to update the baseline), 0 when equal.
    public static func of(_ verdict: BaselineVerdict) -> Int32 {
        switch verdict {
        case .regression: checkFailed
        case .improvement: improvementsOnly
        case .equal: success
        }
    }
}
