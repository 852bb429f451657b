/// The measurements of one (workload, strategy, animations, threads, frame rate) configuration.
/// Field names are the `results` entries of the `--json` contract.
public struct BenchResult: Codable, Sendable, Equatable {
    public var workload: Workload
    public var strategy: Strategy
    public var animations: Int
    public var threads: Int
    public var frameRate: Int
    /// Frame wall time divided by the number of animations, per percentile (nanoseconds).
    public var nsPerAnimationFrame: Percentiles
    /// Whole-frame wall time per percentile (nanoseconds).
    public var frameNanoseconds: Percentiles
    /// Timed frames (after warm-up).
    public var samples: Int
    /// Frames per second at the median frame time.
    public var framesPerSecond: Double
    /// Animations advanced per second at the median frame time.
    public var animationsPerSecond: Double
    /// Heap allocations per timed frame, from the interposed counter; nil when the counter is not
    /// linked into this process.
    public var allocationsPerFrame: Double?
    /// Largest error against the reference after the run, relative to each animation's scale (see
    /// `KernelFactory.maximumError`); nil when there is none or the state diverged (see `note`).
    public var maxError: Double?
    /// Bytes of per-animation state this strategy keeps.
    public var stateBytesPerAnimation: Int
    /// Resident memory (bytes) with this configuration's population alive, after the run.
    public var residentBytes: Int
    /// Median time per animation relative to `naive` for the same workload, animations and threads
    /// (< 1 is faster); nil for `naive` itself or when `naive` did not run.
    public var ratioToNaive: Double?
    /// Median frame time with one thread divided by this one's (for the same workload, strategy and
    /// animations); nil when the one-thread run is missing.
    public var parallelSpeedup: Double?
    /// The largest number of animations whose median frame fits 1/60 s and 1/120 s, extrapolated
    /// linearly from this configuration's median time per animation.
    public var maxAnimationsAt60Hz: Int
    public var maxAnimationsAt120Hz: Int
    /// Anything unusual (a diverged integrator, a GSL failure).
    public var note: String?

    /// The key a baseline stores this configuration under.
    public var key: String { "\(workload.rawValue)/\(strategy.rawValue)/\(animations)/\(threads)t/\(frameRate)Hz" }

    public init(workload: Workload, strategy: Strategy, animations: Int, threads: Int, frameRate: Int,
                frameNanoseconds: Percentiles, samples: Int, allocationsPerFrame: Double?, maxError: Double?,
                stateBytesPerAnimation: Int, residentBytes: Int = 0, note: String? = nil) {
        self.workload = workload
        self.strategy = strategy
        self.animations = animations
        self.threads = threads
        self.frameRate = frameRate
        self.frameNanoseconds = frameNanoseconds
        self.nsPerAnimationFrame = frameNanoseconds.scaled(by: 1 / Double(max(animations, 1)))
        self.samples = samples
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
        let perAnimation = max(nsPerAnimationFrame.p50, 1e-3)
        maxAnimationsAt60Hz = Int(FrameBudget.nanoseconds(frameRate: 60) / perAnimation)
        maxAnimationsAt120Hz = Int(FrameBudget.nanoseconds(frameRate: 120) / perAnimation)
    }
}

/// Frame budgets.
public enum FrameBudget {
    /// The wall time of one frame at `frameRate` Hz, in nanoseconds (16.67 ms at 60, 8.33 ms at 120).
    public static func nanoseconds(frameRate: Int) -> Double { 1e9 / Double(frameRate) }
}

extension Array where Element == BenchResult {
    /// Fills `ratioToNaive` and `parallelSpeedup` from the other results of the same run.
    public mutating func linkRelativeFigures() {
        var naive: [String: Double] = [:]
        var oneThread: [String: Double] = [:]
        for result in self {
            if result.strategy == .naive {
                naive["\(result.workload.rawValue)/\(result.animations)/\(result.threads)/\(result.frameRate)"] = result.nsPerAnimationFrame.p50
            }
            if result.threads == 1 {
                oneThread["\(result.workload.rawValue)/\(result.strategy.rawValue)/\(result.animations)/\(result.frameRate)"] = result.frameNanoseconds.p50
            }
        }
        for index in indices {
            let result = self[index]
            if result.strategy != .naive,
               let base = naive["\(result.workload.rawValue)/\(result.animations)/\(result.threads)/\(result.frameRate)"], base > 0 {
                self[index].ratioToNaive = result.nsPerAnimationFrame.p50 / base
            }
            if let single = oneThread["\(result.workload.rawValue)/\(result.strategy.rawValue)/\(result.animations)/\(result.frameRate)"],
               result.frameNanoseconds.p50 > 0 {
                self[index].parallelSpeedup = single / result.frameNanoseconds.p50
            }
        }
    }
}
