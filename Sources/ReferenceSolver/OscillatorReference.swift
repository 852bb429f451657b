// OscillatorReference.swift — the ground truth for springs: GSL integration of
//
//     m x'' + c x' + k (x − target(t)) = 0
//
// with a piecewise-constant target.
//
// Accuracy contract, at the default tolerance (epsabs = epsrel = 1e−13 on the scaled state, see
// ScaledOscillator.swift), errors measured against hand-written closed forms in the tests:
// - position error / D and velocity error / (D·ω) ≤ ~1e−13 on damped springs in every regime
//   (measured 1e−16 … 9e−14), stiff springs on bsimp (ζ = 100, 1000: ≤ 3e−14), and across a
//   thousand retargets (1.5e−15: no drift);
// - undamped and lightly damped springs accumulate truncation error along the orbit: 5e−13
//   after 40 periods, ~2e−10 after 20 000; tolerance 1e−14 cuts that ~10× for ~30% more work.
//
// Goals, in order: 1. be right (a reference that is wrong is worse than none); 2. say clearly
// when it cannot be (typed errors, never an abort, never a hang); 3. be fast enough that the
// verifier can call it thousands of times.

import CGSL

/// GSL reference solutions of the damped oscillator.
public struct OscillatorReference {
    /// epsabs = epsrel for the GSL step control. AccuracyContracts.md: rk8pd reaches ~1e−15 at 1e−13, and
    /// going below 1e−14 gains nothing (rounding in the 13 stages dominates).
    public static let defaultTolerance = 1e-13

    /// Tolerances below this make GSL's step control chase rounding noise (a step's own rounding
    /// error is ~1e−16 of the state); they are rejected as invalid input.
    public static let minimumTolerance = 1e-16

    /// The GSL version the reference is linked against, e.g. "2.7.1".
    public static var gslVersion: String { String(cString: hooke_gsl_version()) }

    /// Integrates m x'' + c x' + k (x − target(t)) = 0 with a piecewise-constant target and
    /// samples it at `times` (sorted, ≥ 0).
    ///
    /// At a retarget time the target changes and the driver is reset; position and velocity
    /// carry over, and a sample at exactly that time reports that (continuous) state. A
    /// retarget at t = 0 replaces `target` from the start.
    ///
    /// Long spans: when k > 0 and c > 0, a segment (from t = 0 or a retarget) whose true state
    /// is provably below 1e−3 · tolerance of the distance (an a-priori bound, see
    /// ``ScaledOscillator/decayTime(from:below:)``) is set to exactly the target with velocity 0
    /// and costs nothing more until the next retarget; a response-1e−4 s spring sampled at
    /// t = 1e6 takes ~100 steps. Undamped or growing problems have no such shortcut: when they
    /// need more than ``OscillatorIntegrator/stepBudget`` steps the solve throws
    /// ``ReferenceError/budgetExceeded(steps:reachedTime:requestedTime:)`` instead of hanging.
    ///
    /// - Parameters:
    ///   - problem: the oscillator; validated (mass > 0, finite numbers, sorted retargets).
    ///   - times: sample times, finite, ≥ 0, non-decreasing; may repeat.
    ///   - tolerance: epsabs = epsrel of GSL's step control, in [1e−16, 1).
    ///   - stepper: force rk8pd or bsimp; nil chooses (bsimp for stiff springs).
    /// - Returns: the state at each time, the stepper used and the evaluation count.
    /// - Throws: ``ReferenceError``, naming the bad field or the GSL failure.
    /// - Complexity: proportional to the steps GSL takes (13 evaluations each for rk8pd): ~100
    ///   per second of a 0.5 s-response spring's motion, at least one per sample; nothing once
    ///   a segment has decayed. 101 samples over 1 s take ~25 µs (release build).
    public static func solve(
        _ problem: OscillatorProblem, at times: [Double], tolerance: Double = defaultTolerance,
        stepper: ReferenceStepper? = nil
    ) throws -> ReferenceTrajectory {
        try solveTyped(problem, at: times, tolerance: tolerance, stepper: stepper)
    }

    static func solveTyped(
        _ problem: OscillatorProblem, at times: [Double], tolerance: Double,
        stepper: ReferenceStepper?
    ) throws(ReferenceError) -> ReferenceTrajectory {
        prepareGSL()
        try problem.validate()
        try validateSampleTimes(times)
        guard tolerance.isFinite, tolerance >= minimumTolerance, tolerance < 1 else {
            throw .invalidInput(
                field: "tolerance", value: tolerance, expected: "a number in [\(minimumTolerance), 1)")
        }
        let model = try ScaledOscillator(problem)
        let lastTime = times.last ?? 0
        let chosen = stepper ?? model.recommendedStepper(
            segmentLengths: segmentLengths(problem.retargets, until: lastTime))

        var trajectory = ReferenceTrajectory(
            times: times, positions: [], velocities: [], stepper: chosen, evaluations: 0)
        guard !times.isEmpty else { return trajectory }
        trajectory.positions.reserveCapacity(times.count)
        trajectory.velocities.reserveCapacity(times.count)

        let distance = model.distance
        let velocityScale = model.distance * model.rate
        // Retargets at t = 0 replace the initial target before anything is integrated.
        var target = problem.target
        var nextEvent = problem.retargets.startIndex
        while nextEvent < problem.retargets.endIndex, problem.retargets[nextEvent].time == 0 {
            target = problem.retargets[nextEvent].target
            nextEvent += 1
        }
        let integrator = try OscillatorIntegrator(
            model: model, stepper: chosen, tolerance: tolerance,
            u: (problem.initialPosition - target) / distance,
            w: problem.initialVelocity / velocityScale)

        for t in times {
            // Every retarget at or before t happens first: at its time the target is the new one.
            while nextEvent < problem.retargets.endIndex, problem.retargets[nextEvent].time <= t {
                let event = problem.retargets[nextEvent]
                try integrator.advance(to: event.time)
                try integrator.shiftPosition(by: (target - event.target) / distance)
                target = event.target
                nextEvent += 1
            }
            try integrator.advance(to: t)
            trajectory.positions.append(target + distance * integrator.u)
            trajectory.velocities.append(velocityScale * integrator.w)
        }
        trajectory.evaluations = integrator.evaluations
        return trajectory
    }

    /// Lengths of the pieces of [0, end] between retargets, for the stepper choice.
    private static func segmentLengths(_ retargets: [OscillatorProblem.Retarget], until end: Double)
        -> [Double]
    {
        var lengths: [Double] = []
        var start = 0.0
        for event in retargets where event.time < end {
            lengths.append(event.time - start)
            start = event.time
        }
        lengths.append(end - start)
        return lengths
    }
}
