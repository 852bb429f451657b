/// The seven percentiles package-benchmark reports — p0 p25 p50 p75 p90 p99 p100 — of a sample.
///
/// Definition: **nearest rank**. For n sorted samples x₁ ≤ … ≤ xₙ and 0 < p ≤ 100, the p-th
/// percentile is x_k with k = ⌈p·n/100⌉; p0 is the minimum x₁. Every percentile is therefore one of
/// the observed samples (no interpolation), p100 is the maximum and p50 of an even count is the
/// lower middle sample. Example: for 1…10, p25 = x₃ = 3, p50 = x₅ = 5, p90 = x₉ = 9, p99 = x₁₀.
public struct Percentiles: Codable, Sendable, Equatable {
    public var p0: Double
    public var p25: Double
    public var p50: Double
    public var p75: Double
    public var p90: Double
    public var p99: Double
    public var p100: Double

    public init(p0: Double, p25: Double, p50: Double, p75: Double, p90: Double, p99: Double, p100: Double) {
        self.p0 = p0
        self.p25 = p25
        self.p50 = p50
        self.p75 = p75
        self.p90 = p90
        self.p99 = p99
        self.p100 = p100
    }

    /// The nearest-rank percentiles of `samples` (which need not be sorted).
    /// - Precondition: `samples` is not empty.
    /// - Complexity: O(n log n).
    public init(of samples: [Double]) {
        precondition(!samples.isEmpty, "percentiles of an empty sample")
        let sorted = samples.sorted()
        func rank(_ p: Double) -> Double { Percentiles.nearestRank(p, sorted: sorted) }
        self.init(p0: sorted[0], p25: rank(25), p50: rank(50), p75: rank(75), p90: rank(90),
                  p99: rank(99), p100: sorted[sorted.count - 1])
    }

    /// The nearest-rank p-th percentile of an already sorted, non-empty sample.
    public static func nearestRank(_ p: Double, sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "percentile of an empty sample")
        precondition(p >= 0 && p <= 100, "percentile \(p) outside 0…100")
        let k = Int((p * Double(sorted.count) / 100).rounded(.up))
        return sorted[min(max(k, 1), sorted.count) - 1]
    }

    /// Every percentile multiplied by `factor` (e.g. frame time → time per animation).
    public func scaled(by factor: Double) -> Percentiles {
        Percentiles(p0: p0 * factor, p25: p25 * factor, p50: p50 * factor, p75: p75 * factor,
                    p90: p90 * factor, p99: p99 * factor, p100: p100 * factor)
    }

    /// The percentiles in order, with their names, for tables and the `benchmarks` array.
    public var named: [(name: String, value: Double)] {
        [("p0", p0), ("p25", p25), ("p50", p50), ("p75", p75), ("p90", p90), ("p99", p99), ("p100", p100)]
    }
}
