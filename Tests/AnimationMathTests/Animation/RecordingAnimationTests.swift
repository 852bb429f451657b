// RecordingAnimationTests.swift — the animation model against real SwiftUI recordings
// (data/swiftui-recordings, see its README).

import AnimationMath
import Foundation
import Testing

@Suite("animations against the SwiftUI recordings")
struct RecordingAnimationTests {
    /// The recordings' fits reproduce the samples to ~2e-6 pt RMS (README, model_check); the
    /// samples were stored with ~1e-13 relative precision. 1e-5 pt RMS and 1e-4 pt max leave room
    /// for the fit's own residual without admitting a different model (the closed form misses by
    /// ~0.07 pt).
    static let integratorRMSTolerance = 1e-5
    static let integratorMaxTolerance = 1e-4
    /// The exact closed-form spring is measurably not what SwiftUI runs: it misses by more than this.
    static let closedFormMinimumMaxError = 1e-2
    /// The interpolating-spring fit's residual is 2.1e-5 pt RMS (README); 1e-4 pt bounds it.
    static let interpolatingRMSTolerance = 1e-4

    @Test(".spring matches the recording, the closed form does not")
    func springMatchesTheRecordingAndTheClosedFormDoesNot() throws {
        let recording = try SpringRecording.load("spring-response1.8-damping0.3.json")
        let samples = try #require(recording.samples)
        #expect(samples.count == 480)
        let start = 694.0, delta = -100.0, timeOrigin = 0.0167

        let animation = Animation.spring(response: 1.8, dampingFraction: 0.3)
        var context = AnimationContext<Double>()
        var integratorErrors: [Double] = []
        var closedFormErrors: [Double] = []
        let closedForm = Spring(response: 1.8, dampingRatio: 0.3)
        for sample in samples {
            let time = max(0, sample[0] - timeOrigin)
            let offset = animation.animate(value: delta, time: time, context: &context) ?? delta
            integratorErrors.append(start + offset - sample[1])
            let exact = closedForm.value(target: delta, initialVelocity: 0.0, time: time)
            closedFormErrors.append(start + exact - sample[1])
        }
        let integrator = ErrorStatistics(integratorErrors)
        let exact = ErrorStatistics(closedFormErrors)
        print("spring-response1.8-damping0.3: integrator rms \(integrator.rms) max \(integrator.max) pt; "
              + "closed form rms \(exact.rms) max \(exact.max) pt")
        #expect(integrator.rms <= Self.integratorRMSTolerance)
        #expect(integrator.max <= Self.integratorMaxTolerance)
        #expect(exact.max > Self.closedFormMinimumMaxError)
    }

    @Test("the interpolating spring matches segment 0")
    func interpolatingSpringMatchesSegmentZero() throws {
        let recording = try SpringRecording.load("interpolatingspring-k1-c0.5-v2-interrupted.json")
        let samples = try #require(recording.segment0?.samples)
        let start = 694.0, delta = -100.0, timeOrigin = 0.01632119
        let animation = Animation.interpolatingSpring(mass: 1, stiffness: 1, damping: 0.5, initialVelocity: 2)
        var context = AnimationContext<Double>()
        var errors: [Double] = []
        for sample in samples {
            let time = max(0, sample[0] - timeOrigin)
            let offset = animation.animate(value: delta, time: time, context: &context) ?? delta
            errors.append(start + offset - sample[1])
        }
        let statistics = ErrorStatistics(errors)
        print("interpolatingspring segment0: rms \(statistics.rms) max \(statistics.max) pt over \(samples.count) samples")
        #expect(statistics.rms <= Self.interpolatingRMSTolerance)
    }
}
