import Foundation
import HookeSupport

/// A bench run as JSON: where it ran, every result, and the flat `benchmarks` list in the
/// `{"name", "unit", "value"}` shape benchmark-publishing CI actions read (all smaller-is-better).
public struct BenchReport: Codable, Sendable {
    public var environment: BenchEnvironment
    public var results: [BenchResult]
    /// What each spring strategy costs at equal accuracy (`EqualAccuracy`); nil when not measured.
    public var equalAccuracy: [EqualAccuracyRow]?
    /// What the harness itself costs per frame, and the primitives it is built from (`HandOff`);
    /// nil when not measured (and in files written before it was).
    public var handOff: [HandOffRow]? = nil
    public var benchmarks: [PublishedBenchmark]
    /// Where, from which source and when this run measured, and which share of the plan it ran
    /// (`BenchProvenance.swift`, `BenchShard.swift`); nil in files written before they existed.
    public var machine: Machine? = nil
    public var commit: BenchCommit? = nil
    /// ISO 8601, UTC.
    public var date: String? = nil
    public var shard: BenchShard? = nil

    public init(environment: BenchEnvironment, results: [BenchResult], equalAccuracy: [EqualAccuracyRow]? = nil,
                handOff: [HandOffRow]? = nil) {
        self.environment = environment
        self.handOff = handOff
        self.results = results
        self.equalAccuracy = equalAccuracy
        benchmarks = results.flatMap { result -> [PublishedBenchmark] in
            var list = [PublishedBenchmark(name: "\(result.key) time per animation-frame p50", unit: "ns",
                                           value: result.nsPerAnimationFrame.p50)]
            if let allocations = result.allocationsPerFrame {
                list.append(PublishedBenchmark(name: "\(result.key) allocations per frame", unit: "allocations",
                                               value: allocations))
            }
            return list
        }
    }

    /// The run as JSON, written as every stored result is (`BaselineJSON`): sorted keys, and
    /// non-finite numbers (a diverged consistency) as the strings "Infinity", "-Infinity", "NaN".
    public func encoded() throws -> Data { try BaselineJSON.encoder().encode(self) }

    /// Reads a document written by `encoded()`.
    public static func decode(_ data: Data) throws -> BenchReport {
        try BaselineJSON.decoder().decode(BenchReport.self, from: data)
    }
}

/// One entry of the `benchmarks` array.
public struct PublishedBenchmark: Codable, Sendable, Equatable {
    public var name: String
    public var unit: String
    public var value: Double
}
