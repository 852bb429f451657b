/// What each `spring` strategy costs to reach a given accuracy: the honest comparison between exact
/// and integrated springs. Euler and RK4 are sub-stepped (k steps of Δt/k per frame) with the
/// smallest k in 1…`maximumSubsteps` that reaches the target against the GSL reference, then timed
/// with that k; the exact paths (`naive`, `fast`) and `gsl` run as they are, and reach a target
/// when their measured error does.
public struct EqualAccuracyRow: Codable, Sendable, Equatable {
    /// The accuracy asked for: the largest error allowed, relative to the distance (velocities to
    /// distance/response), after `KernelFactory.errorFrames` frames.
    public var target: Double
    public var strategy: Strategy
    /// Steps per frame used (1 for the strategies that are not sub-stepped); nil when the target
    /// cannot be reached within `EqualAccuracy.maximumSubsteps`.
    public var substeps: Int?
    /// The error measured with those substeps (against GSL).
    public var error: Double?
    /// Median and p75 ns per animation per frame at `animations`, one thread; nil when unreachable.
    public var nsPerAnimationFrame: Double?
    public var nsPerAnimationFrameP75: Double?
    public var animations: Int

    public init(target: Double, strategy: Strategy, substeps: Int?, error: Double?, nsPerAnimationFrame: Double? = nil,
                nsPerAnimationFrameP75: Double? = nil, animations: Int) {
        self.target = target
        self.strategy = strategy
        self.substeps = substeps
        self.error = error
        self.nsPerAnimationFrame = nsPerAnimationFrame
        self.nsPerAnimationFrameP75 = nsPerAnimationFrameP75
        self.animations = animations
    }
}

public enum EqualAccuracy {
    /// The accuracies of the table: visually exact on a phone (1e-3 of the distance), numerically
    /// good (1e-6), and the exact paths' own bound (1e-12).
    public static let targets = [1e-3, 1e-6, 1e-12]
    /// The most substeps tried: beyond 64 steps per frame an integrator costs more than the
    /// closed form it approximates (`naive` is ~100 ns, an RK4 step ~4 ns).
    public static let maximumSubsteps = 64
    /// The strategies compared, in table order.
    public static let strategies: [Strategy] = [.fast, .naive, .euler, .rk4, .gsl]

    /// The table for `plan`'s frame rate, timed at `animations` on one thread (gsl at most
    /// `Strategy.gslMaximumAnimations`).
    public static func measure(plan: BenchPlan, animations: Int = 10_000) throws -> [EqualAccuracyRow] {
        let frameInterval = 1 / Double(plan.frameRate)
        let frames = KernelFactory.errorFrames
        let count = KernelFactory.errorSampleCount
        guard let reference = try KernelFactory.referenceStates(.spring, count: count, frames: frames,
                                                                frameInterval: frameInterval) else { return [] }
        let scales = KernelFactory.errorScales(.spring, count: count)
        func error(_ strategy: Strategy, substeps: Int) -> Double {
            guard let kernel = KernelFactory.makeKernel(.spring, strategy, count: count, frameInterval: frameInterval,
                                                        substeps: substeps) else { return .infinity }
            defer { kernel.release() }
            KernelFactory.run(kernel, frames: frames)
            return KernelFactory.worst(kernel, against: reference, scales: scales)
        }
        var rows: [EqualAccuracyRow] = []
        var timings: [String: BenchResult] = [:]
        for strategy in strategies {
            let subStepped = strategy == .euler || strategy == .rk4
            // Errors for every k once (they shrink with k until rounding takes over).
            let errors = (1...(subStepped ? maximumSubsteps : 1)).map { error(strategy, substeps: $0) }
            for target in targets {
                guard let index = errors.firstIndex(where: { $0 <= target }) else {
                    rows.append(EqualAccuracyRow(target: target, strategy: strategy, substeps: nil, error: errors.min(),
                                                 animations: animations))
                    continue
                }
                let substeps = index + 1
                let n = strategy == .gsl ? min(animations, Strategy.gslMaximumAnimations) : animations
                let key = "\(strategy.rawValue)/\(substeps)"
                if timings[key] == nil {
                    let configuration = BenchConfiguration(workload: .spring, strategy: strategy, animations: n, threads: 1,
                                                           frameRate: plan.frameRate, substeps: substeps)
                    timings[key] = try FrameRunner.measure(configuration, plan: plan, measuringErrors: false)
                }
                let timing = timings[key]
                rows.append(EqualAccuracyRow(target: target, strategy: strategy, substeps: substeps, error: errors[index],
                                             nsPerAnimationFrame: timing?.nsPerAnimationFrame.p50,
                                             nsPerAnimationFrameP75: timing?.nsPerAnimationFrame.p75, animations: n))
            }
        }
        return rows
    }
}
