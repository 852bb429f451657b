import CLimitKernels

/// One row of the hand-off table `hooke bench` prints after its results: what the harness itself
/// costs per frame (an empty frame), or what one of the primitives a pool waits on costs (a round
/// trip between two threads). Field names are part of a bench run's JSON (`handOff`).
public struct HandOffRow: Codable, Sendable, Equatable {
    /// What the row measures. The raw values are part of the JSON contract.
    public enum Kind: String, Codable, Sendable {
        /// `WorkerPool.run(frame:)` over T chunks of nothing, timed as the runner times a frame: the
        /// fork-join cost every row of that thread count and pool pays on top of its work.
        case emptyFrame = "empty-frame"
        /// One thread posts a POSIX semaphore another sleeps on, and waits on one the other posts
        /// back (`hooke_round_trips_semaphore`).
        case semaphoreRoundTrip = "semaphore-round-trip"
        /// One thread stores into an atomic another spins on, and spins on one the other stores
        /// back (`hooke_round_trips_spin`).
        case spinRoundTrip = "spin-round-trip"
    }

    public var kind: Kind
    /// The empty frame's pool (nil with one thread and for the round trips).
    public var pool: PoolKind?
    /// Threads taking part: the empty frame's T; 2 for a round trip.
    public var threads: Int
    public var samples: Int
    /// Per frame or per round trip, nanoseconds.
    public var nanoseconds: Percentiles

    public init(kind: Kind, pool: PoolKind?, threads: Int, samples: Int, nanoseconds: Percentiles) {
        self.kind = kind
        self.pool = threads > 1 && kind == .emptyFrame ? pool : nil
        self.threads = threads
        self.samples = samples
        self.nanoseconds = nanoseconds
    }

    /// "empty frame, 2 threads, spin pool", "semaphore round trip, 2 threads".
    public var label: String {
        switch kind {
        case .emptyFrame:
            return "empty frame, \(threads) thread\(threads == 1 ? "" : "s")" + (pool.map { ", \($0.rawValue) pool" } ?? "")
        case .semaphoreRoundTrip: return "POSIX semaphore round trip, 2 threads"
        case .spinRoundTrip: return "atomic spin round trip, 2 threads"
        }
    }
}

/// Measures the hand-off rows: an empty frame for every thread count and pool of a plan, then the
/// two round trips. Run at the end of `hooke bench` (shard 1 of a sharded run).
public enum HandOff {
    /// Round trips per primitive: 2,000 semaphore round trips take ~0.1 s here.
    static let roundTrips = 2_000
    /// Empty frames per configuration at most, and untimed ones before them.
    static let maximumFrames = 100_000, warmupFrames = 200

    /// The rows for `plan`'s thread counts and pools, each sampled for at most
    /// `plan.secondsPerConfiguration` (and 0.5 s).
    public static func measure(plan: BenchPlan) -> [HandOffRow] {
        var rows: [HandOffRow] = []
        for threads in plan.threadCounts {
            for pool in threads > 1 ? plan.pools : [.standard] {
                rows.append(emptyFrame(threads: threads, pool: pool, seconds: min(plan.secondsPerConfiguration, 0.5)))
            }
        }
        rows += roundTripRows(rounds: roundTrips)
        return rows
    }

    /// `threads` threads of a `pool` pool running frames of nothing, timed one frame at a time.
    public static func emptyFrame(threads: Int, pool kind: PoolKind, seconds: Double) -> HandOffRow {
        let kernel = EmptyKernel(count: threads)
        let pool = WorkerPool(kernel: kernel, threads: threads, kind: kind)
        let warmedUp = pool.warmUp(frames: warmupFrames)
        let samples = UnsafeMutableBufferPointer<Double>.allocate(capacity: maximumFrames)
        defer { samples.deallocate() }
        let taken = pool.timeFrames(following: warmedUp, into: samples, budget: UInt64(seconds * 1e9))
        pool.shutdown()
        return HandOffRow(kind: .emptyFrame, pool: kind, threads: threads, samples: taken,
                          nanoseconds: Percentiles(of: Array(samples[0..<taken])))
    }

    /// The semaphore and the spin round trip, `rounds` each (a primitive whose thread cannot be
    /// made is left out).
    public static func roundTripRows(rounds: Int) -> [HandOffRow] {
        var rows: [HandOffRow] = []
        for kind in [HandOffRow.Kind.semaphoreRoundTrip, .spinRoundTrip] {
            var samples = [Double](repeating: 0, count: rounds)
            let status = samples.withUnsafeMutableBufferPointer { buffer in
                kind == .semaphoreRoundTrip
                    ? hooke_round_trips_semaphore(Int32(rounds), buffer.baseAddress)
                    : hooke_round_trips_spin(Int32(rounds), buffer.baseAddress)
            }
            guard status == 0 else { continue }
            rows.append(HandOffRow(kind: kind, pool: nil, threads: 2, samples: rounds, nanoseconds: Percentiles(of: samples)))
        }
        return rows
    }
}

/// `count` animations of nothing: `advance` returns at once, so a frame is the pool's hand-off alone.
final class EmptyKernel: FrameKernel {
    let count: Int
    var stateBytesPerAnimation: Int { 0 }
    init(count: Int) { self.count = count }
    func advance(_ range: Range<Int>, to frame: Int) {}
    func state(of index: Int) -> (value: Double, velocity: Double) { (0, 0) }
    func release() {}
}
