import AnimationMath
import ReferenceSolver

/// Builds the kernel for a (workload, strategy) pair, and measures its error against the reference
/// after a run.
public enum KernelFactory {
    /// How many animations the error is measured on: the first 64 of the population (populations
    /// are drawn sequentially from one seed, so they are the same animations at every size), which
    /// covers every spring regime eight times over and keeps the GSL reference under ~0.1 s.
    public static let errorSampleCount = 64

    /// The error is measured after this many frames of a separate, untimed run (2 s at 120 Hz, 4 s
    /// at 60 Hz), not after however many frames the timing took: errors then compare across runs,
    /// machines and baselines, and the GSL reference (≈1e-13 relative per second of oscillation at
    /// its default tolerance) stays well below the 1e-12 the exact path is judged against.
    public static let errorFrames = 240

    /// GSL's epsabs = epsrel for the spring reference: 1e-14 rather than the solver's default 1e-13,
    /// because at the default the reference itself drifts to ~4e-13 of the distance over these
    /// runs (measured), which would hide whether the exact path meets 1e-12 with room to spare;
    /// AnimationMath.docc/AccuracyContracts.md: below 1e-14 gains nothing.
    public static let referenceTolerance = 1e-14

    /// A kernel for `count` animations; nil when the pair does not exist (see `Workload`).
    static func makeKernel(_ workload: Workload, _ strategy: Strategy, count: Int, frameInterval: Double) -> (any FrameKernel)? {
        guard workload.strategies.contains(strategy) else { return nil }
        switch workload {
        case .spring:
            let population = SpringPopulation(count: count)
            switch strategy {
            case .naive: return population.naiveKernel(frameInterval: frameInterval)
            case .fast: return FastSpringKernel(population, frameInterval: frameInterval)
            case .euler: return EulerSpringKernel(population, frameInterval: frameInterval)
            case .rk4: return RK4SpringKernel(population, frameInterval: frameInterval)
            case .gsl: return GSLSpringKernel(population, frameInterval: frameInterval)
            }
        case .swiftUISpring:
            let population = SwiftUISpringPopulation(count: count)
            return strategy == .naive ? population.naiveKernel(frameInterval: frameInterval)
                : FastSwiftUISpringKernel(population, frameInterval: frameInterval)
        case .curve:
            let population = CurvePopulation(count: count)
            return strategy == .naive ? population.naiveKernel(frameInterval: frameInterval)
                : FastCurveKernel(population, frameInterval: frameInterval)
        case .mixed:
            let population = MixedPopulation(count: count)
            return strategy == .naive ? population.naiveKernel(frameInterval: frameInterval)
                : FastMixedKernel(population, frameInterval: frameInterval)
        case .keyframes:
            let population = KeyframesPopulation(count: count)
            return strategy == .naive ? population.naiveKernel(frameInterval: frameInterval)
                : FastKeyframesKernel(population, frameInterval: frameInterval)
        }
    }

    /// The largest error of `strategy` on `workload` after `errorFrames` frames at `frameInterval`,
    /// over the first `errorSampleCount` animations, relative to each animation's scale.
    ///
    /// - `spring`: against the GSL reference (`OscillatorReference.solve`) at elapsed time
    ///   phase + frames·Δt; positions relative to the distance, velocities to distance/response.
    /// - `swiftui-spring`, `curve`, `mixed`, `keyframes`: against the model path — the same animations replayed
    ///   frame by frame through the public `Animation`/`Animator` API (the `naive` kernel) —
    ///   relative to each animation's interval. `naive` is that path, so its error is 0.
    ///   (Keyframe errors are absolute: the timelines' values are of order 1 to 400.)
    /// - Returns: nil when the pair does not exist.
    public static func maximumError(workload: Workload, strategy: Strategy, frameInterval: Double,
                                    frames: Int = errorFrames) throws -> Double? {
        guard let kernel = makeKernel(workload, strategy, count: errorSampleCount, frameInterval: frameInterval) else {
            return nil
        }
        defer { kernel.release() }
        if frames > 0 {
            for frame in 1...frames { kernel.advance(0..<kernel.count, to: frame) }
        }
        return try maximumError(of: kernel, workload: workload, strategy: strategy, frames: frames,
                                frameInterval: frameInterval)
    }

    /// The largest error of `kernel` (holding the first `kernel.count` animations of the workload's
    /// population) after it has run `frames` frames; see `maximumError(workload:strategy:frameInterval:frames:)`.
    static func maximumError(of kernel: any FrameKernel, workload: Workload, strategy: Strategy,
                             frames: Int, frameInterval: Double) throws -> Double? {
        let sample = Array(0..<min(kernel.count, errorSampleCount))
        var worst = 0.0
        switch workload {
        case .spring:
            let population = SpringPopulation(count: kernel.count)
            for index in sample {
                let spring = population.springs[index]
                let problem = OscillatorProblem(
                    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                    initialPosition: population.from[index], initialVelocity: population.initialVelocity[index],
                    target: population.target[index])
                let time = population.phase[index] + Double(frames) * frameInterval
                let reference = try OscillatorReference.solve(problem, at: [time], tolerance: referenceTolerance)
                let scale = population.errorScales(of: index)
                let state = kernel.state(of: index)
                worst = max(worst, relativeError(state.value, reference.positions[0], scale.position),
                            relativeError(state.velocity, reference.velocities[0], scale.velocity))
            }
        case .swiftUISpring, .curve, .mixed, .keyframes:
            if strategy == .naive { return 0 }
            let replay: NaiveKernel
            let scales: [Double]
            switch workload {
            case .swiftUISpring:
                var population = SwiftUISpringPopulation(count: kernel.count)
                scales = sample.map { abs(population.interval[$0]) }
                population = population.subset(sample)
                replay = population.naiveKernel(frameInterval: frameInterval)
            case .curve:
                var population = CurvePopulation(count: kernel.count)
                scales = sample.map { abs(population.interval[$0]) }
                population = population.subset(sample)
                replay = population.naiveKernel(frameInterval: frameInterval)
            case .keyframes:
                let population = KeyframesPopulation(count: kernel.count)
                scales = sample.map { _ in 1 }
                replay = NaiveKernel(
                    animations: sample.map {
                        NaiveKeyframesAnimation(timeline: KeyframesPopulation.timelines[population.timelineIndex[$0]],
                                                phase: population.phase[$0])
                    },
                    frameInterval: frameInterval, stateBytesPerAnimation: 0)
            default:
                let population = MixedPopulation(count: kernel.count)
                scales = sample.map { max(abs(population.firstTarget[$0]), population.step[$0]) }
                replay = NaiveKernel(
                    animations: sample.map { NaiveMixedAnimation(population: population, index: $0, frameInterval: frameInterval) },
                    frameInterval: frameInterval, stateBytesPerAnimation: 0)
            }
            if frames > 0 {
                for frame in 1...frames { replay.advance(0..<sample.count, to: frame) }
            }
            for (position, index) in sample.enumerated() {
                let state = kernel.state(of: index), reference = replay.state(of: position)
                worst = max(worst, relativeError(state.value, reference.value, scales[position]),
                            relativeError(state.velocity, reference.velocity, scales[position]))
            }
        }
        return worst
    }

    /// |x − reference| / scale; infinity when x is not finite (a blown-up integrator).
    static func relativeError(_ x: Double, _ reference: Double, _ scale: Double) -> Double {
        guard x.isFinite else { return .infinity }
        return abs(x - reference) / scale
    }
}

extension SwiftUISpringPopulation {
    /// The animations at `indices`, in that order.
    func subset(_ indices: [Int]) -> SwiftUISpringPopulation {
        var copy = self
        copy.response = indices.map { response[$0] }
        copy.dampingFraction = indices.map { dampingFraction[$0] }
        copy.interval = indices.map { interval[$0] }
        copy.phase = indices.map { phase[$0] }
        return copy
    }
}

extension CurvePopulation {
    /// The animations at `indices`, in that order.
    func subset(_ indices: [Int]) -> CurvePopulation {
        var copy = self
        copy.curves = indices.map { curves[$0] }
        copy.duration = indices.map { duration[$0] }
        copy.interval = indices.map { interval[$0] }
        copy.phase = indices.map { phase[$0] }
        return copy
    }
}
