/// A suite that finished, for progress lines.
public struct SuiteProgress: Sendable {
    public var suite: String
    public var completed: Int
    public var total: Int
    public var status: SuiteReport.Status
    public var checkCount: Int
    public var failedCount: Int
    public var seconds: Double
}
