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

/// Exit statuses shared by every subcommand (DESIGN.md §2).
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let checkFailed: Int32 = 1
    public static let usage: Int32 = 2
}
