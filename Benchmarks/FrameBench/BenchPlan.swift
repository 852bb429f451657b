/// What one `hooke bench` run measures, declared as data (as package-benchmark declares its
/// benchmarks): the configurations to run and how long to sample each.
public struct BenchPlan: Sendable, Equatable {
    public var workloads: [Workload]
    /// nil: every strategy each workload has.
    public var strategies: [Strategy]?
    public var animationCounts: [Int]
    public var threadCounts: [Int]
    public var frameRate: Int
    /// Untimed frames before sampling: page faults, cache warm-up, branch predictors, the first
    /// lazy allocations (a `.spring` context's storage) all happen here.
    public var warmupFrames: Int
    /// Timed frames: at least `minimumFrames`, at most `maximumFrames`, and sampling stops once
    /// `secondsPerConfiguration` has passed (whichever of the last two comes first).
    public var minimumFrames: Int
    public var maximumFrames: Int
    public var secondsPerConfiguration: Double
    /// Engines loaded through the C ABI, each measured as strategy `engine:NAME` on the workloads it
    /// runs of this plan's, beside Hooke's strategies (when `strategies` is given, only those it lists).
    public var engines: [EngineLibrary] = []
    /// How frames are handed to the workers when T ≥ 2, each measured side by side.
    public var pools: [PoolKind] = [.standard]

    /// The animation counts a configuration may have: one to a million, the most an interface animates.
    public static let animationRange = 1...1_000_000
    /// The frame rates measured: a phone's 60 Hz and a ProMotion display's 120 Hz.
    public static let frameRates = [60, 120]
    /// Frames of simulated time a run may cover: 20 s. Beyond that the fastest-decaying springs'
    /// state approaches subnormal numbers (e^(−λt) with λ ≈ 21 s⁻¹ is 1e-182 at 20 s), whose slow
    /// arithmetic would distort the figures.
    public static let maximumSimulatedSeconds = 20.0

    public init(workloads: [Workload], strategies: [Strategy]?, animationCounts: [Int], threadCounts: [Int],
                frameRate: Int, warmupFrames: Int, minimumFrames: Int, maximumFrames: Int,
                secondsPerConfiguration: Double) {
        self.workloads = workloads
        self.strategies = strategies
        self.animationCounts = animationCounts
        self.threadCounts = threadCounts
        self.frameRate = frameRate
        self.warmupFrames = warmupFrames
        self.minimumFrames = minimumFrames
        self.maximumFrames = maximumFrames
        self.secondsPerConfiguration = secondsPerConfiguration
    }

    /// The quick plan: under a minute on this machine, every configuration with enough samples for the
    /// baseline to judge it. 1,000 to 100,000 animations, plus 1,000,000 for the
    /// `fast` springs (the 120 Hz target); 1 thread and every core; 120 Hz.
    public static func quick(cores: Int) -> BenchPlan {
        BenchPlan(workloads: Workload.allCases, strategies: nil,
                  animationCounts: [1_000, 10_000, 100_000], threadCounts: Array(Set([1, cores])).sorted(),
                  frameRate: 120, warmupFrames: 5, minimumFrames: PerformanceBaseline.Thresholds.standard.minimumSamples,
                  maximumFrames: 400,
                  secondsPerConfiguration: 0.2)
    }

    /// The full run: under 5 minutes. 1,000 to 1,000,000 animations, every thread count from 1 to
    /// the cores, 120 Hz.
    public static func full(cores: Int) -> BenchPlan {
        BenchPlan(workloads: Workload.allCases, strategies: nil,
                  animationCounts: [1_000, 10_000, 100_000, 1_000_000], threadCounts: Array(1...max(cores, 1)),
                  frameRate: 120, warmupFrames: 10, minimumFrames: 20, maximumFrames: 1_000,
                  secondsPerConfiguration: 1.0)
    }

    /// The default plan of `hooke bench` (`full` false: the quick plan) and `hooke report`: the quick
    /// one with the one-million `fast` springs, or the full one.
    public static func standard(full: Bool, cores: Int = Machine.cores) -> BenchPlan {
        var plan = full ? Self.full(cores: cores) : quick(cores: cores)
        plan.includesMillionFastSprings = !full
        return plan
    }

    /// Whether the plan's default (the quick plan when no animation counts are given) adds the one-million
    /// `fast` spring configuration.
    public var includesMillionFastSprings = false

    /// The configurations in run order: per workload and animation count, strategies side by side
    /// (so their ratios are measured under the same machine conditions), then thread counts.
    public var configurations: [BenchConfiguration] {
        var result: [BenchConfiguration] = []
        for workload in workloads {
            var counts = animationCounts
            if includesMillionFastSprings, workload == .spring, !counts.contains(1_000_000) { counts.append(1_000_000) }
            for count in counts {
                for threads in threadCounts {
                    let engineStrategies = engines.filter { $0.workloads.contains(workload) }.map(\.strategy)
                    for pool in threads > 1 ? pools : [.standard] {
                        for strategy in workload.strategies + engineStrategies where strategies?.contains(strategy) ?? true {
                            if strategy == .gsl, count > Strategy.gslMaximumAnimations || threads > 1 { continue }
                            // The machine's limits are stated for one thread unless asked for by name.
                            if strategy.isLimit, threads > 1, strategies == nil { continue }
                            if includesMillionFastSprings, count == 1_000_000, !animationCounts.contains(count),
                               strategy != .fast && strategy != .naive && !strategy.isLimit { continue }
                            result.append(BenchConfiguration(workload: workload, strategy: strategy, animations: count,
                                                             threads: threads, frameRate: frameRate, pool: pool))
                        }
                    }
                }
            }
        }
        return result
    }
}

/// One measured configuration.
public struct BenchConfiguration: Sendable, Equatable, CustomStringConvertible {
    public var workload: Workload
    public var strategy: Strategy
    public var animations: Int
    public var threads: Int
    public var frameRate: Int
    /// Steps per frame for `euler` and `rk4` (the equal-accuracy table sub-steps them); 1 otherwise.
    public var substeps: Int
    /// How frames are handed to the workers (unused with one thread).
    public var pool: PoolKind

    public init(workload: Workload, strategy: Strategy, animations: Int, threads: Int, frameRate: Int, substeps: Int = 1,
                pool: PoolKind = .standard) {
        self.pool = pool
        self.workload = workload
        self.strategy = strategy
        self.animations = animations
        self.threads = threads
        self.frameRate = frameRate
        self.substeps = substeps
    }

    public var description: String {
        "\(workload.rawValue) \(strategy.rawValue) \(animations) animations, \(threads) thread\(threads == 1 ? "" : "s")"
            + (threads > 1 && pool != .standard ? " (\(pool.rawValue) pool)" : "") + ", \(frameRate) Hz"
    }
}
