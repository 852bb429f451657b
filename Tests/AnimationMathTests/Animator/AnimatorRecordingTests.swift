// The animator against real SwiftUI recordings (data/swiftui-recordings/README.md).

@testable import AnimationMath
import Testing

@Suite("Animator: real SwiftUI recordings")
struct AnimatorRecordingTests {
    /// The recordings' fits reproduce the samples to ~1e-5 pt (README; model_check rms 2.1e-5 pt for
    /// segment 0 and 9.95e-6 pt for segment 1). The remaining error is the recorder's: its time
    /// offsets are given to 7 digits (1e-8 s × up to 210 pt/s ≈ 2e-6 pt) and the fitted parameters
    /// are rounded. 1e-4 pt allows five times the worst fit residual and still fails for any wrong
    /// combination rule (the plain sum misses by ~48 pt).
    static let interruptedRMSTolerance = 1e-4

    /// A plain sum of the two animations must miss by more than this, or the recording would not
    /// tell the chain from the sum (it misses by ~48 pt; 1 pt is far above any fit error).
    static let plainSumMinimumMiss = 1.0

    /// The `.spring` integrator reproduces its recording to rms 1.6e-6, max 4.7e-6 pt (model_check);
    /// 1e-5 pt covers that with room for the 4-digit time offset (0.0167).
    static let springRMSTolerance = 1e-5

    /// The interruption, in animation time (model_check: e1 = 2.450391).
    static let interruptionTime = 2.450391
    /// segment 1 time → animation time: T = t + start_offset − 0.01632119 + 0.003052 (model_check).
    /// The animator's chain and the formula written out here form the same terms in another order:
    /// a few ulps of the ~700 pt value (an ulp is 1.1e-13). Achieved: one ulp.
    static let chainFormulaRounding = 1e-12
    static let segment1Latency = 0.003052

    @Test("interrupted interpolatingSpring: the chain reproduces SwiftUI, a plain sum does not")
    func interruptedInterpolatingSpring() throws {
        let recording = try InterruptedRecording.load()
        let animation = Animation.interpolatingSpring(mass: 1, stiffness: 1, damping: 0.5, initialVelocity: 2)
        let zero = recording.segment0.animation_time_zero_at_recorder_t
        let offset = recording.segment1.start_offset - zero + Self.segment1Latency

        // (animation time, recorded y, compared?) in time order: segment 0 whole, segment 1 from [2:].
        var samples: [(time: Double, y: Double, compared: Bool, segment1: Bool)] = []
        for sample in recording.segment0.samples { samples.append((sample[0] - zero, sample[1], true, false)) }
        for (i, sample) in recording.segment1.samples_time_since_interruption.enumerated() {
            samples.append((sample[0] + offset, sample[1], i >= 2, true))
        }
        #expect(samples.count == 680)

        var animator = Animator(value: 694.0)
        var started = false, interrupted = false
        var chainErrors: [Double] = [], sumErrors: [Double] = []
        var interruptedErrors: [Double] = []
        let progress = InterpolatingSpringAnimation(mass: 1, stiffness: 1, damping: 0.5, initialVelocity: 2)
        for sample in samples {
            if !started, sample.time >= 0 {
                animator.setValue(594, animation: animation, at: 0)
                started = true
            }
            if !interrupted, sample.time >= Self.interruptionTime {
                animator.setValue(694, animation: animation, at: Self.interruptionTime)
                interrupted = true
                #expect(animator.chainCount == 2, "interpolatingSpring does not merge: the change is chained")
            }
            guard sample.compared else { continue }
            let y = animator.frame(at: sample.time).value
            chainErrors.append(y - sample.y)
            if sample.segment1 { interruptedErrors.append(y - sample.y) }
            // The plain sum: 694 − 100·s(T) + 100·s(T − e1).
            let first = -100 * progress.progress(at: sample.time).value
            let second = sample.time >= Self.interruptionTime
                ? 100 * progress.progress(at: sample.time - Self.interruptionTime).value : 0
            sumErrors.append(694 + first + second - sample.y)
        }
        let chainRMS = animatorRMS(chainErrors)
        let afterRMS = animatorRMS(interruptedErrors)
        let sumRMS = animatorRMS(sumErrors)
        #expect(interruptedErrors.count == 528)
        #expect(chainRMS <= Self.interruptedRMSTolerance, "chain rms \(chainRMS) pt")
        #expect(afterRMS <= Self.interruptedRMSTolerance, "chain rms after the interruption \(afterRMS) pt")
        #expect(sumRMS > Self.plainSumMinimumMiss, "plain sum rms \(sumRMS) pt")
        print("interrupted recording: chain rms \(chainRMS) pt (after interruption \(afterRMS)), plain sum rms \(sumRMS) pt")
    }

    @Test("the chain is the model_check formula y = 694 + r0 + s(T − e1)·(0 − r0)")
    func chainFormula() {
        let animation = Animation.interpolatingSpring(mass: 1, stiffness: 1, damping: 0.5, initialVelocity: 2)
        let unit = InterpolatingSpringAnimation(mass: 1, stiffness: 1, damping: 0.5, initialVelocity: 2)
        var animator = Animator(value: 694.0)
        animator.setValue(594, animation: animation, at: 0)
        animator.setValue(694, animation: animation, at: Self.interruptionTime)
        for i in 0..<200 {
            let t = Self.interruptionTime + Double(i) / 60
            let r0 = -100 * unit.progress(at: t).value
            let expected = 694 + r0 + unit.progress(at: t - Self.interruptionTime).value * (0 - r0)
            let y = animator.frame(at: t).value
            #expect(abs(y - expected) <= Self.chainFormulaRounding, "t = \(t): \(y) vs \(expected)")
        }
    }

    @Test("spring(response: 1.8, dampingFraction: 0.3) through the animator reproduces SwiftUI")
    func springRecording() throws {
        let recording = try SpringRecordingFile.load()
        let zero = recording.animation_time_zero_at_recorder_t
        var animator = Animator(value: 694.0)
        var started = false
        var errors: [Double] = []
        for sample in recording.samples {
            let time = sample[0] - zero
            if !started, time >= 0 {
                animator.setValue(594, animation: .spring(response: 1.8, dampingFraction: 0.3), at: 0)
                started = true
            }
            errors.append(animator.frame(at: time).value - sample[1])
        }
        let rms = animatorRMS(errors)
        #expect(errors.count == 480)
        #expect(rms <= Self.springRMSTolerance, "rms \(rms) pt")
        print("spring recording through the animator: rms \(rms) pt, max \(errors.map(abs).max()!) pt")
    }
}
