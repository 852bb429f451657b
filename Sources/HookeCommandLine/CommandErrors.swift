/// Bad usage or bad input: the message names the flag or field and the value. Exit status 2.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

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
