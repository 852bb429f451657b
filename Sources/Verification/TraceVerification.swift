// TraceVerification.swift — compares a trajectory a user brings (time, value[, velocity]) with the
// GSL reference for the same spring, start, target, initial velocity and retargets.
//
// Errors are relative to the distance: the largest |target change| of the motion (|to − from| and
// every retarget's jump); velocity errors relative to ω0 times that distance.

import AnimationMath
import HookeSupport
import ReferenceSolver

/// One sample of a user's trace.
public struct TraceSample: Sendable {
    public var time: Double
    public var value: Double
    public var velocity: Double?
    public init(time: Double, value: Double, velocity: Double? = nil) {
        self.time = time
        self.value = value
        self.velocity = velocity
    }
}

/// The result of comparing a trace with the reference.
public struct TraceComparison: Sendable {
    public var positions: ErrorStatistics
    public var velocities: ErrorStatistics?
    public var distance: Double
    public var tolerance: Double
    public var passed: Bool {
        positions.maxRelative <= tolerance && (velocities?.maxRelative ?? 0) <= tolerance
    }

    /// The comparison as lines to print: the trace (`name`, its `samples` and
    /// `spring`), the worst and RMS error of the positions (and velocities), and the verdict.
    public func lines(name: String, samples: Int, spring: Spring) -> [String] {
        func line(_ label: String, _ stats: ErrorStatistics) -> String {
            let worst = stats.worst.map { "\($0.description), t = \(formatShort($0.time ?? .nan))" } ?? "-"
            return "  \(label): worst \(formatShort(stats.maxRelative, digits: 3)) of the distance at \(worst); "
                + "rms \(formatShort(stats.rmsRelative, digits: 3)); max |error| \(formatShort(stats.maxAbsolute, digits: 3))"
        }
        return ["trace \(name): \(samples) samples, distance \(formatShort(distance)), spring \(spring)", line("position", positions)]
            + (velocities.map { [line("velocity (relative to ω0·distance)", $0)] } ?? [])
            + ["tolerance \(formatShort(tolerance)): \(passed ? "pass" : "FAIL")"]
    }
}

public enum TraceVerifier {
    /// Compares `samples` (sorted by time, ≥ 0) with the reference motion of `spring` from `from`
    /// toward `to` with `initialVelocity` and the retargets.
    public static func compare(
        _ samples: [TraceSample], spring: Spring, from: Double, to: Double, initialVelocity: Double,
        retargets: [Retarget], tolerance: Double
    ) throws -> TraceComparison {
        let problem = OscillatorProblem(spring: spring, from: from, to: to, velocity: initialVelocity, retargets: retargets)
        let times = samples.map(\.time)
        let reference = try OscillatorReference.solve(problem, at: times)
        var distance = Swift.abs(to - from)
        var previous = to
        for event in retargets {
            distance = Swift.max(distance, Swift.abs(event.target - previous))
            previous = event.target
        }
        if distance == 0 { distance = Swift.max(Swift.abs(initialVelocity) / spring.naturalFrequency, 1) }
        let velocityScale = distance * spring.naturalFrequency
        var positions = ErrorStatistics()
        var velocities: ErrorStatistics? = samples.contains { $0.velocity != nil } ? ErrorStatistics() : nil
        for (i, sample) in samples.enumerated() {
            positions.add(sample.value, reference.positions[i], scale: distance,
                          location: WorstCase("line \(i + 2)", time: sample.time))
            if let v = sample.velocity {
                velocities?.add(v, reference.velocities[i], scale: velocityScale,
                                location: WorstCase("line \(i + 2)", time: sample.time))
            }
        }
        return TraceComparison(positions: positions, velocities: velocities, distance: distance, tolerance: tolerance)
    }
}
