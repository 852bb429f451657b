import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Exactly `threads` workers for one configuration, each owning one contiguous chunk of the
/// population for every frame.
///
/// With one thread the calling thread advances the whole population itself (no hand-off). With
/// T ≥ 2, T blocks are submitted once, at set-up, to a private concurrent Dispatch queue (which
/// targets an overcommitting root queue, so each block gets its own thread even when the blocks
/// outnumber the cores) and joined by a `DispatchGroup` at `shutdown()`. Each block loops: wait
/// on its own start semaphore, advance its chunk to the requested frame, signal the shared done
/// semaphore. A frame is T signals and T waits on semaphores made before timing starts, so a
/// steady-state frame allocates nothing at any thread count, and the calling thread only waits.
final class WorkerPool: @unchecked Sendable {
    let threads: Int
    let chunks: [Range<Int>]
    private let kernel: any FrameKernel
    private let queue = DispatchQueue(label: "hooke.bench.workers", attributes: .concurrent)
    private let group = DispatchGroup()
    private let start: [DispatchSemaphore]
    private let done = DispatchSemaphore(value: 0)
    // Written by the calling thread before it signals the start semaphores and read by the workers
    // after they wait on them: the semaphores order the accesses.
    private var frame = 0
    private var stopping = false
    /// The pthread of each worker, recorded when its block starts (each worker writes only its own
    /// slot; the workers are alive at the same time, so distinct threads have distinct ids).
    private let threadIDs: UnsafeMutableBufferPointer<UInt>

    /// `threads` workers over `kernel`'s animations split into `threads` contiguous chunks.
    init(kernel: any FrameKernel, threads: Int) {
        self.kernel = kernel
        self.threads = max(1, min(threads, max(kernel.count, 1)))
        chunks = Self.chunks(count: kernel.count, pieces: self.threads)
        start = (0..<self.threads).map { _ in DispatchSemaphore(value: 0) }
        threadIDs = .allocate(capacity: self.threads)
        threadIDs.initialize(repeating: 0)
        guard self.threads > 1 else { return }
        for worker in 0..<self.threads {
            queue.async(group: group) { [self] in self.work(worker) }
        }
    }

    /// `count` animations in `pieces` contiguous chunks of equal size (±1).
    static func chunks(count: Int, pieces: Int) -> [Range<Int>] {
        let pieces = max(1, min(pieces, count))
        return (0..<pieces).map { piece in (piece * count / pieces)..<((piece + 1) * count / pieces) }
    }

    private func work(_ worker: Int) {
        threadIDs[worker] = UInt(pthread_self())
        while true {
            start[worker].wait()
            if stopping { return }
            kernel.advance(chunks[worker], to: frame)
            done.signal()
        }
    }

    /// Advances every animation to `frame` and returns when all workers have finished it.
    func run(frame: Int) {
        guard threads > 1 else {
            kernel.advance(chunks[0], to: frame)
            return
        }
        self.frame = frame
        // `while` rather than `for … in`: a debug build's unspecialised iterators allocate.
        var worker = 0
        while worker < threads {
            start[worker].signal()
            worker += 1
        }
        var finished = 0
        while finished < threads {
            done.wait()
            finished += 1
        }
    }

    /// Stops the workers, waits for their blocks to return and returns the pthread ids they
    /// ran on (empty with one thread, which ran on the caller). Call once, after the last frame.
    @discardableResult
    func shutdown() -> [UInt] {
        guard threads > 1 else { return [] }
        stopping = true
        for semaphore in start { semaphore.signal() }
        group.wait()
        return Array(threadIDs)
    }

    deinit { threadIDs.deallocate() }
}
