// SpringStudies.swift — the series the accuracy charts plot, computed here from the animation
// model and the GSL reference (the verifier's checks keep only small summaries):
//
// - the recorded spring, `.spring(response: 1.8, dampingFraction: 0.3)` from 694 to 594 pt, by the
//   exact closed form, the GSL reference, SwiftUI's 1/300 s integrator and the real recording,
//   on the recording's own sample times;
// - one ordinary spring (response 0.5, ζ 0.3, 0 → 1) by every implementation, against GSL, on
//   60 Hz frames, for the error-against-time chart.
// Everything here is deterministic: the same build gives the same numbers.

import AnimationMath
import Foundation
import ReferenceSolver
import Verification

/// The recorded spring's motion by every implementation, on common animation times.
public struct RecordedSpringStudy: Codable, Sendable {
    public static let response = 1.8
    public static let dampingRatio = 0.3
    public static let start = 694.0
    public static let end = 594.0
    /// Without a recording: 0…8 s at 60 Hz (the recording's span and rate).
    static let fallbackDuration = 8.0
    static let fallbackRate = 60.0

    /// Animation time (s) of each sample.
    public var times: [Double]
    public var exact: [Double]
    public var reference: [Double]
    public var integrator: [Double]
    /// Nil when the recording was not found.
    public var recording: [Double]?

    /// Computes every series at the recording's sample times, or on a 60 Hz grid without it.
    public static func compute(recording: SpringRecording?) throws -> RecordedSpringStudy {
        let times: [Double]
        var recorded: [Double]?
        if let recording {
            // Samples before the animation starts (animation time < 0) only show the start value.
            let kept = recording.times.indices.filter { recording.times[$0] >= recording.animationTimeZero }
            times = kept.map { recording.times[$0] - recording.animationTimeZero }
            recorded = kept.map { recording.positions[$0] }
        } else {
            times = (0...Int(fallbackDuration * fallbackRate)).map { Double($0) / fallbackRate }
        }
        let distance = end - start
        let spring = Spring(response: response, dampingRatio: dampingRatio)
        let exact = times.map { start + spring.value(target: distance, time: $0) }
        let ω0 = 2 * Double.pi / response
        let problem = OscillatorProblem(stiffness: ω0 * ω0, damping: 2 * dampingRatio * ω0, target: distance)
        let solved = try OscillatorReference.solve(problem, at: times)
        let reference = solved.positions.map { start + $0 }
        let animation = Animation.spring(response: response, dampingFraction: dampingRatio)
        var context = AnimationContext<Double>()
        let integrator = times.map { t -> Double in
            guard t > 0 else { return start }
            return start + (animation.animate(value: distance, time: t, context: &context) ?? distance)
        }
        return RecordedSpringStudy(times: times, exact: exact, reference: reference, integrator: integrator,
                                   recording: recorded)
    }
}

/// One ordinary spring by every implementation against the GSL reference, on 60 Hz frames.
public struct ImplementationErrorStudy: Codable, Sendable {
    public static let response = 0.5
    public static let dampingRatio = 0.3
    public static let frameRate = 60.0
    public static let duration = 2.0

    public struct Implementation: Codable, Sendable {
        public var id: String
        public var label: String
        /// |x − x_ref| / distance at each frame.
        public var errors: [Double]
    }

    public var times: [Double]
    public var implementations: [Implementation]

    public static func compute() throws -> ImplementationErrorStudy {
        let frames = Int(duration * frameRate)
        let h = 1 / frameRate
        let times = (0...frames).map { Double($0) * h }
        let target = 1.0
        let ω0 = 2 * Double.pi / response
        let k = ω0 * ω0, c = 2 * dampingRatio * ω0
        let reference = try OscillatorReference.solve(OscillatorProblem(stiffness: k, damping: c, target: target), at: times)
        func errors(_ values: [Double]) -> [Double] {
            zip(values, reference.positions).map { Swift.abs($0 - $1) / Swift.abs(target) }
        }

        let spring = Spring(response: response, dampingRatio: dampingRatio)
        let closedForm = times.map { spring.value(target: target, time: $0) }
        let swiftUI = SwiftUISpringModel(response: response, dampingRatio: dampingRatio)
        let model = times.map { swiftUI.value(target: target, initialVelocity: 0, time: $0) }

        var updated: [Double] = []
        var x = 0.0, v = 0.0
        for index in times.indices {
            if index > 0 { spring.update(value: &x, velocity: &v, target: target, deltaTime: h) }
            updated.append(x)
        }

        let animation = Animation.spring(response: response, dampingFraction: dampingRatio)
        var context = AnimationContext<Double>()
        let integrated = times.map { animation.animate(value: target, time: $0, context: &context) ?? target }

        let euler = eulerPositions(stiffness: k, damping: c, step: h, target: target, count: times.count)
        let rk4 = rk4Positions(stiffness: k, damping: c, step: h, target: target, count: times.count)
        return ImplementationErrorStudy(times: times, implementations: [
            Implementation(id: "closed-form", label: "hooke.Spring closed form", errors: errors(closedForm)),
            Implementation(id: "swiftui-model", label: "SwiftUI's closed form (model)", errors: errors(model)),
            Implementation(id: "update", label: "hooke.Spring.update, 60 Hz steps", errors: errors(updated)),
            Implementation(id: "integrator", label: ".spring 1/300 s integrator", errors: errors(integrated)),
            Implementation(id: "rk4", label: "RK4, one step per frame", errors: errors(rk4)),
            Implementation(id: "euler", label: "semi-implicit Euler, one step per frame", errors: errors(euler)),
        ])
    }

    // The frame harness's `euler` and `rk4` strategies (Benchmarks/FrameBench/SpringKernels.swift),
    // restated on one spring: displacement d = x − target, one step per frame, from rest at 0.

    static func eulerPositions(stiffness k: Double, damping c: Double, step h: Double, target: Double, count: Int) -> [Double] {
        var positions: [Double] = []
        var d = -target, u = 0.0
        for index in 0..<count {
            if index > 0 {
                u += (-k * d - c * u) * h
                d += u * h
            }
            positions.append(target + d)
        }
        return positions
    }

    static func rk4Positions(stiffness k: Double, damping c: Double, step h: Double, target: Double, count: Int) -> [Double] {
        var positions: [Double] = []
        var d = -target, u = 0.0
        for index in 0..<count {
            if index > 0 {
                let a1 = -k * d - c * u
                let d2 = d + h / 2 * u, u2 = u + h / 2 * a1
                let a2 = -k * d2 - c * u2
                let d3 = d + h / 2 * u2, u3 = u + h / 2 * a2
                let a3 = -k * d3 - c * u3
                let d4 = d + h * u3, u4 = u + h * a3
                let a4 = -k * d4 - c * u4
                d += h / 6 * (u + 2 * u2 + 2 * u3 + u4)
                u += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
            }
            positions.append(target + d)
        }
        return positions
    }
}

