import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs configurations: builds the kernel, warms up, times whole frames, counts allocations, and
/// measures the error against the reference.
public enum FrameRunner {
    /// Work items per thread for `DispatchQueue.concurrentPerform`: a few contiguous chunks per
    /// core balance a preempted thread's share (the machine is shared) while keeping the ~13 ns per
    /// iteration and ~0.3 µs per call of Dispatch negligible (AnimationMath.docc/CostPerFrame.md).
    public static let chunksPerThread = 4

    /// The contiguous chunks `count` animations are split into for `threads` threads.
    public static func chunks(count: Int, threads: Int) -> [Range<Int>] {
        let pieces = threads <= 1 ? 1 : min(count, threads * chunksPerThread)
        guard pieces > 1 else { return [0..<count] }
        return (0..<pieces).map { piece in (piece * count / pieces)..<((piece + 1) * count / pieces) }
    }

    /// Advances every animation of `kernel` to `frame`, on `chunks` (in parallel when more than one).
    @inline(__always)
    static func runFrame(_ kernel: any FrameKernel, chunks: [Range<Int>], frame: Int) {
        if chunks.count == 1 {
            kernel.advance(chunks[0], to: frame)
        } else {
            chunks.withUnsafeBufferPointer { ranges in
                let ranges = UnsafeSendable(ranges)
                DispatchQueue.concurrentPerform(iterations: ranges.value.count) { piece in
                    kernel.advance(ranges.value[piece], to: frame)
                }
            }
        }
    }

    /// Measures one configuration under `plan`'s sampling rules.
    /// - Returns: nil when the workload/strategy pair does not exist.
    public static func measure(_ configuration: BenchConfiguration, plan: BenchPlan) throws -> BenchResult? {
        let frameInterval = 1 / Double(configuration.frameRate)
        guard let kernel = KernelFactory.makeKernel(configuration.workload, configuration.strategy,
                                                    count: configuration.animations, frameInterval: frameInterval)
        else { return nil }
        // Hand the freed heap (the previous configuration's, and this one's setup temporaries) back
        // to the system, so `residentBytes` reflects this population rather than what glibc kept.
        AllocationCounter.releaseFreeMemory()
        defer { kernel.release() }
        let chunks = chunks(count: configuration.animations, threads: configuration.threads)
        let frameCap = Int(BenchPlan.maximumSimulatedSeconds * Double(configuration.frameRate))
        let warmupFrames = plan.warmupFrames + configuration.workload.steadyStateFrames
        let maximumFrames = max(1, min(plan.maximumFrames, frameCap - warmupFrames))
        let minimumFrames = min(plan.minimumFrames, maximumFrames)

        var frame = 0
        for _ in 0..<warmupFrames {
            frame += 1
            runFrame(kernel, chunks: chunks, frame: frame)
        }
        // Samples go to a buffer allocated before counting, so the harness adds no allocation.
        let samples = UnsafeMutableBufferPointer<Double>.allocate(capacity: maximumFrames)
        defer { samples.deallocate() }
        let budget = UInt64(plan.secondsPerConfiguration * 1e9)
        var taken = 0
        let allocationsBefore = AllocationCounter.count
        let start = MonotonicClock.now()
        while taken < maximumFrames {
            frame += 1
            let t0 = MonotonicClock.now()
            runFrame(kernel, chunks: chunks, frame: frame)
            let t1 = MonotonicClock.now()
            samples[taken] = Double(t1 &- t0)
            taken += 1
            if taken >= minimumFrames, t1 &- start >= budget { break }
        }
        let allocations = AllocationCounter.count &- allocationsBefore
        let resident = residentMemoryBytes()
        let error = try KernelFactory.maximumError(workload: configuration.workload, strategy: configuration.strategy,
                                                   frameInterval: frameInterval)
        var note: String?
        if let gsl = kernel as? GSLSpringKernel, let failure = gsl.failure { note = "GSL failed: \(failure)" }
        return BenchResult(
            workload: configuration.workload, strategy: configuration.strategy,
            animations: configuration.animations, threads: configuration.threads,
            frameRate: configuration.frameRate,
            frameNanoseconds: Percentiles(of: Array(samples[0..<taken])), samples: taken,
            allocationsPerFrame: AllocationCounter.isActive ? Double(allocations) / Double(taken) : nil,
            maxError: error, stateBytesPerAnimation: kernel.stateBytesPerAnimation,
            residentBytes: resident, note: note)
    }

    /// Runs `frames` frames of one configuration and nothing else (for callgrind or perf):
    /// no timing, no error measurement. Returns the number of animation-frames computed.
    public static func profile(_ configuration: BenchConfiguration, frames: Int) -> Int? {
        let frameInterval = 1 / Double(configuration.frameRate)
        guard let kernel = KernelFactory.makeKernel(configuration.workload, configuration.strategy,
                                                    count: configuration.animations, frameInterval: frameInterval)
        else { return nil }
        defer { kernel.release() }
        let chunks = chunks(count: configuration.animations, threads: configuration.threads)
        for frame in 1...max(frames, 1) { runFrame(kernel, chunks: chunks, frame: frame) }
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

/// A value the caller promises is safe to share across the threads of one `concurrentPerform`
/// (read-only for its duration).
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
