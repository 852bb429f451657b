import FrameBench
import Testing

/// Nearest-rank percentiles (see `Percentiles`): k = ⌈p·n/100⌉, the k-th smallest sample.
@Suite("Percentiles")
struct PercentilesTests {
    @Test("nearest rank of ten samples, 1 to 10")
    func oneToTen() {
        // n = 10: p25 → ⌈2.5⌉ = 3rd, p50 → 5th, p75 → ⌈7.5⌉ = 8th, p90 → 9th, p99 → ⌈9.9⌉ = 10th.
        let percentiles = Percentiles(of: [7, 3, 10, 1, 5, 9, 2, 8, 6, 4])
        #expect(percentiles == Percentiles(p0: 1, p25: 3, p50: 5, p75: 8, p90: 9, p99: 10, p100: 10))
    }

    @Test("nearest rank of four samples")
    func fourSamples() {
        // n = 4: p25 → 1st, p50 → 2nd (the lower middle, no interpolation), p75 → 3rd, p90 → ⌈3.6⌉ = 4th.
        let percentiles = Percentiles(of: [40, 10, 30, 20])
        #expect(percentiles == Percentiles(p0: 10, p25: 10, p50: 20, p75: 30, p90: 40, p99: 40, p100: 40))
    }

    @Test("one sample is every percentile")
    func oneSample() {
        #expect(Percentiles(of: [42]) == Percentiles(p0: 42, p25: 42, p50: 42, p75: 42, p90: 42, p99: 42, p100: 42))
    }

    @Test("nearest rank of a hundred samples")
    func hundredSamples() {
        // n = 100: the p-th percentile is the p-th smallest sample exactly.
        let percentiles = Percentiles(of: (1...100).reversed().map(Double.init))
        #expect(percentiles == Percentiles(p0: 1, p25: 25, p50: 50, p75: 75, p90: 90, p99: 99, p100: 100))
    }

    @Test("scaling scales every percentile")
    func scaling() {
        let scaled = Percentiles(of: [2, 4]).scaled(by: 0.5)
        #expect(scaled.p0 == 1 && scaled.p50 == 1 && scaled.p100 == 2)
    }
}
