import FrameBench
import Foundation
import HookeSupport
import Testing

/// The sample summary, the bootstrap interval and the bimodality rule against values worked by
/// hand and against a brute-force bootstrap of the raw samples (an independent computation).
@Suite("statistics")
struct StatisticsTests {
    /// Type-7 interpolation between two samples, or a pooled quantile that lands on a component's:
    /// a rounding or two (achieved: exact, 1.8e-15 at 10.5).
    static let interpolationTolerance = 1e-14
    /// Pooling re-quantises at the summary's resolution: 1/64 of a unit range is 0.016 (achieved
    /// 0.0073).
    static let resolutionTolerance = 0.02
    /// Two Monte Carlo estimates of a 99 % interval, 2000 resamples each: their ends differ by
    /// about 1 % of the ratio (0.0086 with these seeds).
    static let bootstrapAgreement = 0.02
    /// Three standard errors of a median: 240 samples with a 3 % spread (±0.0017) and 160 with 5 %
    /// at 1.4 (±0.007); achieved 0.0012 and 0.0002.
    static let lowModeTolerance = 0.005
    static let highModeTolerance = 0.02
    /// Four of the 400 samples on the wrong side of the split (achieved: none).
    static let shareTolerance = 0.01

    /// Type-7 quantiles by hand: for 1…5, position (n − 1)·p, so p = 0.5 → 3, p = 1/64 → 1 + 4/64.
    @Test("summary quantiles are type 7")
    func summaryQuantilesAreType7() {
        let summary = SampleSummary(of: [5, 3, 1, 4, 2])
        #expect(summary.count == 5 && summary.quantiles.count == SampleSummary.resolution + 1)
        #expect(summary.quantiles.first == 1 && summary.quantiles.last == 5 && summary.median == 3)
        #expect(abs(summary.quantiles[1] - (1 + 4.0 / 64)) <= Self.interpolationTolerance)
        #expect(abs(summary.quantile(0.3) - 2.2) <= Self.interpolationTolerance)
    }

    /// Pooling a summary with itself changes nothing but the count; pooling two disjoint ranges of
    /// equal size puts the median between them and the quartiles at each one's middle.
    @Test("pooled is the mixture")
    func pooledIsTheMixture() {
        let one = SampleSummary(of: (0..<400).map { Double($0) / 399 })
        let twice = SampleSummary.pooled([one, one])
        #expect(twice.count == 800)
        for (a, b) in zip(twice.quantiles, one.quantiles) { #expect(abs(a - b) < Self.resolutionTolerance) }
        let high = SampleSummary(of: (0..<400).map { 10 + Double($0) / 399 })
        let mixture = SampleSummary.pooled([one, high])
        #expect(mixture.median > 1 && mixture.median < 10)
        #expect(abs(mixture.quantile(0.25) - 0.5) <= Self.interpolationTolerance
                && abs(mixture.quantile(0.75) - 10.5) <= Self.interpolationTolerance)
    }

    /// The interval from summaries (one Beta draw per resample) against the textbook bootstrap on
    /// the raw samples (resample n with replacement, take the medians' ratio): the ends agree to a
    /// few percent of the ratio, and the true ratio 1.3 is inside. The two samples have different
    /// spreads, so a resample statistic other than the median would move the interval.
    @Test("the bootstrap matches brute force")
    func bootstrapMatchesBruteForce() {
        var generator = SplitMix64(seed: 42)
        let base = (0..<200).map { _ in 100 * exp(0.1 * Bootstrap_normal(&generator)) }
        let current = (0..<200).map { _ in 130 * exp(0.25 * Bootstrap_normal(&generator)) }
        let interval = Bootstrap.ratioOfMedians(current: SampleSummary(of: current), baseline: SampleSummary(of: base),
                                                confidence: 0.99, resamples: 2000, seed: 7)
        var ratios: [Double] = []
        for _ in 0..<2000 {
            let c = (0..<current.count).map { _ in current[Int(generator.next() % UInt64(current.count))] }.sorted()
            let b = (0..<base.count).map { _ in base[Int(generator.next() % UInt64(base.count))] }.sorted()
            ratios.append(c[(c.count - 1) / 2] / b[(b.count - 1) / 2])
        }
        ratios.sort()
        let lower = Percentiles.nearestRank(0.5, sorted: ratios), upper = Percentiles.nearestRank(99.5, sorted: ratios)
        #expect(abs(interval.lower - lower) < Self.bootstrapAgreement && abs(interval.upper - upper) < Self.bootstrapAgreement,
                "\(interval) vs \(lower)…\(upper)")
        #expect(interval.lower < 1.3 && 1.3 < interval.upper)
        // Seeded: the same inputs give the same interval.
        #expect(interval == Bootstrap.ratioOfMedians(current: SampleSummary(of: current), baseline: SampleSummary(of: base),
                                                     confidence: 0.99, resamples: 2000, seed: 7))
    }

    /// Two modes 2× apart, 40 % slow: flagged with the modes' medians; one lognormal mode, or a
    /// 5 % tail of preempted frames, is not.
    @Test("bimodality flags two modes only")
    func bimodalityFlagsTwoModesOnly() throws {
        var generator = SplitMix64(seed: 3)
        let fast = (0..<240).map { _ in 0.7 * exp(0.03 * Bootstrap_normal(&generator)) }
        let slow = (0..<160).map { _ in 1.4 * exp(0.05 * Bootstrap_normal(&generator)) }
        let modes = try #require(Bimodality.detect(fast + slow))
        #expect(abs(modes.lowMedian - 0.7) < Self.lowModeTolerance && abs(modes.highMedian - 1.4) < Self.highModeTolerance)
        #expect(abs(modes.highShare - 0.4) < Self.shareTolerance)
        #expect(Bimodality.detect(fast) == nil)
        let wide = (0..<400).map { _ in exp(0.3 * Bootstrap_normal(&generator)) }
        #expect(Bimodality.detect(wide) == nil)
        let tail = fast + (0..<12).map { _ in 5.0 * exp(0.2 * Bootstrap_normal(&generator)) }
        #expect(Bimodality.detect(tail) == nil)
        // A gap of 10 % between two tight groups is many σ, but below the 1.2× that matters.
        #expect(Bimodality.detect(fast + fast.map { $0 * 1.1 }) == nil)
    }
}

/// A standard normal for the tests (Box–Muller), independent of the library's own.
func Bootstrap_normal(_ generator: inout SplitMix64) -> Double {
    let u1 = max(generator.uniform(0, 1), .leastNormalMagnitude)
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * generator.uniform(0, 1))
}
