import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs configurations: builds the kernel, warms up, times whole frames, counts allocations, and
/// measures the error against the reference.
public enum FrameRunner {
    /// Measures one configuration under `plan`'s sampling rules.
    /// - Parameters:
    ///   - configuration: the workload, strategy, animations, threads and frame rate.
    ///   - plan: the sampling rules (seconds per configuration, frame bounds).
    ///   - measuringErrors: false to skip the error measurement (the equal-accuracy table measures
    ///     its own).
    /// - Returns: nil when the workload/strategy pair does not exist.
    public static func measure(_ configuration: BenchConfiguration, plan: BenchPlan,
                               measuringErrors: Bool = true) throws -> BenchResult? {
        let frameInterval = 1 / Double(configuration.frameRate)
        guard let kernel = try KernelFactory.makeKernel(configuration.workload, configuration.strategy,
                                                        count: configuration.animations, frameInterval: frameInterval,
                                                        substeps: configuration.substeps, engines: plan.engines)
        else { return nil }
        // Hand the freed heap (the previous configuration's, and this one's setup temporaries) back
        // to the system, so `residentBytes` reflects this population rather than what glibc kept.
        AllocationCounter.install()
        AllocationCounter.releaseFreeMemory()
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: configuration.threads, kind: configuration.pool)
        let frameCap = Int(BenchPlan.maximumSimulatedSeconds * Double(configuration.frameRate))
        let warmupFrames = plan.warmupFrames + configuration.workload.steadyStateFrames
        let maximumFrames = max(1, min(plan.maximumFrames, frameCap - warmupFrames))
        let minimumFrames = min(plan.minimumFrames, maximumFrames)

        let warmedUp = pool.warmUp(frames: warmupFrames)
        // Samples go to a buffer allocated before counting, so the harness adds no allocation.
        let samples = UnsafeMutableBufferPointer<Double>.allocate(capacity: maximumFrames)
        defer { samples.deallocate() }
        var noise = FrameNoise.Recorder(capacity: maximumFrames)
        let allocationsBefore = AllocationCounter.count
        let taken = pool.timeFrames(following: warmedUp, into: samples, minimum: minimumFrames,
                                    budget: UInt64(plan.secondsPerConfiguration * 1e9),
                                    beforeEach: { noise.beforeFrame($0) }, afterEach: { noise.afterFrame($0) })
        let allocations = AllocationCounter.count &- allocationsBefore
        let frameNoise = noise.finish(samples: samples, taken: taken)
        let resident = residentMemoryBytes()
        let timed = Array(samples[0..<taken])
        let workers = Set(pool.shutdown()).count
        let errors = measuringErrors
            ? try KernelFactory.errors(workload: configuration.workload, strategy: configuration.strategy,
                                       frameInterval: frameInterval, substeps: configuration.substeps,
                                       engines: plan.engines)
            : nil
        var note: String?
        if let gsl = kernel as? GSLSpringKernel, let failure = gsl.failure { note = "GSL failed: \(failure)" }
        var result = BenchResult(
            workload: configuration.workload, strategy: configuration.strategy,
            animations: configuration.animations, threads: configuration.threads, workerThreads: max(workers, 1),
            pool: configuration.pool, frameRate: configuration.frameRate,
            frameNanoseconds: Percentiles(of: timed), samples: taken,
            allocationsPerFrame: AllocationCounter.isActive ? Double(allocations) / Double(taken) : nil,
            maxError: errors?.reference, consistencyWithNaive: errors?.consistencyWithNaive, stateBytesPerAnimation: kernel.stateBytesPerAnimation,
            residentBytes: resident, bytesMovedPerAnimation: kernel.bytesMovedPerAnimation, note: note,
            frameSamples: timed, noise: frameNoise)
        if let engine = kernel as? EngineKernel { result.assumptions = engine.library.assumptions }
        return result
    }

    /// Measures every configuration of `plan` (only `shard`'s share when given; calling `progress`
    /// before each), links the relative figures, and adds the equal-accuracy table when the plan
    /// measures `spring`'s integrators (in shard 1 of a sharded run).
    public static func run(_ plan: BenchPlan, shard: BenchShard? = nil, hookeVersion: String,
                           progress: (Int, Int, BenchConfiguration) -> Void) throws -> BenchReport {
        let configurations = shard.map { plan.configurations(shard: $0.index, of: $0.count) } ?? plan.configurations
        var results: [BenchResult] = []
        for (index, configuration) in configurations.enumerated() {
            progress(index + 1, configurations.count, configuration)
            if let result = try measure(configuration, plan: plan) { results.append(result) }
        }
        results.linkRelativeFigures()
        let handOff = (shard?.index ?? 1) == 1 ? HandOff.measure(plan: plan) : nil
        var equalAccuracy: [EqualAccuracyRow]?
        if plan.measuresEqualAccuracy, (shard?.index ?? 1) == 1 {
            var timing = plan
            timing.secondsPerConfiguration = min(plan.secondsPerConfiguration, 0.2)
            equalAccuracy = try EqualAccuracy.measure(plan: timing)
        }
        return BenchReport(environment: BenchEnvironment.current(frameRate: plan.frameRate, hookeVersion: hookeVersion),
                           results: results, equalAccuracy: equalAccuracy, handOff: handOff)
    }

    /// Runs `frames` frames of one configuration and nothing else (for callgrind or perf):
    /// no timing, no error measurement. Returns the number of animation-frames computed.
    public static func profile(_ configuration: BenchConfiguration, frames: Int) -> Int? {
        let frameInterval = 1 / Double(configuration.frameRate)
        guard let kernel = KernelFactory.makeKernel(configuration.workload, configuration.strategy,
                                                    count: configuration.animations, frameInterval: frameInterval)
        else { return nil }
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: configuration.threads, kind: configuration.pool)
        defer { pool.shutdown() }
        for frame in 1...max(frames, 1) { pool.run(frame: frame) }
        return configuration.animations * frames
    }

    /// The process's current resident set, from the second field of /proc/self/statm (pages);
    /// 0 when unreadable.
    public static func residentMemoryBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
        let fields = line.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

