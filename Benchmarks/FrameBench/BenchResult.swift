/// The measurements of one (workload, strategy, animations, threads, frame rate) configuration.
/// Field names are the `results` entries of a bench run's JSON.
public struct BenchResult: Codable, Sendable, Equatable {
    public var workload: Workload
    public var strategy: Strategy
    public var animations: Int
    public var threads: Int
    /// Distinct kernel threads that advanced the population (1: the calling thread; T ≥ 2: T threads,
    /// each with one contiguous chunk — the caller and T − 1 Dispatch workers for the `spin` pool, T
    /// Dispatch workers for `semaphore`), as observed, not as requested.
    public var workerThreads: Int
    /// How frames were handed to the threads when T ≥ 2 (`PoolKind`); nil with one thread, and in
    /// files written before pools were recorded (those ran `.semaphore`).
    public var pool: PoolKind?
    public var frameRate: Int
    /// Frame wall time divided by the number of animations, per percentile (nanoseconds).
    public var nsPerAnimationFrame: Percentiles
    /// Whole-frame wall time per percentile (nanoseconds).
    public var frameNanoseconds: Percentiles
    /// Timed frames (after warm-up).
    public var samples: Int
    /// The timed frames' time per animation-frame, summarised for resampling (`SampleSummary`): what
    /// a baseline pools and the statistical comparison draws from. nil in results written before it.
    public var sampleSummary: SampleSummary?
    /// The spread of the time per animation-frame: (p75 − p25) / p50 (nil in results written before it).
    public var relativeSpread: Double?
    /// Two modes in the timed frames (`Bimodality`, time per animation-frame): the row's median
    /// stands for neither. nil when the frames form one group.
    public var bimodality: Bimodality?
    /// Faults, context switches, CPUs and migrations of the measuring thread while the frames were
    /// timed (`FrameNoise`); nil in results written before it.
    public var noise: FrameNoise?
    /// Frames per second at the median frame time.
    public var framesPerSecond: Double
    /// Animations advanced per second at the median frame time.
    public var animationsPerSecond: Double
    /// Heap allocations per timed frame, from the interposed counter; nil when the counter is not
    /// linked into this process.
    public var allocationsPerFrame: Double?
    /// Largest error against the independent reference named in `reference`, relative to each
    /// animation's scale (see `KernelFactory.maximumError`); nil when the workload has no
    /// independent reference or the state diverged (see `note`).
    public var maxError: Double?
    /// What `maxError` is measured against (`ErrorReference`).
    public var reference: ErrorReference
    /// Largest difference from the `naive` strategy's state on the same animations after the same
    /// frames, in the same scale: consistency between two of our own paths, not accuracy. nil for
    /// `naive` itself.
    public var consistencyWithNaive: Double?
    /// What the strategy takes for granted beyond the workload's definition (e.g. a fixed frame
    /// interval, no retargets); empty when it runs the general semantics.
    public var assumptions: [String]
    /// Bytes of per-animation state this strategy keeps.
    public var stateBytesPerAnimation: Int
    /// Bytes of per-animation state a frame streams (read; what is written is among them), for a
    /// memory-bound kernel and its `floor` (`FrameKernel.bytesMovedPerAnimation`); nil otherwise.
    public var bytesMovedPerAnimation: Int?
    /// Resident memory (bytes) with this configuration's population alive, after the run.
    public var residentBytes: Int
    /// Median time per animation relative to `naive` for the same workload, animations and threads
    /// (< 1 is faster); nil for `naive` itself or when `naive` did not run.
    public var ratioToNaive: Double?
    /// The samples behind the `naive` figures the ratios divide by.
    public var naiveSamples: Int?
    /// For `fast`: its median time per animation over `limit`'s, `limit-avx2`'s and `floor`'s for
    /// the same workload, animations and threads (1.5: 1.5× the machine's limit); nil otherwise or
    /// when that strategy did not run.
    public var ratioToLimit: Double?
    public var ratioToLimitAVX2: Double?
    public var ratioToFloor: Double?
    /// Median frame time with one thread divided by this one's (for the same workload, strategy and
    /// animations); nil when the one-thread run is missing.
    public var parallelSpeedup: Double?
    /// The largest number of animations whose p99 frame fits 1/60 s and 1/120 s, extrapolated
    /// linearly from this configuration's p99 time per animation, but never beyond
    /// `FrameBudget.extrapolationLimit` × the animations measured: when more would fit, the value
    /// is that cap and `maxAnimationsIsLowerBound` says "more than this" (printed "> N").
    public var maxAnimationsAt60Hz: Int
    public var maxAnimationsAt120Hz: Int
    public var maxAnimationsAt60HzIsLowerBound: Bool
    public var maxAnimationsAt120HzIsLowerBound: Bool
    /// Anything unusual (a diverged integrator, a GSL failure).
    public var note: String?

    /// The key a baseline stores this configuration under; a pool other than the default is named after the thread count ("2t-semaphore").
    public var key: String { "\(workload.rawValue)/\(strategy.rawValue)/\(animations)/\(threads)t\(poolSuffix)/\(frameRate)Hz" }

    /// "-semaphore" for a result run on a pool other than `PoolKind.standard`, else "".
    var poolSuffix: String { pool.map { $0 == .standard ? "" : "-\($0.rawValue)" } ?? "" }

    public init(workload: Workload, strategy: Strategy, animations: Int, threads: Int, workerThreads: Int? = nil,
                pool: PoolKind? = nil, frameRate: Int, frameNanoseconds: Percentiles, samples: Int, allocationsPerFrame: Double?,
                maxError: Double?, consistencyWithNaive: Double? = nil,
                stateBytesPerAnimation: Int, residentBytes: Int = 0, bytesMovedPerAnimation: Int? = nil,
                note: String? = nil, frameSamples: [Double]? = nil, noise: FrameNoise? = nil) {
        self.workload = workload
        self.strategy = strategy
        self.animations = animations
        self.threads = threads
        self.workerThreads = workerThreads ?? threads
        self.pool = threads > 1 ? pool ?? .standard : nil
        reference = ErrorReference(workload: workload)
        self.consistencyWithNaive = strategy == .naive ? nil : consistencyWithNaive
        assumptions = strategy.assumptions(for: workload)
        self.frameRate = frameRate
        self.frameNanoseconds = frameNanoseconds
        self.nsPerAnimationFrame = frameNanoseconds.scaled(by: 1 / Double(max(animations, 1)))
        self.samples = samples
        let perAnimation = 1 / Double(max(animations, 1))
        sampleSummary = frameSamples.flatMap { $0.isEmpty ? nil : SampleSummary(of: $0).scaled(by: perAnimation) }
        bimodality = frameSamples.flatMap(Bimodality.detect)?.scaled(by: perAnimation)
        relativeSpread = frameNanoseconds.p50 > 0 ? (frameNanoseconds.p75 - frameNanoseconds.p25) / frameNanoseconds.p50 : 0
        self.noise = noise
        let median = max(frameNanoseconds.p50, 1)
        framesPerSecond = 1e9 / median
        animationsPerSecond = framesPerSecond * Double(animations)
        self.allocationsPerFrame = allocationsPerFrame
        self.note = note
        if let maxError, !maxError.isFinite {
            self.maxError = nil
            self.note = [note, "state diverged (error not finite)"].compactMap { $0 }.joined(separator: "; ")
        } else {
            self.maxError = maxError
        }
        self.stateBytesPerAnimation = stateBytesPerAnimation
        self.residentBytes = residentBytes
        self.bytesMovedPerAnimation = bytesMovedPerAnimation
        (maxAnimationsAt60Hz, maxAnimationsAt60HzIsLowerBound) =
            FrameBudget.capacity(frameRate: 60, nanosecondsPerAnimation: nsPerAnimationFrame.p99, measured: animations)
        (maxAnimationsAt120Hz, maxAnimationsAt120HzIsLowerBound) =
            FrameBudget.capacity(frameRate: 120, nanosecondsPerAnimation: nsPerAnimationFrame.p99, measured: animations)
    }
}

/// Frame budgets.
public enum FrameBudget {
    /// The wall time of one frame at `frameRate` Hz, in nanoseconds (16.67 ms at 60, 8.33 ms at 120).
    public static func nanoseconds(frameRate: Int) -> Double { 1e9 / Double(frameRate) }

    /// How far beyond the animations measured a capacity may be extrapolated: the cost per
    /// animation changes with N as the working set leaves a cache (the `fast` springs cost 2–4×
    /// more per animation at 1M than at 100k), so a straight line is trusted for at most 2×.
    public static let extrapolationLimit = 2

    /// The animations whose frame fits the budget at `nanosecondsPerAnimation` each, capped at
    /// `extrapolationLimit` × `measured` (then `isLowerBound`: more would fit, unmeasured).
    public static func capacity(frameRate: Int, nanosecondsPerAnimation: Double, measured: Int)
        -> (animations: Int, isLowerBound: Bool) {
        let cap = extrapolationLimit * max(measured, 1)
        let fits = nanoseconds(frameRate: frameRate) / max(nanosecondsPerAnimation, 1e-3)
        return fits >= Double(cap) ? (cap, true) : (Int(fits), false)
    }
}

/// What a workload's error column is measured against. The raw values are part of the JSON contract.
public enum ErrorReference: String, Codable, Sendable {
    /// GSL's adaptive rk8pd/bsimp integration of the oscillator ODE (`OscillatorReference`).
    case gsl
    /// SwiftUI's 1/300 s integration rule run exactly, one animation at a time
    /// (`SpringIntegratorState.advance`), with the workload's restart rule.
    case rule
    /// GSL's Brent root of the Bézier's x(s) = p (`BezierReference`), the circular curves' closed forms.
    case brent
    /// Each keyframe worked from its definition (`KeyframesReference`): timing curves by GSL's
    /// Brent root, cubics in the Hermite basis, springs by GSL's integration.
    case keyframeDefinitions = "keyframe-definitions"
    /// The animator's merge and chain rules replayed with GSL evaluating the animations: the
    /// `.spring` family as SwiftUI's 1/300 s rule by step-matrix powers, timing curves (also
    /// delayed or sped up) by Brent roots (`MixedPopulation.referenceStates`); the `repeatCount` and
    /// `interpolatingSpring` values have no reference and are left out of the error.
    case animatorRules = "animator-rules"
    /// No independent reference: what result files written before every workload had one say
    /// (kept so they still read); no workload of this build reports it.
    case none

    public init(workload: Workload) {
        switch workload {
        case .spring: self = .gsl
        case .swiftUISpring: self = .rule
        case .curve: self = .brent
        case .keyframes: self = .keyframeDefinitions
        case .mixed: self = .animatorRules
        }
    }

    /// One line for legends.
    public var summary: String {
        switch self {
        case .gsl: return "GSL rk8pd/bsimp at 1e-14"
        case .rule: return "SwiftUI's 1/300 s rule run exactly per animation"
        case .brent: return "GSL Brent root of the Bézier (closed form for circular curves)"
        case .keyframeDefinitions: return "each keyframe from its definition: Brent for timing curves, the Hermite basis for cubics, GSL for springs"
        case .animatorRules: return "the animator's merge/chain rules with GSL for the animations (.spring family: the 1/300 s rule as GSL step-matrix powers; timing curves, delayed or sped up: GSL Brent); repeatCount and interpolatingSpring values: none, left out (consistency with naive only)"
        case .none: return "no independent reference (consistency with naive only)"
        }
    }
}

extension Array where Element == BenchResult {
    /// Fills `ratioToNaive`, the ratios to the limits and `parallelSpeedup` from the other results
    /// of the same run.
    public mutating func linkRelativeFigures() {
        var naive: [String: BenchResult] = [:]
        var oneThread: [String: Double] = [:]
        var limits: [String: Double] = [:]
        /// `result`'s configuration run with `strategy` instead.
        func limitKey(_ result: BenchResult, _ strategy: Strategy) -> String {
            "\(result.workload.rawValue)/\(strategy.rawValue)/\(result.animations)/\(result.threads)\(result.poolSuffix)/\(result.frameRate)"
        }
        /// `result`'s naive twin: same workload, size, threads, pool and rate.
        func naiveKey(_ result: BenchResult) -> String {
            "\(result.workload.rawValue)/\(result.animations)/\(result.threads)\(result.poolSuffix)/\(result.frameRate)"
        }
        for result in self {
            if result.strategy.isLimit { limits[limitKey(result, result.strategy)] = result.nsPerAnimationFrame.p50 }
            if result.strategy == .naive {
                naive[naiveKey(result)] = result
            }
            if result.threads == 1 {
                oneThread["\(result.workload.rawValue)/\(result.strategy.rawValue)/\(result.animations)/\(result.frameRate)"] = result.frameNanoseconds.p50
            }
        }
        for index in indices {
            let result = self[index]
            if result.strategy != .naive,
               let base = naive[naiveKey(result)],
               base.nsPerAnimationFrame.p50 > 0 {
                self[index].ratioToNaive = result.nsPerAnimationFrame.p50 / base.nsPerAnimationFrame.p50
                self[index].naiveSamples = base.samples
            }
            if result.strategy == .fast {
                func ratio(_ limit: Strategy) -> Double? {
                    limits[limitKey(result, limit)].flatMap { $0 > 0 ? result.nsPerAnimationFrame.p50 / $0 : nil }
                }
                self[index].ratioToLimit = ratio(.limit)
                self[index].ratioToLimitAVX2 = ratio(.limitAVX2)
                self[index].ratioToFloor = ratio(.floor)
            }
            if let single = oneThread["\(result.workload.rawValue)/\(result.strategy.rawValue)/\(result.animations)/\(result.frameRate)"],
               result.frameNanoseconds.p50 > 0 {
                self[index].parallelSpeedup = single / result.frameNanoseconds.p50
            }
        }
    }
}
