/// One case's outcome.
public struct CaseResult: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        /// Graded within the run's tier.
        case pass
        /// Graded outside it.
        case fail
        /// The engine does not model this case (it said so, or does not declare the kind).
        case unsupported
        /// The answer could not be graded (wrong count, NaN, …) or the engine failed on it.
        case error
        /// The engine failed before this case.
        case notRun = "not-run"
    }
    public var id: String
    public var kind: ConformanceKind
    public var status: Status
    public var grade: Grade?
    /// Worst position error, relative to the distance.
    public var error: Double?
    /// Worst velocity error, relative to the velocity scale (when the engine gave velocities).
    public var velocityError: Double?
    /// Worst error against SwiftUI's device samples, relative to the distance (recording cases).
    public var recordingError: Double?
    public var worst: WorstSample?
    /// Why the case is unsupported or an error.
    public var message: String?

    init(_ item: ConformanceCase, status: Status, message: String? = nil) {
        id = item.id
        kind = item.kind
        self.status = status
        self.message = message
    }
}

/// Counts of one kind for the table.
public struct KindSummary: Sendable {
    public var kind: ConformanceKind
    public var cases = 0, exact = 0, visual = 0, failed = 0, unsupported = 0, errors = 0, notRun = 0
    /// The graded case with the largest position error.
    public var worst: CaseResult?
}

/// Every case's result, the engine, and whether the run completed.
public struct Scorecard: Sendable {
    public var engine: EngineIdentity
    public var tier: Tier
    public var results: [CaseResult]
    /// The one line saying how the engine failed during a case (the rest were then not run).
    public var engineFailure: String?
    /// The one line saying the engine did not end cleanly after bye.
    public var finishFailure: String?

    /// Whether every case was run.
    public var complete: Bool { engineFailure == nil }

    public func summary(of kind: ConformanceKind?) -> KindSummary {
        var summary = KindSummary(kind: kind ?? .spring)
        for result in results where kind == nil || result.kind == kind {
            summary.cases += 1
            switch result.status {
            case .unsupported: summary.unsupported += 1
            case .error: summary.errors += 1
            case .notRun: summary.notRun += 1
            case .pass, .fail:
                switch result.grade {
                case .exact?: summary.exact += 1
                case .visual?: summary.visual += 1
                default: summary.failed += 1
                }
                if let error = result.error, error > (summary.worst?.error ?? -1) { summary.worst = result }
            }
        }
        return summary
    }

    /// The run judged against an expected-failures list.
    public func verdict(_ expected: ExpectedFailures = ExpectedFailures()) -> Verdict {
        var verdict = Verdict()
        var used = Set<Int>()
        for result in results {
            let match = expected.match(result.id)
            if let match { used.insert(match) }
            switch result.status {
            case .fail, .error:
                if match == nil { verdict.unexpected.append(result) } else { verdict.expected.append(result.id) }
            case .pass:
                if match != nil { verdict.nowPassing.append(result.id) }
            case .unsupported, .notRun:
                break
            }
        }
        verdict.unmatchedPatterns = expected.patterns.enumerated().filter { !used.contains($0.offset) }.map(\.element.pattern)
        if engineFailure != nil || finishFailure != nil || !verdict.unexpected.isEmpty {
            verdict.outcome = .failed
        } else if !verdict.nowPassing.isEmpty {
            verdict.outcome = .improvementsOnly
        }
        return verdict
    }
}

/// What the run means for CI: `hooke conform` exits 0 (`pass`), 1 (`failed`) or 4 (`improvementsOnly`).
public struct Verdict: Sendable {
    public enum Outcome: Sendable { case pass, failed, improvementsOnly }
    public var outcome = Outcome.pass
    /// Failures and errors the list does not name.
    public var unexpected: [CaseResult] = []
    /// Failures and errors the list names.
    public var expected: [String] = []
    /// Cases the list names that now pass: the list can shrink.
    public var nowPassing: [String] = []
    /// Patterns of the list that named no case of this run.
    public var unmatchedPatterns: [String] = []
}
