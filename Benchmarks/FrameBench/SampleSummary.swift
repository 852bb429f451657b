/// A sample kept small enough to store in every result and baseline, yet enough to resample: its
/// size and its quantile function at `resolution + 1` evenly spaced probabilities.
///
/// Definition: `quantiles[i]` is the sample's quantile at probability i / resolution, interpolated
/// linearly between order statistics (Hyndman & Fan's type 7, the default of R and NumPy: for n
/// sorted samples, position (n − 1)·p between x₁ and xₙ). `quantiles[0]` is the minimum and
/// `quantiles[resolution]` the maximum; between the stored points `quantile(_:)` interpolates
/// linearly, so the summary stands for a continuous distribution with that piecewise-linear
/// quantile function — the distribution a smoothed bootstrap (`Bootstrap`) draws from.
public struct SampleSummary: Codable, Sendable, Equatable {
    /// Observations behind the summary (after pooling, their total).
    public var count: Int
    /// The quantile function at 0, 1/resolution, …, 1; nondecreasing.
    public var quantiles: [Double]

    /// 64 intervals: the stored quantiles are 1/64 of probability apart, finer than the nearest-rank
    /// percentiles of a 400-frame quick run near the middle, so the median is kept to well within
    /// the spread between neighbouring frames; 65 numbers per configuration.
    public static let resolution = 64

    public init(count: Int, quantiles: [Double]) {
        self.count = count
        self.quantiles = quantiles
    }

    /// The summary of `samples` (unsorted, not empty).
    public init(of samples: [Double]) {
        precondition(!samples.isEmpty, "summary of an empty sample")
        let sorted = samples.sorted()
        count = sorted.count
        quantiles = (0...Self.resolution).map { Self.interpolated(sorted, Double($0) / Double(Self.resolution)) }
    }

    /// Type-7 quantile of an already sorted sample.
    static func interpolated(_ sorted: [Double], _ p: Double) -> Double {
        let position = Double(sorted.count - 1) * p
        let low = Int(position.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        let fraction = position - Double(low)
        return sorted[low] + (sorted[high] - sorted[low]) * fraction
    }

    /// The quantile at probability `p` in [0, 1], linear between the stored points.
    public func quantile(_ p: Double) -> Double {
        Self.interpolated(quantiles, min(max(p, 0), 1))
    }

    public var median: Double { quantile(0.5) }

    /// Every value multiplied by `factor` (ns per frame → ns per animation, or a ratio to naive).
    public func scaled(by factor: Double) -> SampleSummary {
        SampleSummary(count: count, quantiles: quantiles.map { $0 * factor })
    }

    /// The equal-weight-per-observation mixture of `summaries` (runs of one configuration pooled
    /// into a baseline): each summary's stored points carry count / (resolution + 1) of the weight,
    /// and the pooled quantile at p is the weighted sample's value where the cumulative weight
    /// crosses p (linear between neighbouring points).
    public static func pooled(_ summaries: [SampleSummary]) -> SampleSummary {
        precondition(!summaries.isEmpty, "pooling no summaries")
        if summaries.count == 1 { return summaries[0] }
        var points: [(value: Double, weight: Double)] = []
        for summary in summaries {
            let weight = Double(summary.count) / Double(summary.quantiles.count)
            points += summary.quantiles.map { ($0, weight) }
        }
        points.sort { $0.value < $1.value }
        let total = points.reduce(0) { $0 + $1.weight }
        // Plotting positions: point i sits at the middle of its weight, (cumulative − w/2) / total.
        var positions: [Double] = []
        var cumulative = 0.0
        for point in points {
            positions.append((cumulative + point.weight / 2) / total)
            cumulative += point.weight
        }
        var quantiles: [Double] = []
        var j = 0
        for i in 0...resolution {
            let p = Double(i) / Double(resolution)
            if i == 0 { quantiles.append(points[0].value); continue }
            if i == resolution { quantiles.append(points[points.count - 1].value); continue }
            while j + 1 < positions.count, positions[j + 1] < p { j += 1 }
            if p <= positions[0] { quantiles.append(points[0].value); continue }
            let k = min(j + 1, points.count - 1)
            let span = positions[k] - positions[j]
            let fraction = span > 0 ? min(max((p - positions[j]) / span, 0), 1) : 0
            quantiles.append(points[j].value + (points[k].value - points[j].value) * fraction)
        }
        return SampleSummary(count: summaries.reduce(0) { $0 + $1.count }, quantiles: quantiles)
    }
}
