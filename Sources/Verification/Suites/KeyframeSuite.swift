// KeyframeSuite.swift — keyframe timelines: spring keyframes against the GSL reference (a chain of
// spring keyframes is the oscillator retargeted at each knot, starting from the incoming state),
// linear and move keyframes against their hand formulas (timing curve from GSL's Brent root), and
// cubic keyframes through their knots with continuous velocity.

import AnimationMath
import ReferenceSolver

enum KeyframeSuite {
    static let name = "keyframes"

    /// Spring keyframes: closed form (~1e-15) vs the reference (~1e-13 of the scale), with margin.
    static let springTolerance = Tolerance(
        name: "springKeyframesVsReference", metric: "maxRelError", value: 3e-13,
        reason: "measured 3.1e-14; GSL floors at ~1e-13 of the distance")
    /// Linear and move keyframes: Δ·curve(s) plus one addition; the curve agrees with GSL's Brent
    /// root to ~1e-15 (curves suite), so 1e-13 of the distance.
    static let linearTolerance = Tolerance(
        name: "linearKeyframesExact", metric: "maxRelError", value: 2e-15,
        reason: "measured 1.8e-16: one Bézier solve (ulps vs GSL Brent) and a multiply-add per sample")
    /// Cubic knots: the value at a knot is the polynomial at its end (a few roundings of values ≤ 3);
    /// velocity one nanosecond either side differs by |x''|·2e-9 ≤ ~1e-7 of the velocity scale.
    static let cubicTolerance = Tolerance(
        name: "cubicKnotsContinuous", metric: "maxRelError", value: 1e-7,
        reason: "measured 1.2e-8: x'' ≲ 50 /s² over the 2 ns window around each knot, relative to ~10 /s")

    static let suite = VerificationSuite(name: name, summary: "keyframe timelines: spring vs GSL, linear/move exact, cubic knots smooth") { _ in
        try springChecks() + [try linearCheck(), cubicCheck()]
    }

    /// Spring keyframes against GSL's retargeted oscillator: `value(time:)`, and `valueAndVelocity(time:)`
    /// (the frame path's one-solve evaluation) for both its value and its velocity.
    static func springChecks() throws -> [CheckReport] {
        var stats = ErrorStatistics(), combined = ErrorStatistics()
        let springs = [Spring(duration: 0.5, bounce: 0.3), Spring(response: 0.4, dampingRatio: 1),
                       Spring(response: 0.6, dampingRatio: 2.5), Spring(response: 0.3, dampingRatio: 0)]
        let knots: [(target: Double, duration: Double)] = [(1, 0.4), (-0.5, 0.3), (2, 0.6)]
        for spring in springs {
            let timeline = KeyframeTimeline<Double>(initialValue: 0, keyframes: knots.map {
                .spring(SpringKeyframe($0.target, duration: $0.duration, spring: spring))
            })
            var retargets: [OscillatorProblem.Retarget] = []
            var start = 0.0
            for knot in knots.dropFirst() {
                start += knots[retargets.count].duration
                retargets.append(.init(time: start, target: knot.target))
            }
            let times = (0..<130).map { Double($0) * 0.01 }
            let reference = try OscillatorReference.solve(
                OscillatorProblem(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                  target: knots[0].target, retargets: retargets), at: times)
            for (index, time) in times.enumerated() {
                stats.add(timeline.value(time: time), reference.positions[index], scale: 2.5,
                          location: WorstCase("spring \(spring)", time: time))
                let (value, velocity) = timeline.valueAndVelocity(time: time)
                combined.add(value, reference.positions[index], scale: 2.5, location: WorstCase("spring \(spring): value", time: time))
                combined.add(velocity, reference.velocities[index], scale: 2.5 * spring.naturalFrequency,
                             location: WorstCase("spring \(spring): velocity", time: time))
            }
        }
        return [
            gatedCheck(CheckSubject(suite: name, name: "spring keyframes vs GSL (retarget at each knot)", kind: .reference, source: CheckSource.gsl, implementation: "KeyframeTimeline",
                       quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: springTolerance),
            gatedCheck(CheckSubject(suite: name, name: "spring keyframes' valueAndVelocity vs GSL (value and velocity)", kind: .reference, source: CheckSource.gsl,
                       implementation: "KeyframeTimeline.valueAndVelocity", quickSet: true),
                       metrics: combined.metrics(), worst: combined.worst, tolerance: springTolerance),
        ]
    }

    static func linearCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        let timeline = KeyframeTimeline<Double>(initialValue: 0, keyframes: [
            .linear(LinearKeyframe(3, duration: 0.5, timingCurve: .easeInOut)),
            .linear(LinearKeyframe(1, duration: 0.25)),
            .move(MoveKeyframe(-2)),
            .linear(LinearKeyframe(0, duration: 0.25, timingCurve: .easeIn)),
        ])
        for step in 0...120 {
            let time = Double(step) / 100
            let expected: Double
            switch time {
            case ..<0.5: expected = 3 * (try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: time / 0.5))
            case ..<0.75: expected = 3 - 2 * (time - 0.5) / 0.25
            case ..<1.0: expected = -2 + 2 * (try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 1, y2: 1, progress: (time - 0.75) / 0.25))
            default: expected = 0
            }
            stats.add(timeline.value(time: time), expected, scale: 5, location: WorstCase("linear/move timeline", time: time))
        }
        return gatedCheck(CheckSubject(suite: name, name: "linear and move keyframes = x₀ + Δ·curve(s), jumps exact", kind: .reference, source: CheckSource.brent, implementation: "KeyframeTimeline",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: linearTolerance)
    }

    static func cubicCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let knots: [(Double, Double)] = [(1, 0.4), (3, 0.3), (2, 0.5), (2.5, 0.2)]
        let timeline = KeyframeTimeline<Double>(initialValue: 0, keyframes: knots.map { .cubic(CubicKeyframe($0.0, duration: $0.1)) })
        var time = 0.0
        let window = 1e-9
        for (target, duration) in knots {
            time += duration
            stats.add(timeline.value(time: time), target, scale: 3, location: WorstCase("value at knot", time: time))
            if time < timeline.duration {
                stats.add(timeline.velocity(time: time - window), timeline.velocity(time: time + window), scale: 10,
                          location: WorstCase("velocity across knot", time: time))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "cubic keyframes pass through knots with continuous velocity", kind: .invariant, source: CheckSource.api + ": a cubic keyframe passes through its knot with continuous velocity", implementation: "KeyframeTimeline",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: cubicTolerance)
    }
}
