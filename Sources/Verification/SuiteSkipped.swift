/// Thrown by a suite that cannot run here (missing data, a feature that does not exist yet).
public struct SuiteSkipped: Error, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}
