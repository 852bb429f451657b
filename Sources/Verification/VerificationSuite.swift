/// A named group of checks.
public struct VerificationSuite: Sendable {
    public var name: String
    public var summary: String
    /// Produces the suite's checks, or throws `SuiteSkipped` to report the suite as skipped.
    public var run: @Sendable (VerificationConfiguration) throws -> [CheckReport]

    public init(name: String, summary: String, run: @escaping @Sendable (VerificationConfiguration) throws -> [CheckReport]) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}
