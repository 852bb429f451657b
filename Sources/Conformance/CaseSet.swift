import Foundation

/// The conformance case set: deterministic (every random case comes from a fixed SplitMix64
/// seed), versioned (`version` changes whenever a case is added, removed or changed, so an
/// expected-failures list and a scorecard name the set they belong to), in a fixed order: spring,
/// curve, animation, transaction.
public struct CaseSet: Sendable {
    /// Bumped whenever any case changes.
    /// 2: the transaction cases (examples/scenarios/transactions) added.
    public static let version = 2

    public var cases: [ConformanceCase]

    /// The whole set. `repository` is where `data/swiftui-recordings` and `examples/scenarios`
    /// are (the recording cases read them); throws `InputError` if they cannot be read.
    public static func standard(repository: URL) throws -> CaseSet {
        CaseSet(cases: SpringCases.all() + CurveCases.all() + (try AnimationCases.all(repository: repository))
                + (try TransactionCases.all(repository: repository)))
    }

    /// The cases of `kinds` (all when nil), in set order.
    public func cases(of kinds: Set<ConformanceKind>?) -> [ConformanceCase] {
        guard let kinds else { return cases }
        return cases.filter { kinds.contains($0.kind) }
    }

    /// The case list: one line per case, its id padded to a column, then what it probes.
    public func listing(of kinds: Set<ConformanceKind>?) -> String {
        let selected = cases(of: kinds)
        let width = (selected.map(\.id.count).max() ?? 0) + 2
        return selected.map { $0.id.padding(toLength: width, withPad: " ", startingAt: 0) + $0.probe }.joined(separator: "\n")
    }
}
