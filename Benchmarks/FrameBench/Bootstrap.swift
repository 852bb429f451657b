import Foundation
import HookeSupport

/// A seeded bootstrap confidence interval for the ratio of two medians, drawn from `SampleSummary`s.
///
/// Method: a smoothed percentile bootstrap. Each resample of n observations is drawn from the
/// summary's piecewise-linear quantile function Q, and its median is Q(U₍ₖ₎), U₍ₖ₎ the k-th smallest
/// of n uniforms (k = ⌈n/2⌉), because Q is nondecreasing. U₍ₖ₎ follows Beta(k, n − k + 1) (the
/// order statistics of the uniform distribution), so one Beta draw replaces n draws and a sort.
/// The interval is the (α/2, 1 − α/2) quantiles of Q_current(U)/Q_baseline(V) over `resamples`
/// pairs. Every draw comes from `SplitMix64(seed:)`, so the same inputs give the same interval.
public enum Bootstrap {
    public struct Interval: Codable, Sendable, Equatable {
        /// The ratio of the two summaries' medians.
        public var estimate: Double
        public var lower: Double
        public var upper: Double
        /// Two-sided confidence, e.g. 0.99.
        public var confidence: Double
    }

    /// The interval for median(current) / median(baseline).
    public static func ratioOfMedians(current: SampleSummary, baseline: SampleSummary, confidence: Double,
                                      resamples: Int, seed: UInt64) -> Interval {
        var generator = SplitMix64(seed: seed)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<max(resamples, 1) {
            let u = medianOfUniforms(count: current.count, &generator)
            let v = medianOfUniforms(count: baseline.count, &generator)
            ratios.append(current.quantile(u) / max(baseline.quantile(v), .leastNormalMagnitude))
        }
        ratios.sort()
        let alpha = 1 - confidence
        return Interval(estimate: current.median / max(baseline.median, .leastNormalMagnitude),
                        lower: Percentiles.nearestRank(max(100 * alpha / 2, 0), sorted: ratios),
                        upper: Percentiles.nearestRank(min(100 * (1 - alpha / 2), 100), sorted: ratios),
                        confidence: confidence)
    }

    /// The median of `count` uniforms on (0, 1): Beta(k, count − k + 1) with k = ⌈count/2⌉.
    static func medianOfUniforms(count: Int, _ generator: inout SplitMix64) -> Double {
        let n = max(count, 1)
        let k = (n + 1) / 2
        let a = gamma(shape: Double(k), &generator)
        let b = gamma(shape: Double(n - k + 1), &generator)
        return a / (a + b)
    }

    /// A Gamma(shape, 1) variate for shape ≥ 1 by Marsaglia and Tsang's squeeze method ("A simple
    /// method for generating gamma variables", ACM TOMS 26(3), 2000).
    static func gamma(shape: Double, _ generator: inout SplitMix64) -> Double {
        let d = shape - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        while true {
            var x: Double
            var v: Double
            repeat {
                x = normal(&generator)
                v = 1 + c * x
            } while v <= 0
            v = v * v * v
            let u = generator.uniform(0, 1)
            if u < 1 - 0.0331 * x * x * x * x { return d * v }
            if log(max(u, .leastNormalMagnitude)) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
        }
    }

    /// A standard normal variate (Box–Muller, one of the pair).
    static func normal(_ generator: inout SplitMix64) -> Double {
        let u1 = max(generator.uniform(0, 1), .leastNormalMagnitude)
        let u2 = generator.uniform(0, 1)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
