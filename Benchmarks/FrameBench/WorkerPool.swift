import CLimitKernels
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// How a `WorkerPool` hands a frame to its workers and waits for them. Both take their threads from
/// Dispatch. The raw values are part of the JSON contract.
public enum PoolKind: String, CaseIterable, Sendable, Codable {
    /// An atomic frame counter the workers spin on for up to `WorkerPool.spinNanoseconds` before
    /// they park on a semaphore; the calling thread advances the first chunk itself and spins (then
    /// parks) on an atomic count of workers still running. While frames follow each other within
    /// the spin time, no thread sleeps: each waiting thread keeps its core busy.
    case spin
    /// A semaphore per worker per frame and one the calling thread waits on: every frame wakes each
    /// worker from the kernel and the caller after them; the caller only waits.
    case semaphore

    /// The default of `hooke bench`.
    public static let standard = PoolKind.spin

    /// One line for help texts and legends.
    public var summary: String {
        switch self {
        case .spin:
            return "threads pinned one per core; the caller advances chunk 1 itself; workers wait on an atomic frame counter, spinning up to "
                + "\(Int(WorkerPool.spinNanoseconds / 1_000)) µs before parking (a waiting thread keeps its core busy)"
        case .semaphore: return "a semaphore signal and wait per worker per frame; the caller only waits"
        }
    }
}

/// Exactly `threads` threads advancing one configuration, each owning one contiguous chunk of the
/// population for every frame.
///
/// With one thread the calling thread advances the whole population itself (no hand-off, whatever
/// the kind). With T ≥ 2, blocks are submitted once, at set-up, to a private concurrent Dispatch
/// queue (which targets an overcommitting root queue, so each block gets its own thread even when
/// the blocks outnumber the cores) and joined by a `DispatchGroup` at `shutdown()`; each block loops
/// over frames until shutdown. `PoolKind` says how a frame is handed over:
///
/// - `.spin`: T − 1 workers; the calling thread advances chunk 0. When T ≤ the cores, chunk k's thread
///   is pinned to CPU k for the pool's life (the caller's and each Dispatch thread's affinity is
///   given back at shutdown): left to the scheduler on the two-core machine under load, the caller
///   and its worker were often placed on one core, where each spun out its time waiting for the
///   other, and a frame of nothing took ~200 µs instead of under one. The caller publishes the frame
///   by incrementing an atomic generation, wakes any worker that has parked, advances its chunk,
///   then waits for an atomic count of running workers to reach zero. Each waiting thread polls
///   (with the CPU's pause hint) for up to `spinNanoseconds`, then parks on its own semaphore
///   after announcing it in an atomic flag; whoever publishes the awaited change takes the flag
///   back and signals. Every flag, counter and generation access is sequentially consistent, so a
///   park and a publication cannot miss each other: either the parking thread's second look sees
///   the change, or the publisher sees the flag.
/// - `.semaphore`: T workers, one start semaphore each and one shared done semaphore; a frame is T
///   signals and T waits, and the calling thread only waits.
///
/// Either way a steady-state frame allocates nothing (every semaphore and atomic is made before
/// timing starts) and reads the frame number after an acquiring synchronisation with the caller.
final class WorkerPool: @unchecked Sendable {
    let threads: Int
    let kind: PoolKind
    let chunks: [Range<Int>]
    private let kernel: any FrameKernel
    private let queue = DispatchQueue(label: "hooke.bench.workers", attributes: .concurrent)
    private let group = DispatchGroup()
    /// The pthread of each thread that advances a chunk, by chunk (each writes only its own slot).
    private let threadIDs: UnsafeMutableBufferPointer<UInt>
    private let spin: SpinHandOff?
    private let semaphores: SemaphoreHandOff?
    /// Whether a `.spin` pool pins its threads, one per CPU (`pins`), and the calling thread's
    /// affinity before it was pinned.
    private let pinned: Bool
    private var callerAffinity = hooke_affinity()

    /// How long a waiting thread of a `.spin` pool spins before it parks: about twice what a wake from
    /// a semaphore costs on the two-core virtual machine the suite is measured on (~54 µs at the
    /// median, `hooke bench`'s round-trip rows), so spinning never costs more than twice the wake it
    /// may save — the classic bound for spinning then blocking.
    static let spinNanoseconds: UInt64 = 100_000

    // No `sched_yield` while spinning: under load, a waiter that yields hands its core to other
    // processes and the round trip grows by an order of magnitude (HandOff.c's spin round trip
    // shows what two threads that only spin achieve).

    /// `threads` threads over `kernel`'s animations split into `threads` contiguous chunks.
    init(kernel: any FrameKernel, threads: Int, kind: PoolKind = .standard) {
        self.kernel = kernel
        self.kind = kind
        self.threads = max(1, min(threads, max(kernel.count, 1)))
        chunks = Self.chunks(count: kernel.count, pieces: self.threads)
        threadIDs = .allocate(capacity: self.threads)
        threadIDs.initialize(repeating: 0)
        let parallel = self.threads > 1
        spin = parallel && kind == .spin ? SpinHandOff(workers: self.threads - 1) : nil
        semaphores = parallel && kind == .semaphore ? SemaphoreHandOff(workers: self.threads) : nil
        pinned = spin != nil && self.threads <= Machine.cores
        if pinned { _ = hooke_pin_current_thread(0, &callerAffinity) }
        if let spin {
            for worker in 1..<self.threads {
                queue.async(group: group) { [self] in self.spinWorker(worker, spin) }
            }
        } else if let semaphores {
            for worker in 0..<self.threads {
                queue.async(group: group) { [self] in self.semaphoreWorker(worker, semaphores) }
            }
        }
    }

    /// `count` animations in `pieces` contiguous chunks of equal size (±1).
    static func chunks(count: Int, pieces: Int) -> [Range<Int>] {
        let pieces = max(1, min(pieces, count))
        return (0..<pieces).map { piece in (piece * count / pieces)..<((piece + 1) * count / pieces) }
    }

    /// Advances every animation to `frame` and returns when all chunks have reached it.
    func run(frame: Int) {
        if let spin {
            threadIDs[0] = UInt(pthread_self())
            spin.publish(frame: frame)
            kernel.advance(chunks[0], to: frame)
            spin.awaitWorkers()
        } else if let semaphores {
            semaphores.run(frame: frame)
        } else {
            kernel.advance(chunks[0], to: frame)
        }
    }

    /// Runs frames 1 … `count` untimed (the warm-up) and returns the last frame run.
    func warmUp(frames count: Int) -> Int {
        var frame = 0
        while frame < count {
            frame += 1
            run(frame: frame)
        }
        return frame
    }

    /// How every measurement times frames: frames `last + 1`, `last + 2`, … one at a time, the
    /// monotonic clock read just before and just after each `run(frame:)`, into `samples` until it
    /// is full or, once `minimum` frames are timed, `budget` nanoseconds have passed since the first
    /// began. `beforeEach` and `afterEach` get the sample's index, outside the timed interval; the
    /// loop allocates nothing. Returns the number of frames timed.
    @inline(__always)
    func timeFrames(following last: Int, into samples: UnsafeMutableBufferPointer<Double>, minimum: Int = 0,
                    budget: UInt64, beforeEach: (Int) -> Void = { _ in }, afterEach: (Int) -> Void = { _ in }) -> Int {
        var frame = last
        var taken = 0
        let start = MonotonicClock.now()
        while taken < samples.count {
            frame += 1
            beforeEach(taken)
            let t0 = MonotonicClock.now()
            run(frame: frame)
            let t1 = MonotonicClock.now()
            afterEach(taken)
            samples[taken] = Double(t1 &- t0)
            taken += 1
            if taken >= minimum, t1 &- start >= budget { break }
        }
        return taken
    }

    /// Stops the workers, waits for their blocks to return and returns the pthread ids of the
    /// threads that advanced the chunks (empty with one thread, which ran on the caller; a `.spin`
    /// pool's first id is the caller's). Call once, after the last frame.
    @discardableResult
    func shutdown() -> [UInt] {
        if let spin {
            spin.stop()
            if pinned { hooke_restore_current_thread(&callerAffinity) }
        } else if let semaphores {
            semaphores.stop()
        } else {
            return []
        }
        group.wait()
        return Array(threadIDs)
    }

    deinit { threadIDs.deallocate() }

    private func spinWorker(_ worker: Int, _ spin: SpinHandOff) {
        threadIDs[worker] = UInt(pthread_self())
        var affinity = hooke_affinity()
        if pinned { _ = hooke_pin_current_thread(Int32(worker), &affinity) }
        // The thread goes back to Dispatch's pool as it came.
        defer { hooke_restore_current_thread(&affinity) }
        var seen = 0
        while true {
            seen = spin.awaitFrame(after: seen, worker: worker - 1)
            if spin.stopping.load(ordering: .acquiring) { return }
            kernel.advance(chunks[worker], to: spin.frame.load(ordering: .relaxed))
            spin.finished()
        }
    }

    private func semaphoreWorker(_ worker: Int, _ semaphores: SemaphoreHandOff) {
        threadIDs[worker] = UInt(pthread_self())
        while true {
            semaphores.start[worker].wait()
            if semaphores.stopping { return }
            kernel.advance(chunks[worker], to: semaphores.frame)
            semaphores.done.signal()
        }
    }
}

/// A thread that may park: its flag (true while it is, or is about to be, asleep) and the
/// semaphore it sleeps on. Padded to two cache lines so that flags of different threads, and the
/// pool's counters, never share a line.
private final class Parking: @unchecked Sendable {
    let parked = Atomic<Bool>(false)
    let wake = DispatchSemaphore(value: 0)
    private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Spins until `done()`, parking whenever `WorkerPool.spinNanoseconds` pass without it, until
    /// another thread, after making `done()` true, calls `unpark()`. A wake is only a hint: the
    /// thread that took the flag may be a late waker of an earlier round (the last worker of the
    /// previous frame, say, still on its way out of `unpark()` when this thread parked for the next
    /// one), so a woken thread looks again and parks again if it must.
    @inline(__always)
    func wait(until done: () -> Bool) {
        while true {
            var spins = 0
            var deadline: UInt64 = 0
            while !done() {
                hooke_cpu_relax()
                spins &+= 1
                guard spins & 63 == 0 else { continue }
                let now = MonotonicClock.now()
                if deadline == 0 { deadline = now &+ WorkerPool.spinNanoseconds; continue }
                if now >= deadline { break }
            }
            if done() { return }
            parked.store(true, ordering: .sequentiallyConsistent)
            if done() {
                // A waker took the flag after all (and signals, or has): consume its signal.
                if !parked.exchange(false, ordering: .sequentiallyConsistent) { wake.wait() }
                return
            }
            wake.wait()
        }
    }

    /// Called after publishing the change a parked thread waits for: wakes it if it parked.
    @inline(__always)
    func unpark() {
        if parked.exchange(false, ordering: .sequentiallyConsistent) { wake.signal() }
    }
}

/// A `.spin` pool's shared state.
private final class SpinHandOff: @unchecked Sendable {
    /// Frames published so far (the workers wait for it to pass the last one they ran).
    let generation = Atomic<Int>(0)
    /// The frame number of the latest generation, stored before it is published.
    let frame = Atomic<Int>(0)
    let stopping = Atomic<Bool>(false)
    private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    /// Workers still advancing the latest frame (written by the workers: its own line).
    let running = Atomic<Int>(0)
    private let workerParking: [Parking]
    private let callerParking = Parking()

    init(workers: Int) {
        workerParking = (0..<workers).map { _ in Parking() }
    }

    /// The caller: hands frame `frame` to every worker.
    @inline(__always)
    func publish(frame: Int) {
        self.frame.store(frame, ordering: .relaxed)
        running.store(workerParking.count, ordering: .relaxed)
        generation.add(1, ordering: .sequentiallyConsistent)
        var worker = 0
        while worker < workerParking.count {
            workerParking[worker].unpark()
            worker += 1
        }
    }

    /// The caller: returns once every worker has finished the frame.
    @inline(__always)
    func awaitWorkers() {
        callerParking.wait { running.load(ordering: .sequentiallyConsistent) == 0 }
    }

    /// Worker `worker`: returns the generation after `seen` once it is published.
    @inline(__always)
    func awaitFrame(after seen: Int, worker: Int) -> Int {
        workerParking[worker].wait { generation.load(ordering: .sequentiallyConsistent) != seen }
        return generation.load(ordering: .acquiring)
    }

    /// A worker has finished its chunk; the last one wakes the caller if it parked.
    @inline(__always)
    func finished() {
        if running.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 { callerParking.unpark() }
    }

    /// Ends every worker's loop (after the last frame).
    func stop() {
        stopping.store(true, ordering: .releasing)
        generation.add(1, ordering: .sequentiallyConsistent)
        for parking in workerParking { parking.unpark() }
    }
}

/// A `.semaphore` pool's shared state. `frame` and `stopping` are written by the calling thread
/// before it signals the start semaphores and read by the workers after they wait on them: the
/// semaphores order the accesses.
private final class SemaphoreHandOff: @unchecked Sendable {
    let start: [DispatchSemaphore]
    let done = DispatchSemaphore(value: 0)
    var frame = 0
    var stopping = false

    init(workers: Int) {
        start = (0..<workers).map { _ in DispatchSemaphore(value: 0) }
    }

    func run(frame: Int) {
        self.frame = frame
        // `while` rather than `for … in`: a debug build's unspecialised iterators allocate.
        var worker = 0
        while worker < start.count {
            start[worker].signal()
            worker += 1
        }
        var finished = 0
        while finished < start.count {
            done.wait()
            finished += 1
        }
    }

    func stop() {
        stopping = true
        for semaphore in start { semaphore.signal() }
    }
}
