import Foundation
@testable import Reporting
import Testing

/// Step detection on histories whose steps are known by construction.
@Suite("step detection")
struct StepDetectionTests {
    /// A level is the mean of equal values: exact, or a rounding off (achieved: exact).
    static let levelTolerance = 1e-15
    /// ±5 % jitter on both sides of a 1.5× step: the levels' means move their ratio by about 1 %
    /// (0.012 with this seed).
    static let noisyRatioTolerance = 0.1

    /// airspeed velocity's own example: 5 × 1.0, 5 × 1.1, 5 × 2.0 has two steps at threshold 0 and
    /// only the 1.1 → 2.0 step at threshold 0.2.
    @Test("airspeed velocity's own example")
    func asvVector() {
        let values = Array(repeating: 1.0, count: 5) + Array(repeating: 1.1, count: 5) + Array(repeating: 2.0, count: 5)
        let all = StepDetection.steps(in: values, threshold: 0)
        #expect(all.map(\.index) == [5, 10])
        #expect(all.count == 2 && abs(all[0].before - 1) <= Self.levelTolerance && abs(all[0].after - 1.1) <= Self.levelTolerance)
        let large = StepDetection.steps(in: values, threshold: 0.2)
        #expect(large.map(\.index) == [10])
        #expect(abs(large[0].before - 1.1) <= Self.levelTolerance && abs(large[0].after - 2) <= Self.levelTolerance)
        // No step in a constant history, nor in one value.
        #expect(StepDetection.steps(in: Array(repeating: 3, count: 9), threshold: 0).isEmpty)
        #expect(StepDetection.steps(in: [1], threshold: 0).isEmpty)
    }

    /// Noise does not make steps; a real step inside noise is found where it happened. ±5 %
    /// jitter (seeded), then a 1.5× step at commit 12 of 20.
    @Test("a step in noise is placed")
    func aStepInNoiseIsPlaced() {
        var state: UInt64 = 12345
        func jitter() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 1 + 0.05 * (Double(state >> 11) * 0x1p-53 * 2 - 1)
        }
        let flat = (0..<20).map { _ in 10 * jitter() }
        #expect(StepDetection.steps(in: flat, threshold: 0.2).isEmpty)
        let stepped = (0..<20).map { 10 * ($0 >= 12 ? 1.5 : 1) * jitter() }
        let steps = StepDetection.steps(in: stepped, threshold: 0.2)
        #expect(steps.map(\.index) == [12])
        #expect(abs(steps[0].after / steps[0].before - 1.5) < Self.noisyRatioTolerance)
        // One outlying commit (2×) is not two steps: isolating it would cost two segments' penalty.
        var spiked = flat
        spiked[7] *= 2
        #expect(StepDetection.steps(in: spiked, threshold: 0.2).isEmpty)
    }

    /// An accuracy metric: a worst error at the rounding floor (exactly 0 at some commits, then a
    /// few ulps) that jumps to 1e-9 when a kernel is broken and back when it is fixed. With the
    /// floor at half an ulp, 0 and 2e-16 are one level; the jump and the fix are the two steps.
    @Test("accuracy histories")
    func accuracyHistories() {
        let values: [Double] = [0, 2.2e-16, 0, 4.4e-16, 2.2e-16, 1e-9, 1.2e-9, 0.9e-9, 1e-9, 2.2e-16, 0, 2.2e-16]
        let steps = StepDetection.steps(in: values, threshold: 9, floor: 0x1p-53)
        #expect(steps.map(\.index) == [5, 9])
        #expect(steps[0].after > steps[0].before && steps[1].after < steps[1].before)
        // The levels found are the broken kernel's (~1e-9) and the rounding floor's (a few 1e-16).
        let brokenLevelFloor = 5e-10, roundingLevelCeiling = 1e-15
        #expect(steps[0].after > brokenLevelFloor && steps[0].before < roundingLevelCeiling)
    }
}
