import AnimationMath
import ReferenceSolver

/// The `keyframes` workload's reference: each timeline worked from its keyframes' definitions
/// (the rules in `CubicKeyframe`, `LinearKeyframe`, `SpringKeyframe` and `MoveKeyframe`'s
/// documentation), independently of `KeyframeTrack` and its power-basis segments:
///
/// - linear: x₀ + Δ·C(s), velocity Δ·C′(s)/d, with C the timing curve from GSL's Brent root
///   (`CurveShape.reference`); it ends at `to` with velocity Δ·C′(1)/d;
/// - cubic: the Hermite basis h₀₀ x₀ + h₁₀ d v₀ + h₀₁ x₁ + h₁₁ d v₁ and its derivative over d, v₁
///   from the automatic rule (the chord to the next keyframe's end in time, the next linear
///   keyframe's start velocity, or 0);
/// - spring: GSL's integration of the oscillator (`OscillatorReference`, 1e-14) from the incoming
///   value and velocity toward `to`; it ends where GSL says the spring is at its duration;
/// - move: jumps to its value at rest.
struct KeyframesReference {
    /// One keyframe's piece of the timeline, from `start` for `duration` seconds.
    struct Piece {
        enum Motion {
            case curve(CurveShape)
            case hermite(v0: Double, v1: Double)
            case spring(OscillatorProblem)
        }
        let start: Double, duration: Double
        let from: Double, to: Double
        let motion: Motion
    }
    let pieces: [Piece]
    let duration: Double
    let tolerance: Double

    init(_ timeline: KeyframeTimeline<Double>, tolerance: Double) throws {
        self.tolerance = tolerance
        let keyframes = timeline.track.keyframes
        var pieces: [Piece] = []
        var value = timeline.initialValue, velocity = 0.0, clock = 0.0
        for (index, keyframe) in keyframes.enumerated() {
            switch keyframe {
            case .move(let move):
                value = move.to
                velocity = 0
            case .linear(let linear):
                let shape = try CurveShape(linear.timingCurve)
                let piece = Piece(start: clock, duration: linear.duration, from: value, to: linear.to, motion: .curve(shape))
                pieces.append(piece)
                velocity = (linear.to - value) * (try shape.reference(at: 1).slope) / linear.duration
                value = linear.to
                clock += linear.duration
            case .cubic(let cubic):
                let v0 = cubic.startVelocity ?? velocity
                let v1 = try cubic.endVelocity ?? Self.automaticEndVelocity(after: index, from: value, at: clock, keyframes)
                pieces.append(Piece(start: clock, duration: cubic.duration, from: value, to: cubic.to, motion: .hermite(v0: v0, v1: v1)))
                value = cubic.to
                velocity = v1
                clock += cubic.duration
            case .spring(let keyframe):
                let spring = keyframe.spring
                let problem = OscillatorProblem(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                                initialPosition: value, initialVelocity: keyframe.startVelocity ?? velocity,
                                                target: keyframe.to)
                let length = keyframe.resolvedDuration
                pieces.append(Piece(start: clock, duration: length, from: value, to: keyframe.to, motion: .spring(problem)))
                let end = try OscillatorReference.solve(problem, at: [length], tolerance: tolerance)
                (value, velocity) = (end.positions[0], end.velocities[0])
                clock += length
            }
        }
        self.pieces = pieces
        duration = clock
    }

    /// A cubic keyframe's end velocity when it gives none (`CubicKeyframe`'s rules).
    /// x0: the value where keyframe `index` starts, at time t0.
    static func automaticEndVelocity(after index: Int, from x0: Double, at t0: Double,
                                     _ keyframes: [Keyframe<Double>]) throws -> Double {
        guard index + 1 < keyframes.count, case .cubic(let this) = keyframes[index] else { return 0 }
        let end = t0 + this.duration
        switch keyframes[index + 1] {
        case .move: return 0
        case .linear(let next):
            return (next.to - this.to) * (try CurveShape(next.timingCurve).reference(at: 0).slope) / next.duration
        case .cubic(let next):
            return next.startVelocity ?? (next.to - x0) / (end + next.duration - t0)
        case .spring(let next):
            return next.startVelocity ?? (next.to - x0) / (end + next.resolvedDuration - t0)
        }
    }

    /// Value and velocity at `time` in [0, duration).
    func state(at time: Double) throws -> (value: Double, velocity: Double) {
        guard let piece = pieces.last(where: { $0.start <= time }) else { return (pieces[0].from, 0) }
        let elapsed = time - piece.start, d = piece.duration
        switch piece.motion {
        case .curve(let shape):
            let (y, slope) = try shape.reference(at: elapsed / d)
            return (piece.from + (piece.to - piece.from) * y, (piece.to - piece.from) * slope / d)
        case .hermite(let v0, let v1):
            let s = elapsed / d, s2 = s * s, s3 = s2 * s
            let value = (2 * s3 - 3 * s2 + 1) * piece.from + (s3 - 2 * s2 + s) * d * v0
                + (-2 * s3 + 3 * s2) * piece.to + (s3 - s2) * d * v1
            let rate = ((6 * s2 - 6 * s) * piece.from + (3 * s2 - 4 * s + 1) * d * v0
                + (-6 * s2 + 6 * s) * piece.to + (3 * s2 - 2 * s) * d * v1) / d
            return (value, rate)
        case .spring(let problem):
            let solution = try OscillatorReference.solve(problem, at: [elapsed], tolerance: tolerance)
            return (solution.positions[0], solution.velocities[0])
        }
    }
}

extension CurveShape {
    /// A keyframe's timing curve as the reference evaluates it: `linear` or a Bézier by its control
    /// points (the workload's timelines use no other).
    init(_ curve: UnitCurve) throws {
        if curve == .linear {
            self = .linear
        } else if let start = curve.startControlPoint, let end = curve.endControlPoint {
            self = .bezier(x1: start.x, y1: start.y, x2: end.x, y2: end.y)
        } else {
            throw ReferenceError.invalidInput(field: "timingCurve", value: .nan, expected: "linear or a Bézier")
        }
    }
}

extension KeyframesPopulation {
    /// Each animation's value and velocity after `frames` frames from `KeyframesReference`, at the
    /// workload's time (phase + t) mod the timeline's duration.
    func referenceStates(frames: Int, frameInterval: Double, tolerance: Double) throws -> [(value: Double, velocity: Double)] {
        let references = try Self.timelines.map { try KeyframesReference($0, tolerance: tolerance) }
        return try (0..<count).map { index in
            let reference = references[timelineIndex[index]]
            let time = (phase[index] + Double(frames) * frameInterval).truncatingRemainder(dividingBy: reference.duration)
            return try reference.state(at: time)
        }
    }
}
