// VelocitySamplerTests.swift — every figure SwiftUI's own velocity sampler gives in OpenSwiftUI's
// dual tests (compared symbol for symbol with SwiftUI), one test each.

import AnimationMath
import Testing

@Suite("VelocitySampler")
struct VelocitySamplerTests {
    /// (2 − 1)/(1.1 − 1): 1.1 − 1 is 0.10000000000000009 in binary, so the slope is 10 to ~1e-15.
    static let roundingTolerance = 1e-14

    func sampler(_ samples: [(time: Double, value: Double)]) -> VelocitySampler<Double> {
        var sampler = VelocitySampler<Double>()
        for sample in samples { sampler.addSample(sample.value, time: sample.time) }
        return sampler
    }

    @Test("no sample or one sample: velocity 0")
    func oneSample() {
        #expect(VelocitySampler<Double>().velocity == 0)
        #expect(VelocitySampler<Double>().lastTime == nil)
        let one = sampler([(1, 5)])
        #expect(one.velocity == 0)
        #expect(one.lastTime == 1)
    }

    @Test("(t 1, 1), (1.1, 2) → 10")
    func twoSamples() {
        #expect(abs(sampler([(1, 1), (1.1, 2)]).velocity - 10) <= Self.roundingTolerance * 10)
    }

    @Test("(1, 1), (2, 2) → 1, then (3, 4) → 1.25: ¾ of the older segment, ¼ of the newest")
    func threeSamplesBlend() {
        var s = sampler([(1, 1), (2, 2)])
        #expect(s.velocity == 1)
        s.addSample(4, time: 3)
        #expect(s.velocity == 1.25, "not the newest slope 2, not the least-squares 1.5")
    }

    @Test("(1, 1), (2, 2), (4, 4) → 1")
    func unevenSpacing() {
        #expect(sampler([(1, 1), (2, 2), (4, 4)]).velocity == 1)
    }

    @Test("a sample earlier than the last is ignored")
    func earlierSampleIgnored() {
        var s = sampler([(1, 1), (2, 2)])
        s.addSample(100, time: 1.5)
        #expect(s.velocity == 1)
        #expect(s.lastTime == 2)
    }

    @Test("a sample at the same time replaces the last: (1, 1), (1, 3), (2, 4) → 1")
    func sameTimeReplaces() {
        let s = sampler([(1, 1), (1, 3), (2, 4)])
        #expect(s.velocity == 1)
        #expect(s.lastTime == 2)
    }

    /// Only the three newest samples count (OpenSwiftUI's re-implementation keeps three): with
    /// (0, 0), (1, 1), (2, 3), (3, 6) the slopes are 1, 2, 3 and the velocity is ¾·2 + ¼·3 = 2.25;
    /// a running blend over all of them would give ¾·1.25 + ¼·3 = 1.6875.
    @Test("only the three newest samples count")
    func windowOfThree() {
        #expect(sampler([(0, 0), (1, 1), (2, 3), (3, 6)]).velocity == 2.25)
    }

    @Test("reset forgets everything; vectors work component by component")
    func resetAndVectors() {
        var s = sampler([(1, 1), (2, 2)])
        s.reset()
        #expect(s.velocity == 0 && s.lastTime == nil)
        var pair = VelocitySampler<AnimatablePair<Double, Double>>()
        pair.addSample(AnimatablePair(0, 10), time: 0)
        pair.addSample(AnimatablePair(2, 10), time: 0.5)
        pair.addSample(AnimatablePair(2, 6), time: 1)
        #expect(pair.velocity == AnimatablePair(0.75 * 4 + 0.25 * 0, 0.75 * 0 + 0.25 * -8))
    }
}
