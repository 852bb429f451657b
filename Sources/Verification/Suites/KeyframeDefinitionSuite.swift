// KeyframeDefinitionSuite.swift — cubic keyframes (and their linear neighbours) against the definition
// in Apple's documentation of CubicKeyframe, evaluated here apart from the track: each segment is the
// cubic Hermite curve between its knots, in the Hermite basis h₀₀, h₁₀, h₀₁, h₁₁ (the library uses
// the power basis); an unspecified velocity is the Catmull-Rom one between cubics, the neighbouring
// linear segment's own velocity next to a linear keyframe, 0 where the timeline starts and after it
// ends. Linear segments are x₀ + Δ·curve(s) with the curve from GSL's Brent root. Catmull-Rom's
// parameterisation in time, (x₊ − x₋)/(t₊ − t₋), is Hooke's reading (unverified: Apple names
// Catmull-Rom without its parameterisation).

import AnimationMath
import ReferenceSolver

enum KeyframeDefinitionSuite {
    static let name = "keyframe-definitions"

    /// Hermite basis vs power basis, both a few roundings of values ≤ 4; the linear segments carry
    /// the Bézier solve (ulps vs Brent).
    static let tolerance = Tolerance(
        name: "keyframesVsDefinition", metric: "maxRelError", value: 2e-15,
        reason: "two evaluations of the same cubic in different bases; measured 2.2e-16 of the scale")

    static let source = "Apple's documentation of CubicKeyframe and LinearKeyframe: cubic Hermite between knots, "
        + "Catmull-Rom velocities between cubics (in time: unverified), a linear neighbour's own velocity; "
        + "linear curve values from GSL Brent"

    static let suite = VerificationSuite(name: name, summary: "cubic and linear keyframes vs their documented definitions") { _ in
        [try check(), builderCheck()]
    }

    /// A knot of the reference: the keyframe's kind, target, duration and given velocities.
    struct Knot {
        enum Kind { case cubic, linear(x1: Double, y1: Double, x2: Double, y2: Double) }
        var kind: Kind
        var to: Double
        var duration: Double
        var startVelocity: Double? = nil
        var endVelocity: Double? = nil
    }

    static let knots: [Knot] = [
        Knot(kind: .cubic, to: 1, duration: 0.4),
        Knot(kind: .cubic, to: 3, duration: 0.3),
        Knot(kind: .cubic, to: 2, duration: 0.5, endVelocity: -1),
        Knot(kind: .cubic, to: 2.5, duration: 0.2, startVelocity: 4),
        Knot(kind: .linear(x1: 0.3, y1: 0.6, x2: 0.7, y2: 0.9), to: 0.5, duration: 0.4),
        Knot(kind: .cubic, to: 1.5, duration: 0.35),
        Knot(kind: .linear(x1: 0, y1: 0, x2: 1, y2: 1), to: 1, duration: 0.25),
        Knot(kind: .cubic, to: -0.5, duration: 0.3),
    ]

    static func check() throws -> CheckReport {
        let timeline = KeyframeTimeline<Double>(initialValue: 0, keyframes: knots.map { knot in
            switch knot.kind {
            case .cubic:
                return .cubic(CubicKeyframe(knot.to, duration: knot.duration, startVelocity: knot.startVelocity,
                                            endVelocity: knot.endVelocity))
            case let .linear(x1, y1, x2, y2):
                return .linear(LinearKeyframe(knot.to, duration: knot.duration, timingCurve: .bezier(
                    startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))))
            }
        })
        var stats = ErrorStatistics()
        let total = knots.reduce(0) { $0 + $1.duration }
        for step in -5...Int(total * 100 + 10) {
            let time = Double(step) / 100
            let expected = try reference(at: time)
            stats.add(timeline.value(time: time), expected, scale: 4, location: WorstCase("cubic/linear timeline", time: time))
            stats.add(timeline.valueAndVelocity(time: time).value, expected, scale: 4,
                      location: WorstCase("cubic/linear timeline, valueAndVelocity", time: time))
        }
        return gatedCheck(CheckSubject(suite: name, name: "cubic keyframes = Hermite with Catmull-Rom velocities; linear neighbours' velocities",
                          kind: .reference, source: source, implementation: "KeyframeTimeline", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance)
    }

    /// The slope of a linear keyframe's curve at its start (s = 0) or end (s = 1): y₁/x₁ and
    /// (1 − y₂)/(1 − x₂) for a Bézier; the straight line's is 1.
    static func slope(_ knot: Knot, atEnd: Bool) -> Double {
        guard case let .linear(x1, y1, x2, y2) = knot.kind else { return .nan }
        if x1 == 0, y1 == 0, x2 == 1, y2 == 1 { return 1 }
        return atEnd ? (1 - y2) / (1 - x2) : y1 / x1
    }

    /// The value of the documented timeline at `time`.
    static func reference(at time: Double) throws -> Double {
        guard time > 0 else { return 0 }
        var start = 0.0, from = 0.0, incoming = 0.0  // the timeline starts at rest
        for (index, knot) in knots.enumerated() {
            let end = start + knot.duration
            let delta = knot.to - from
            // The velocity this segment ends with (also the next one's start unless it names its own).
            let endVelocity: Double
            switch knot.kind {
            case .linear:
                endVelocity = delta * slope(knot, atEnd: true) / knot.duration
            case .cubic:
                if let given = knot.endVelocity {
                    endVelocity = given
                } else if index + 1 == knots.count {
                    endVelocity = 0  // the value holds after the last keyframe
                } else {
                    let next = knots[index + 1]
                    switch next.kind {
                    case .linear: endVelocity = (next.to - knot.to) * slope(next, atEnd: false) / next.duration
                    case .cubic: endVelocity = next.startVelocity ?? (next.to - from) / (end + next.duration - start)
                    }
                }
            }
            if time < end {
                let s = (time - start) / knot.duration
                switch knot.kind {
                case let .linear(x1, y1, x2, y2):
                    return from + delta * (try BezierReference.curveValue(x1: x1, y1: y1, x2: x2, y2: y2, progress: s))
                case .cubic:
                    let v0 = knot.startVelocity ?? incoming, d = knot.duration
                    let h00 = (1 + 2 * s) * (1 - s) * (1 - s), h10 = s * (1 - s) * (1 - s)
                    let h01 = s * s * (3 - 2 * s), h11 = s * s * (s - 1)
                    return h00 * from + h10 * d * v0 + h01 * knot.to + h11 * d * endVelocity
                }
            }
            start = end
            from = knot.to
            incoming = endVelocity
        }
        return from
    }

    /// A timeline written with every form of the result builder (plain keyframes, `if`, `if`/`else`,
    /// `for`, a `Keyframe` and an array of them) and keyframes of zero length, against the piecewise
    /// line worked out here: a linear keyframe moves linearly over its duration ("interpolates
    /// linearly", LinearKeyframe); a move jumps; a zero-length linear or cubic keyframe is reached at
    /// once (a jump, like a move: the cubic before it ends at rest, a zero-length linear keyframe
    /// leaves the value at rest for the cubic after it), and a zero-length spring keyframe
    /// leaves the value where it is (where its spring is after zero seconds, the documented end value
    /// of a spring keyframe: Hooke's reading).
    static func builderCheck() -> CheckReport {
        let present = true, absent = false
        let timeline = KeyframeTimeline(initialValue: 1.0) {
            LinearKeyframe(3.0, duration: 0.5)                                              // 1 → 3 on [0, 0.5]
            if present { LinearKeyframe(2.0, duration: 0.25) }                             // 3 → 2 on [0.5, 0.75]
            if absent { LinearKeyframe(100.0, duration: 1) }
            if absent { MoveKeyframe(50.0) } else { LinearKeyframe(4.0, duration: 0.25) }  // 2 → 4 on [0.75, 1]
            if present { LinearKeyframe(4.5, duration: 0.25) } else { MoveKeyframe(-50.0) } // 4 → 4.5 on [1, 1.25]
            for target in [0.5, 2.5] { LinearKeyframe(target, duration: 0.5) }              // → 0.5 on [1.25, 1.75], → 2.5 on [1.75, 2.25]
            Keyframe.linear(LinearKeyframe(2.0, duration: 0.25))                            // 2.5 → 2 on [2.25, 2.5]
            [Keyframe<Double>.move(MoveKeyframe(-1.0))]                                      // jumps to −1 at 2.5
            LinearKeyframe(7.0, duration: 0)                                                 // to 7 at once
            CubicKeyframe(5.0, duration: 0)                                                  // to 5 at once
            SpringKeyframe(9.0, duration: 0, spring: .bouncy)                                // stays at 5
            LinearKeyframe(6.0, duration: 0.5)                                               // 5 → 6 on [2.5, 3]
            CubicKeyframe(6.5, duration: 0.5, startVelocity: 0)                              // 6 → 6.5 on [3, 3.5], ends at rest (a move follows)
            MoveKeyframe(6.5)
        }
        // The segments (start, end, from, to); before 0 the initial value, after 3 the last value.
        let segments: [(Double, Double, Double, Double)] = [
            (0, 0.5, 1, 3), (0.5, 0.75, 3, 2), (0.75, 1, 2, 4), (1, 1.25, 4, 4.5), (1.25, 1.75, 4.5, 0.5), (1.75, 2.25, 0.5, 2.5),
            (2.25, 2.5, 2.5, 2), (2.5, 3, 5, 6),
        ]
        var stats = ErrorStatistics()
        for (start, end, from, to) in segments {
            for fraction in [0.1, 0.35, 0.5, 0.8, 0.95] {
                let t = start + (end - start) * fraction
                stats.add(timeline.value(time: t), from + (to - from) * (t - start) / (end - start), scale: 10, location: WorstCase("builder timeline", time: t))
            }
        }
        // A cubic between two velocities of 0 (given; and a move's, after it) is the Hermite smoothstep.
        for s in [0.1, 0.35, 0.5, 0.8, 0.95] {
            stats.add(timeline.value(time: 3 + 0.5 * s), 6 + 0.5 * s * s * (3 - 2 * s), scale: 10, location: WorstCase("cubic before a move", time: 3 + 0.5 * s))
        }
        // A zero-length linear keyframe jumps like a move, so the cubic before it also ends at rest:
        // the smoothstep from 0 to 1, then the value 2.
        let beforeJump = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1.0, duration: 0.5, startVelocity: 0)
            LinearKeyframe(2.0, duration: 0)
        }
        for s in [0.1, 0.35, 0.5, 0.8, 0.95] {
            stats.add(beforeJump.value(time: 0.5 * s), s * s * (3 - 2 * s), scale: 10,
                      location: WorstCase("cubic before a zero-length linear keyframe", time: 0.5 * s))
        }
        stats.add(beforeJump.value(time: 0.6), 2, scale: 10, location: WorstCase("after a zero-length linear keyframe"))
        // Like a move, it also leaves the value at rest: a cubic after it starts with velocity 0
        // (and ends at rest, the last keyframe), the smoothstep from 2 to 3.
        let afterJump = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(2.0, duration: 0)
            CubicKeyframe(3.0, duration: 0.5)
        }
        for s in [0.1, 0.35, 0.5, 0.8, 0.95] {
            stats.add(afterJump.value(time: 0.5 * s), 2 + s * s * (3 - 2 * s), scale: 10,
                      location: WorstCase("cubic after a zero-length linear keyframe", time: 0.5 * s))
        }
        // A zero-length cubic keyframe whose neighbour is zero-length too has a Catmull-Rom chord over
        // no time: its end velocity is 0 (Hooke's reading; the chord's slope is undefined), and a
        // zero-length spring keyframe passes it on unchanged, so a cubic after them starts at rest
        // (and ends at rest, the last keyframe): the smoothstep from 5 to 6.
        let afterZeroLength = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(5.0, duration: 0)
            SpringKeyframe(9.0, duration: 0, spring: .bouncy)
            CubicKeyframe(6.0, duration: 0.5)
        }
        for s in [0.1, 0.35, 0.5, 0.8, 0.95] {
            stats.add(afterZeroLength.value(time: 0.5 * s), 5 + s * s * (3 - 2 * s), scale: 10,
                      location: WorstCase("cubic after zero-length cubic and spring keyframes", time: 0.5 * s))
        }
        // value(progress:) is the value at progress·duration, progress clamped to [0, 1] (SwiftUI:
        // "the interpolated value at the given progress in the range zero to one"): on a straight
        // ramp from 0 to 2 over 0.5 s, 2·clamp(p).
        let ramp = KeyframeTimeline(initialValue: 0.0) { LinearKeyframe(2.0, duration: 0.5) }
        for p in [-0.5, 0, 0.25, 0.6, 1, 1.5] {
            stats.add(ramp.value(progress: p), 2 * Swift.min(Swift.max(p, 0), 1), scale: 10,
                      location: WorstCase("value(progress: \(p)) of a linear ramp"))
        }
        // The ramp's velocity is its slope 2/0.5 = 4 from t = 0 on (the linear keyframe's start
        // included) and 0 from its duration on (KeyframeTimeline's velocity: "0 … from duration on"),
        // through either call.
        for (t, expected) in [(0.0, 4.0), (0.25, 4), (0.5, 0), (0.75, 0)] {
            stats.add(ramp.velocity(time: t), expected, scale: 10, location: WorstCase("velocity(time:) of a linear ramp", time: t))
            stats.add(ramp.valueAndVelocity(time: t).velocity, expected, scale: 10,
                      location: WorstCase("valueAndVelocity(time:) of a linear ramp", time: t))
        }
        // Right-continuity at a jump (KeyframeTrack: "a move at time t shows its value at t"), and
        // the final value held from `duration` on — at the duration itself included: the move to −1
        // and the zero-length keyframes after it at 2.5 read 5, and a ramp ending in a move reads
        // the moved-to value at exactly its duration, through either call.
        stats.add(timeline.value(time: 2.5), 5, scale: 10, location: WorstCase("at a move's instant: its value", time: 2.5))
        let endsInMove = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(2.0, duration: 0.5)
            MoveKeyframe(7.0)
        }
        stats.add(endsInMove.value(time: 0.5), 7, scale: 10, location: WorstCase("a move at the end: value at the duration", time: 0.5))
        stats.add(endsInMove.valueAndVelocity(time: 0.5).value, 7, scale: 10,
                  location: WorstCase("a move at the end: valueAndVelocity at the duration", time: 0.5))
        stats.add(timeline.value(time: -1), 1, scale: 10, location: WorstCase("before the start: the initial value"))
        stats.add(timeline.initialValue, 1, scale: 10, location: WorstCase("initialValue"))
        stats.add(timeline.value(time: 4), 6.5, scale: 10, location: WorstCase("after the end: the last value"))
        stats.add(timeline.duration, 3.5, scale: 10, location: WorstCase("duration: the sum of the keyframes' durations"))
        return gatedCheck(CheckSubject(suite: name, name: "result-builder forms, zero-length keyframes and value(progress:) = the piecewise line",
                          kind: .reference, source: "LinearKeyframe's and MoveKeyframe's documented meaning, the segments worked out by hand; "
                              + "a zero-length keyframe reached at once (a spring's: unmoved, Hooke's reading; a cubic's chord over no time: velocity 0, Hooke's reading)",
                          implementation: "KeyframeTrackBuilder, KeyframeTimeline", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance)
    }
}
