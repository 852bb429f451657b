@testable import FrameBench
import AnimationMath
import Testing

struct FrameKernelTests {
    /// The `fast` path's target (issue 6): equal to the reference within 1e-12 of the distance.
    /// Its own error is ~1e-14 after hundreds of frames (n steps of a matrix exact to a few ulps);
    /// 1e-12 is the published bound, with two orders of magnitude of room.
    static let fastPathTolerance = 1e-12

    /// Every spring of a population against the closed form, after 600 frames (5 s at 120 Hz).
    @Test func fastSpringsMatchTheClosedForm() {
        let population = SpringPopulation(count: 500)
        let frameInterval = 1.0 / 120
        let kernel = FastSpringKernel(population, frameInterval: frameInterval)
        defer { kernel.release() }
        let frames = 600
        for frame in 1...frames { kernel.advance(0..<kernel.count, to: frame) }
        var worst = 0.0
        for index in 0..<population.count {
            let exact = population.exactState(of: index, elapsed: population.phase[index] + Double(frames) * frameInterval)
            let scale = population.errorScales(of: index)
            let state = kernel.state(of: index)
            worst = max(worst, abs(state.value - exact.value) / scale.position,
                        abs(state.velocity - exact.velocity) / scale.velocity)
        }
        #expect(worst <= Self.fastPathTolerance, "worst relative error \(worst)")
    }

    /// The same animations through the GSL reference (`KernelFactory.maximumError`), split across chunks.
    @Test func fastSpringsMatchTheGSLReference() throws {
        let frameInterval = 1.0 / 60
        let kernel = try #require(KernelFactory.makeKernel(.spring, .fast, count: 1_000, frameInterval: frameInterval))
        defer { kernel.release() }
        let chunks = FrameRunner.chunks(count: kernel.count, threads: 2)
        for frame in 1...300 { FrameRunner.runFrame(kernel, chunks: chunks, frame: frame) }
        let error = try #require(try KernelFactory.maximumError(of: kernel, workload: .spring, strategy: .fast,
                                                                frames: 300, frameInterval: frameInterval))
        #expect(error <= Self.fastPathTolerance, "fast vs GSL \(error)")
    }

    /// Euler is first order: its error is orders of magnitude above the exact path's (a sanity
    /// check that the error column measures something). 1e-4 of the distance is far below the few
    /// percent semi-implicit Euler makes at 60 Hz.
    @Test func eulerIsVisiblyInexact() throws {
        let frameInterval = 1.0 / 60
        let kernel = try #require(KernelFactory.makeKernel(.spring, .euler, count: 200, frameInterval: frameInterval))
        defer { kernel.release() }
        for frame in 1...60 { kernel.advance(0..<kernel.count, to: frame) }
        let error = try #require(try KernelFactory.maximumError(of: kernel, workload: .spring, strategy: .euler,
                                                                frames: 60, frameInterval: frameInterval))
        #expect(error > 1e-4)
        #expect(error.isFinite)
    }

    /// The contiguous paths of the other workloads reproduce the public-API path exactly (same
    /// operations in the same order), including restarts.
    @Test(arguments: [Workload.swiftUISpring, .curve, .mixed, .keyframes])
    func fastPathsReproduceTheModel(_ workload: Workload) throws {
        let frameInterval = 1.0 / 120
        let kernel = try #require(KernelFactory.makeKernel(workload, .fast, count: 300, frameInterval: frameInterval))
        defer { kernel.release() }
        let frames = 240
        for frame in 1...frames { kernel.advance(0..<kernel.count, to: frame) }
        let error = try #require(try KernelFactory.maximumError(of: kernel, workload: workload, strategy: .fast,
                                                                frames: frames, frameInterval: frameInterval))
        #expect(error == 0, "\(workload.rawValue) fast vs model \(error)")
    }

    @Test func chunksAreContiguousAndCoverEverything() {
        for (count, threads) in [(10, 1), (10, 2), (3, 2), (1_000_003, 2), (1, 8)] {
            let chunks = FrameRunner.chunks(count: count, threads: threads)
            #expect(chunks.first?.lowerBound == 0)
            #expect(chunks.last?.upperBound == count)
            for (a, b) in zip(chunks, chunks.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        }
    }

    @Test func fastSpringStateFitsSixtyFourBytes() throws {
        let kernel = try #require(KernelFactory.makeKernel(.spring, .fast, count: 1, frameInterval: 1.0 / 60))
        defer { kernel.release() }
        #expect(kernel.stateBytesPerAnimation <= 64)
    }

    @Test func everyWorkloadHasNaiveAndFast() {
        for workload in Workload.allCases {
            #expect(workload.strategies.starts(with: [.naive, .fast]), "\(workload.rawValue)")
        }
    }

    /// libdispatch allocates a few blocks per `concurrentPerform` call (its continuations and
    /// context): 3–4 per call measured here. The harness's own frames must add nothing, so with
    /// several threads a frame may allocate at most this many, whatever the number of animations.
    static let dispatchAllocationsPerFrame = 8.0

    /// A steady-state `fast` spring frame allocates nothing on one thread; on several, only
    /// Dispatch's per-call allocations, independent of the number of animations.
    ///
    /// The counter is process-wide and Swift Testing runs other tests concurrently, whose
    /// allocations land in the same window; they can only add. So the measurement is repeated up
    /// to `allocationAttempts` times, 0.1 s apart, and the smallest count is judged.
    @Test(arguments: [(1, 2_000), (2, 2_000), (2, 20_000)])
    func fastSpringFramesDoNotAllocate(threads: Int, animations: Int) async throws {
        let plan = BenchPlan(workloads: [.spring], strategies: [.fast], animationCounts: [animations], threadCounts: [threads],
                             frameRate: 120, warmupFrames: 3, minimumFrames: 20, maximumFrames: 20,
                             secondsPerConfiguration: 0.01)
        let limit = threads == 1 ? 0 : Self.dispatchAllocationsPerFrame
        var smallest = Double.infinity
        for _ in 0..<Self.allocationAttempts where smallest > limit {
            let result = try #require(try FrameRunner.measure(plan.configurations[0], plan: plan))
            #expect(result.samples == 20)
            smallest = min(smallest, try #require(result.allocationsPerFrame))
            if smallest > limit { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        #expect(smallest <= limit, "\(smallest) allocations per frame with \(threads) threads")
    }

    static let allocationAttempts = 30

    /// The same on one thread, counted by the thread-local counter on the calling thread (which runs
    /// the only chunk): other tests' allocations cannot touch it, so no retries are needed.
    @Test func oneThreadFastSpringFramesAllocateNothingOnThisThread() throws {
        let kernel = try #require(KernelFactory.makeKernel(.spring, .fast, count: 2_000, frameInterval: 1.0 / 120))
        defer { kernel.release() }
        let chunks = FrameRunner.chunks(count: kernel.count, threads: 1)
        for frame in 1...3 { FrameRunner.runFrame(kernel, chunks: chunks, frame: frame) }
        let before = AllocationCounter.threadCount
        for frame in 4...23 { FrameRunner.runFrame(kernel, chunks: chunks, frame: frame) }
        #expect(AllocationCounter.threadCount - before == 0)
    }
}
