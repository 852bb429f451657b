// MutationReport.swift — the result of planting faults: which checks
// failed for each deliberately wrong implementation.

/// Every planted fault and what caught it.
public struct MutationReport: Codable, Sendable {
    public var planted: Int
    public var caught: Int
    public var mutants: [MutantResult]
    /// The checks that failed for the control (the alternative implementations with no fault):
    /// must be empty, or a catch may be for a reason other than the planted fault.
    public var controlFailures: [String] = []

    public init(mutants: [MutantResult]) {
        self.mutants = mutants
        planted = mutants.count
        caught = mutants.filter(\.caught).count
    }

    /// `caught/planted`, e.g. `15/15`.
    public var score: String { "\(caught)/\(planted)" }
}

/// One planted fault.
public struct MutantResult: Codable, Sendable {
    public var name: String
    /// The fault, in words.
    public var fault: String
    /// The suites its checks ran in.
    public var suites: [String]
    /// The checks that failed (keys `suite/name [implementation]`), in report order.
    public var caughtBy: [String]
    /// At least one check failed.
    public var caught: Bool

    public init(name: String, fault: String, suites: [String], caughtBy: [String]) {
        self.name = name
        self.fault = fault
        self.suites = suites
        self.caughtBy = caughtBy
        caught = !caughtBy.isEmpty
    }
}
