import Foundation
import HookeSupport
import Scenarios

/// A tree scenario exactly as `hooke run` reads it (`TreeScenario`), sent to the engine as its JSON
/// text with the names of its values in row order: the engine answers every value at every frame,
/// frame by frame (`values[frame · names + value]`), so it is judged on which animation each value
/// runs — the transaction resolved through `.animation(_:value:)`, `.animation(_:body:)`,
/// `.transaction(_:)` and `.transaction(value:_:)` — and not only on the curves.
public struct TransactionRequest: Sendable {
    /// The scenario's JSON object, as sent (one line).
    public var json: String
    public var scenario: TreeScenario

    /// Reads `json` as `hooke run` reads a tree scenario.
    public init(json: String) throws {
        scenario = try TreeScenario(json: json)
        self.json = try StrictJSON.parse(json).compactText
    }

    /// The values' names, in the order of each frame's answers (depth first through the tree).
    public var valueNames: [String] { scenario.valueNames }

    /// The largest change any change of state asks of any value (at least 1, so a scenario that
    /// changes nothing still has a scale): errors are relative to it.
    public var distance: Double {
        var current = scenario.initialValues
        var scale = 0.0
        for change in scenario.changes {
            for (name, value) in change.set where scenario.valueNames.contains(name) {
                scale = max(scale, abs(value - (current[name] ?? value)))
                current[name] = value
            }
        }
        return scale > 0 ? scale : 1
    }
}

/// The transaction cases: `examples/scenarios/transactions`, one example per rule of the
/// transaction system (AnimationMath's article Transactions), each as written (linear curves) and
/// with its animations swapped for an ease, a `.spring`, a `.snappy` and an interpolating spring —
/// the resolution must not depend on the curve. Judged against Hooke's `ViewTreeAnimator` (the
/// SwiftUI model: each rule quotes Apple's documentation, and the examples' tests check it against
/// ramps worked by hand).
enum TransactionCases {
    /// The examples, in file-name order.
    static func all(repository: URL) throws -> [ConformanceCase] {
        let folder = repository.appendingPathComponent("examples/scenarios/transactions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        guard !names.isEmpty else { throw InputError("no tree scenarios in \(folder.path) (the case set needs the repository's examples)") }
        var cases: [ConformanceCase] = []
        for name in names {
            let text = try AnimationCases.text(folder.appendingPathComponent(name).path)
            let base = String(name.dropLast(".json".count))
            for variant in variants {
                let json = text.replacingOccurrences(of: #"{"linear": {"duration": "#, with: variant.prefix)
                cases.append(ConformanceCase(
                    id: "transaction/\(base)/\(variant.name)",
                    probe: "examples/scenarios/transactions/\(name), its animations \(variant.probe)",
                    request: .transaction(try TransactionRequest(json: json))))
            }
        }
        return cases
    }

    /// Each variant replaces `{"linear": {"duration": ` in an example — every animation of the
    /// examples is a linear curve written so — keeping the duration.
    static let variants: [(name: String, probe: String, prefix: String)] = [
        ("linear", "as written (linear)", #"{"linear": {"duration": "#),
        ("ease-in-out", "as .easeInOut(duration:)", #"{"easeInOut": {"duration": "#),
        ("spring", "as .spring(duration:bounce: 0.3)", #"{"spring": {"bounce": 0.3, "duration": "#),
        ("snappy", "as .snappy(duration:)", #"{"snappy": {"duration": "#),
        ("interpolating-spring", "as .interpolatingSpring(duration:bounce: 0.1)", #"{"interpolatingSpring": {"bounce": 0.1, "duration": "#),
    ]
}
