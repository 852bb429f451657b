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
    /// `substeps`: steps per frame for `euler` and `rk4` (ignored by the others).
    static func makeKernel(_ workload: Workload, _ strategy: Strategy, count: Int, frameInterval: Double,
                           substeps: Int = 1) -> (any FrameKernel)? {
        guard workload.strategies.contains(strategy), strategy != .limitAVX2 || LimitISA.hasAVX2 else { return nil }
        switch workload {
        case .spring:
            let population = SpringPopulation(count: count)
            switch strategy {
            case .naive: return population.naiveKernel(frameInterval: frameInterval)
            case .fast: return FastSpringKernel(population, frameInterval: frameInterval)
            case .euler: return EulerSpringKernel(population, frameInterval: frameInterval, substeps: substeps)
            case .rk4: return RK4SpringKernel(population, frameInterval: frameInterval, substeps: substeps)
            case .gsl: return GSLSpringKernel(population, frameInterval: frameInterval)
            case .limit, .limitAVX2:
                return LimitSpringKernel(FastSpringKernel(population, frameInterval: frameInterval), avx2: strategy == .limitAVX2)
            case .floor: return SpringFloorKernel(FastSpringKernel(population, frameInterval: frameInterval))
            case .engine: return nil // an engine library's (`makeKernel(…engines:)`)
            }
        case .swiftUISpring:
            let population = SwiftUISpringPopulation(count: count)
            switch strategy {
            case .naive: return population.naiveKernel(frameInterval: frameInterval)
            case .limit, .limitAVX2:
                return LimitSwiftUISpringKernel(FastSwiftUISpringKernel(population, frameInterval: frameInterval),
                                                avx2: strategy == .limitAVX2)
            case .floor: return FloorKernel(FastSwiftUISpringKernel(population, frameInterval: frameInterval))
            default: return FastSwiftUISpringKernel(population, frameInterval: frameInterval)
            }
        case .curve:
            let population = CurvePopulation(count: count)
            switch strategy {
            case .naive: return population.naiveKernel(frameInterval: frameInterval)
            case .limit, .limitAVX2:
                return LimitCurveKernel(population, frameInterval: frameInterval, avx2: strategy == .limitAVX2)
            case .floor: return FloorKernel(LimitCurveKernel(population, frameInterval: frameInterval, avx2: false))
            default: return FastCurveKernel(population, frameInterval: frameInterval)
            }
        case .mixed:
            let population = MixedPopulation(count: count)
            switch strategy {
            case .naive: return population.naiveKernel(frameInterval: frameInterval)
            case .limit, .limitAVX2:
                return LimitMixedKernel(population, frameInterval: frameInterval, avx2: strategy == .limitAVX2)
            default: return FastMixedKernel(population, frameInterval: frameInterval)
            }
        case .keyframes:
            let population = KeyframesPopulation(count: count)
            switch strategy {
            case .naive: return population.naiveKernel(frameInterval: frameInterval)
            case .limit, .limitAVX2:
                return LimitKeyframesKernel(FastKeyframesKernel(population, frameInterval: frameInterval),
                                            avx2: strategy == .limitAVX2)
            case .floor: return FloorKernel(FastKeyframesKernel(population, frameInterval: frameInterval))
            default: return FastKeyframesKernel(population, frameInterval: frameInterval)
            }
        }
    }
}
