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
        [try check()]
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
            stats.add(timeline.value(time: time), try reference(at: time), scale: 4, location: WorstCase("cubic/linear timeline", time: time))
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
}
