import AnimationMath
import ReferenceSolver

/// A strategy's error after a run, measured two ways that answer different questions.
public struct ErrorMeasurement: Sendable, Equatable {
    /// Against a reference independent of the code under test (`ErrorReference`): accuracy.
    /// nil when the workload has none.
    public var reference: Double?
    /// Against the `naive` strategy on the same animations: consistency between two of our own
    /// paths, never accuracy. nil for `naive` itself.
    public var consistencyWithNaive: Double?
}

extension KernelFactory {
    /// The errors of `strategy` on `workload` after `frames` frames at `frameInterval`, over the
    /// first `errorSampleCount` animations, relative to each animation's scale:
    ///
    /// - `spring` against GSL (`OscillatorReference.solve`) at elapsed time phase + frames·Δt;
    ///   positions relative to the distance, velocities to distance/response.
    /// - `swiftui-spring` against SwiftUI's rule run exactly (`SpringIntegratorState.advance`, one
    ///   animation at a time, restarting toward the opposite interval at rest); relative to the interval.
    /// - `curve` against GSL's Brent root of the Bézier (`BezierReference`) or the circular curves'
    ///   closed forms, with the workload's restart rule; values relative to the interval,
    ///   velocities to interval/duration.
    /// - `keyframes` against each keyframe worked from its definition (`KeyframesReference`);
    ///   absolute errors.
    /// - `mixed` against the animator's rules with GSL evaluating the animations
    ///   (`MixedPopulation.referenceStates`), over the sampled values that have one (not the
    ///   `repeatCount` and `interpolatingSpring` ones); relative to max(|first target|, step).
    ///
    /// Consistency: the same animations through the `naive` kernel, in the same scales.
    /// `engines`: the libraries an `engine` strategy is looked up in.
    /// - Returns: nil when the pair does not exist.
    public static func errors(workload: Workload, strategy: Strategy, frameInterval: Double,
                              frames: Int = errorFrames, substeps: Int = 1,
                              engines: [EngineLibrary] = []) throws -> ErrorMeasurement? {
        guard let kernel = try makeKernel(workload, strategy, count: errorSampleCount, frameInterval: frameInterval,
                                          substeps: substeps, engines: engines) else { return nil }
        // The floor computes nothing an error could judge.
        if strategy == .floor { kernel.release(); return ErrorMeasurement(reference: nil, consistencyWithNaive: nil) }
        defer { kernel.release() }
        run(kernel, frames: frames)
        return try errors(of: kernel, workload: workload, strategy: strategy, frames: frames, frameInterval: frameInterval)
    }

    /// The errors of `kernel` (holding the first `kernel.count` animations of the workload's
    /// population) after it has run `frames` frames; see `errors(workload:strategy:frameInterval:frames:)`.
    static func errors(of kernel: any FrameKernel, workload: Workload, strategy: Strategy,
                       frames: Int, frameInterval: Double) throws -> ErrorMeasurement {
        let count = min(kernel.count, errorSampleCount)
        let scales = errorScales(workload, count: count)
        let reference = try referenceStates(workload, count: count, frames: frames, frameInterval: frameInterval)
        var consistency: Double?
        if strategy != .naive, let naive = makeKernel(workload, .naive, count: count, frameInterval: frameInterval) {
            defer { naive.release() }
            run(naive, frames: frames)
            consistency = worst(kernel, against: (0..<count).map { naive.state(of: $0) }, scales: scales)
        }
        return ErrorMeasurement(reference: reference.map { worst(kernel, against: $0, scales: scales) },
                                consistencyWithNaive: consistency)
    }

    static func run(_ kernel: any FrameKernel, frames: Int) {
        guard frames > 0 else { return }
        for frame in 1...frames { kernel.advance(0..<kernel.count, to: frame) }
    }

    /// The largest relative difference between `kernel`'s states and `states` (skipping nil ones).
    static func worst(_ kernel: any FrameKernel, against states: [(value: Double, velocity: Double)?],
                      scales: [(value: Double, velocity: Double)]) -> Double {
        var worst = 0.0
        for index in states.indices {
            guard let expected = states[index] else { continue }
            let state = kernel.state(of: index)
            worst = max(worst, relativeError(state.value, expected.value, scales[index].value),
                        relativeError(state.velocity, expected.velocity, scales[index].velocity))
        }
        return worst
    }

    /// |x − reference| / scale; infinity when x is not finite (a blown-up integrator).
    static func relativeError(_ x: Double, _ reference: Double, _ scale: Double) -> Double {
        guard x.isFinite else { return .infinity }
        return abs(x - reference) / scale
    }

    /// Each animation's scale for values and velocities (keyframe errors are absolute: the
    /// timelines' values are of order 1 to 400).
    static func errorScales(_ workload: Workload, count: Int) -> [(value: Double, velocity: Double)] {
        switch workload {
        case .spring:
            let population = SpringPopulation(count: count)
            return (0..<count).map { let scale = population.errorScales(of: $0); return (scale.position, scale.velocity) }
        case .swiftUISpring:
            let population = SwiftUISpringPopulation(count: count)
            return population.interval.map { (abs($0), abs($0)) }
        case .curve:
            let population = CurvePopulation(count: count)
            return (0..<count).map { (abs(population.interval[$0]), abs(population.interval[$0]) / population.duration[$0]) }
        case .keyframes:
            return Array(repeating: (1, 1), count: count)
        case .mixed:
            let population = MixedPopulation(count: count)
            return (0..<count).map {
                let scale = max(abs(population.firstTarget[$0]), population.step[$0])
                return (scale, scale)
            }
        }
    }

    /// The independent reference's state of the first `count` animations after `frames` frames
    /// (nil for an animation it does not cover); nil when the workload has none.
    static func referenceStates(_ workload: Workload, count: Int, frames: Int,
                                frameInterval: Double) throws -> [(value: Double, velocity: Double)?]? {
        switch workload {
        case .spring:
            let population = SpringPopulation(count: count)
            return try (0..<count).map { index in
                let spring = population.springs[index]
                let problem = OscillatorProblem(
                    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                    initialPosition: population.from[index], initialVelocity: population.initialVelocity[index],
                    target: population.target[index])
                let time = population.phase[index] + Double(frames) * frameInterval
                let solution = try OscillatorReference.solve(problem, at: [time], tolerance: referenceTolerance)
                return (solution.positions[0], solution.velocities[0])
            }
        case .swiftUISpring:
            return SwiftUISpringPopulation(count: count).ruleStates(frames: frames, frameInterval: frameInterval)
        case .curve:
            return try CurvePopulation(count: count).brentStates(frames: frames, frameInterval: frameInterval)
        case .keyframes:
            return try KeyframesPopulation(count: count).referenceStates(frames: frames, frameInterval: frameInterval,
                                                                         tolerance: referenceTolerance)
        case .mixed:
            return try MixedPopulation(count: count).referenceStates(frames: frames, frameInterval: frameInterval)
        }
    }
}

extension SwiftUISpringPopulation {
    /// The rule run exactly: each animation's `SpringIntegratorState` advanced to every frame time
    /// in turn, restarting toward the opposite interval from the frame at which it comes to rest.
    func ruleStates(frames: Int, frameInterval: Double) -> [(value: Double, velocity: Double)] {
        ruleStates(frameNumbers: (0...frames).dropFirst(), frameInterval: frameInterval)
    }

    /// The rule run exactly through the frames `frameNumbers` (increasing; gaps allowed, as when an
    /// app is suspended).
    func ruleStates(frameNumbers: some Sequence<Int>, frameInterval: Double) -> [(value: Double, velocity: Double)] {
        typealias State = SpringIntegratorState<Double>
        return (0..<count).map { index in
            var state = State()
            var delta = interval[index]
            var begin = -phase[index]
            let stiffness = State.stiffness(response: response(index))
            for frame in frameNumbers {
                let now = Double(frame) * frameInterval
                if state.advance(interval: delta, to: now - begin, stiffness: stiffness, dampingRatio: dampingFraction(index)) {
                    state = State()
                    delta = -delta
                    begin = now
                }
            }
            return (state.offset, state.velocity)
        }
    }
}

extension CurvePopulation {
    /// Each animation's value and velocity after `frames` frames from GSL's Brent root (Béziers) or
    /// the closed forms (circular curves), with the restart rule replayed frame by frame.
    func brentStates(frames: Int, frameInterval: Double) throws -> [(value: Double, velocity: Double)] {
        try (0..<count).map { index in
            var delta = interval[index]
            var begin = -phase[index]
            var restartedNow = false
            for frame in 0...frames where frame > 0 {
                let now = Double(frame) * frameInterval
                restartedNow = now - begin > duration[index]
                if restartedNow {
                    delta = -delta
                    begin = now
                }
            }
            if restartedNow { return (0, 0) }
            let progress = (Double(frames) * frameInterval - begin) / duration[index]
            let (value, slope) = try shapes[index].reference(at: progress)
            return (delta * value, delta * slope / duration[index])
        }
    }
}

extension CurveShape {
    /// The curve's value and slope at `progress` in [0, 1], independently of `UnitCurve`: GSL's
    /// Brent root s of x(s) = p, then y(s) and y'(s)/x'(s) in Bernstein form; the circular curves'
    /// textbook closed forms.
    func reference(at progress: Double) throws -> (value: Double, slope: Double) {
        let p = min(max(progress, 0), 1)
        switch self {
        case .linear:
            return (p, 1)
        case .circularEaseIn:
            let root = (1 - p * p).squareRoot()
            return (1 - root, p / root)
        case .circularEaseOut:
            let root = ((2 - p) * p).squareRoot()
            return (root, (1 - p) / root)
        case .circularEaseInOut:
            if p < 0.5 {
                let root = (1 - 4 * p * p).squareRoot()
                return ((1 - root) / 2, 2 * p / root)
            }
            let u = 2 * p - 2
            let root = (1 - u * u).squareRoot()
            return ((root + 1) / 2, -u / root)
        case .bezier(let x1, let y1, let x2, let y2):
            let s = try BezierReference.parameter(x1: x1, x2: x2, forX: p)
            let t = 1 - s
            let y = s * (3 * t * (t * y1 + s * y2) + s * s)
            let dx = 3 * (t * t * x1 + 2 * s * t * (x2 - x1) + s * s * (1 - x2))
            let dy = 3 * (t * t * y1 + 2 * s * t * (y2 - y1) + s * s * (1 - y2))
            return (y, dy / dx)
        }
    }
}
