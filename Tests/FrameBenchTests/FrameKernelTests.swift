@testable import FrameBench
import AnimationMath
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("frame kernels")
struct FrameKernelTests {
    /// The `fast` path's contract: equal to the reference within 1e-12 of the distance.
    /// Its own error is ~1e-14 after hundreds of frames (n steps of a matrix exact to a few ulps);
    /// 1e-12 is the published bound, with two orders of magnitude of room.
    static let fastPathTolerance = 1e-12

    /// Every spring of a population against the closed form, after 600 frames (5 s at 120 Hz).
    @Test("fast springs match the closed form")
    func fastSpringsMatchTheClosedForm() {
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
    @Test("fast springs match the GSL reference")
    func fastSpringsMatchTheGSLReference() throws {
        let frameInterval = 1.0 / 60
        let kernel = try #require(KernelFactory.makeKernel(.spring, .fast, count: 1_000, frameInterval: frameInterval))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: 2)
        for frame in 1...300 { pool.run(frame: frame) }
        pool.shutdown()
        let errors = try KernelFactory.errors(of: kernel, workload: .spring, strategy: .fast,
                                              frames: 300, frameInterval: frameInterval)
        let error = try #require(errors.reference)
        #expect(error <= Self.fastPathTolerance, "fast vs GSL \(error)")
        // The naive path is the closed form too: the two agree as closely as each agrees with GSL.
        let consistency = try #require(errors.consistencyWithNaive)
        #expect(consistency <= Self.fastPathTolerance, "fast vs naive \(consistency)")
    }

    /// Euler is first order: its error is orders of magnitude above the exact path's (a sanity
    /// check that the error column measures something). Semi-implicit Euler at 60 Hz misses by 0.17
    /// of the distance on the spring population; the floor is a tenth of that.
    static let eulerErrorFloor = 0.02

    @Test("Euler is visibly inexact")
    func eulerIsVisiblyInexact() throws {
        let frameInterval = 1.0 / 60
        let kernel = try #require(KernelFactory.makeKernel(.spring, .euler, count: 200, frameInterval: frameInterval))
        defer { kernel.release() }
        for frame in 1...60 { kernel.advance(0..<kernel.count, to: frame) }
        let error = try #require(try KernelFactory.errors(of: kernel, workload: .spring, strategy: .euler,
                                                          frames: 60, frameInterval: frameInterval).reference)
        #expect(error > Self.eulerErrorFloor, "Euler at 60 Hz: \(error)")
        #expect(error.isFinite)
    }

    /// The contiguous paths of the other workloads reproduce the `naive` path exactly (same
    /// operations in the same order), including restarts: consistency, not accuracy. (`keyframes`
    /// steps its springs: `CurveKeyframesFastPathTests`.)
    @Test("fast paths are consistent with naive", arguments: [Workload.swiftUISpring, .curve, .mixed])
    func fastPathsAreConsistentWithNaive(_ workload: Workload) throws {
        let frameInterval = 1.0 / 120
        let errors = try #require(try KernelFactory.errors(workload: workload, strategy: .fast, frameInterval: frameInterval))
        #expect(errors.consistencyWithNaive == 0, "\(workload.rawValue) fast vs naive \(errors.consistencyWithNaive ?? .nan)")
    }

    /// The mixed reference's animations are the workload's: each entry rebuilds an `Animation`
    /// equal to the workload's (value equality of the concrete animations), so the reference
    /// evaluates what the workload runs.
    @Test("the mixed reference describes the workload's animations")
    func mixedReferenceDescribesTheWorkloadsAnimations() {
        #expect(MixedPopulation.referenceAnimations.count == MixedPopulation.animations.count)
        for (index, reference) in MixedPopulation.referenceAnimations.enumerated() {
            guard let reference else { continue }
            #expect(reference.animation == MixedPopulation.animations[index], "\(index): \(reference)")
        }
    }

    /// `mixed` against the animator's rules with GSL evaluating the animations, after 240 frames
    /// (merges of springs and chains of curves included), for both strategies: the library's
    /// sequential 1/300 s steps vs GSL's step-matrix powers and its curve solver vs Brent roots
    /// differ by rounding only (see `mixedReferenceTolerance`).
    @Test("mixed matches the animator's rules with GSL", arguments: [Strategy.naive, .fast], [60, 120])
    func mixedMatchesTheAnimatorRulesWithGSL(_ strategy: Strategy, frameRate: Int) throws {
        let errors = try #require(try KernelFactory.errors(workload: .mixed, strategy: strategy,
                                                           frameInterval: 1 / Double(frameRate)))
        let error = try #require(errors.reference)
        #expect(error <= Self.mixedReferenceTolerance, "\(strategy.rawValue) mixed vs reference \(error)")
    }

    /// The mixed reference's bound, relative to max(|first target|, step): matrix powers vs
    /// sequential steps and Brent vs the library's solver round differently; measured 1.3e-14 (120 Hz), 9.5e-15 (60 Hz).
    static let mixedReferenceTolerance = 1e-13

    /// The error sample of `mixed` exercises what the reference replays: some `.spring` values merge
    /// (a retarget while running) and some curve values chain (two entries at once).
    @Test("the mixed sample merges and chains")
    func mixedSampleMergesAndChains() {
        let population = MixedPopulation(count: KernelFactory.errorSampleCount)
        let frameInterval = 1.0 / 120
        var merged = 0, chained = 0
        for index in 0..<population.count {
            guard let reference = MixedPopulation.referenceAnimations[population.animationIndex[index]] else { continue }
            var animator = population.makeAnimator(index)
            var longest = animator.chainCount
            var mergedHere = false
            for frame in 1...KernelFactory.errorFrames {
                let retargeting = (index &- frame) % MixedPopulation.retargetPeriod == 0
                let running = animator.isAnimating
                _ = population.tick(&animator, index: index, frame: frame, time: Double(frame) * frameInterval)
                if retargeting, running, case .fluidSpring = reference { mergedHere = true }
                longest = max(longest, animator.chainCount)
            }
            if mergedHere { merged += 1 }
            if longest > 1 { chained += 1 }
        }
        #expect(merged > 0)
        #expect(chained > 0)
    }

    /// Split over three workers (chunk edges inside the kernels' pairs of lanes and inside their
    /// groups), the grouped kernels still advance every animation exactly once per frame.
    @Test("grouped kernels split across workers", arguments: [Workload.swiftUISpring, .curve, .mixed])
    func groupedKernelsSplitAcrossWorkers(_ workload: Workload) throws {
        let frameInterval = 1.0 / 120
        let kernel = try #require(KernelFactory.makeKernel(workload, .fast, count: KernelFactory.errorSampleCount,
                                                          frameInterval: frameInterval))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: 3)
        for frame in 1...KernelFactory.errorFrames { pool.run(frame: frame) }
        pool.shutdown()
        let errors = try KernelFactory.errors(of: kernel, workload: workload, strategy: .fast,
                                              frames: KernelFactory.errorFrames, frameInterval: frameInterval)
        #expect(errors.consistencyWithNaive == 0)
    }

    /// The `swiftui-spring` fast path is SwiftUI's rule bit for bit: against the rule run exactly,
    /// one animation at a time (`SpringIntegratorState.advance`), the difference is exactly 0 after
    /// 240 frames with restarts, at both frame rates.
    @Test("the swiftui-spring fast path is the rule, bit for bit", arguments: [60, 120])
    func swiftUISpringFastPathIsTheRuleBitForBit(frameRate: Int) throws {
        let errors = try #require(try KernelFactory.errors(workload: .swiftUISpring, strategy: .fast,
                                                           frameInterval: 1 / Double(frameRate)))
        #expect(errors.reference == 0)
    }

    /// The clock rules on the `swiftui-spring` fast path: frames after gaps over a second (the rule
    /// restarts 1/60 s before the frame) and at a frame time so large that a step no longer moves
    /// the clock (the rule jumps to the frame time), between runs of ordinary frames; bit for bit
    /// against the rule run exactly through the same frames, one animation at a time.
    @Test("the swiftui-spring fast path takes gaps as the rule does")
    func swiftUISpringFastPathTakesGapsAsTheRuleDoes() throws {
        let frameInterval = 1.0 / 120
        let hugeFrame = 10_000_000_000_000_000  // frame time ≈ 8.3e13 s, where 1/300 s is below half an ulp
        let frames = Array(1...30) + Array(200...230) + Array(600...640) + Array(hugeFrame...hugeFrame + 3)
        let population = SwiftUISpringPopulation(count: KernelFactory.errorSampleCount)
        let kernel = FastSwiftUISpringKernel(population, frameInterval: frameInterval)
        defer { kernel.release() }
        var compared = 0
        for frame in frames {
            kernel.advance(0..<kernel.count, to: frame)
            guard frame == 230 || frame == 640 || frame == hugeFrame + 3 else { continue }
            let expected = population.ruleStates(frameNumbers: frames.prefix { $0 <= frame }, frameInterval: frameInterval)
            for index in 0..<population.count {
                let state = kernel.state(of: index)
                #expect(state.value == expected[index].value && state.velocity == expected[index].velocity,
                        "animation \(index) after frame \(frame): \(state) vs the rule's \(expected[index])")
            }
            compared += 1
        }
        #expect(compared == 3)
    }

    /// The curve paths against GSL's Brent root: `UnitCurve`'s solver is good to a few ulps times the
    /// curve's condition number (~1e-15 measured); 1e-12 leaves room for worse-conditioned curves.
    @Test("curves match Brent", arguments: [Strategy.naive, .fast])
    func curvesMatchBrent(_ strategy: Strategy) throws {
        let errors = try #require(try KernelFactory.errors(workload: .curve, strategy: strategy, frameInterval: 1.0 / 120))
        let error = try #require(errors.reference)
        #expect(error <= Self.fastPathTolerance, "\(strategy.rawValue) curve vs Brent \(error)")
    }

    @Test("chunks are contiguous and cover everything")
    func chunksAreContiguousAndCoverEverything() {
        for (count, pieces) in [(10, 1), (10, 2), (3, 2), (1_000_003, 2), (1, 8)] {
            let chunks = WorkerPool.chunks(count: count, pieces: pieces)
            #expect(chunks.count == min(count, pieces))
            #expect(chunks.first?.lowerBound == 0)
            #expect(chunks.last?.upperBound == count)
            for (a, b) in zip(chunks, chunks.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        }
    }

    /// T threads means T distinct threads advancing chunks, whatever the cores (here 3 on the
    /// 2-core machine): for the spin pool the caller and T − 1 Dispatch workers, for the semaphore
    /// pool T Dispatch workers.
    @Test("threads are distinct workers", arguments: [2, 3], PoolKind.allCases)
    func threadsAreDistinctWorkers(threads: Int, pool kind: PoolKind) throws {
        let kernel = try #require(KernelFactory.makeKernel(.spring, .fast, count: 1_000, frameInterval: 1.0 / 120))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: threads, kind: kind)
        for frame in 1...5 { pool.run(frame: frame) }
        let ids = pool.shutdown()
        #expect(ids.count == threads)
        #expect(Set(ids).count == threads)
        #expect(ids.contains(UInt(pthread_self())) == (kind == .spin))
    }

    /// Both pools advance every chunk to the frame asked, every frame, including frames that come
    /// after the workers have parked (a pause longer than the spin time between two frames).
    @Test("pools advance every chunk every frame", arguments: PoolKind.allCases)
    func poolsAdvanceEveryChunkEveryFrame(_ kind: PoolKind) throws {
        let kernel = FrameLog(count: 7)
        let pool = WorkerPool(kernel: kernel, threads: 3, kind: kind)
        for frame in 1...200 {
            if frame % 50 == 0 { usleep(useconds_t(3 * WorkerPool.spinNanoseconds / 1_000)) }
            pool.run(frame: frame)
            #expect(kernel.frames.allSatisfy { $0 == frame }, "frame \(frame): \(kernel.frames)")
        }
        pool.shutdown()
    }

    /// The hand-off rows: an empty frame per thread count and pool (one thread: no pool), then the
    /// two round trips, each with samples and ordered percentiles.
    @Test("hand-off rows cover the plan")
    func handOffRowsCoverThePlan() {
        var plan = BenchPlan.quick(cores: 2)
        plan.threadCounts = [1, 2]
        plan.pools = PoolKind.allCases
        plan.secondsPerConfiguration = 0.01
        let rows = HandOff.measure(plan: plan)
        #expect(rows.map(\.label) == ["empty frame, 1 thread", "empty frame, 2 threads, spin pool",
                                      "empty frame, 2 threads, semaphore pool", "POSIX semaphore round trip, 2 threads",
                                      "atomic spin round trip, 2 threads"])
        for row in rows {
            #expect(row.samples > 0)
            #expect(row.nanoseconds.p50 > 0 && row.nanoseconds.p50 <= row.nanoseconds.p99, "\(row.label)")
        }
    }

    /// The `fast` springs' memory contract: a frame streams at most this many bytes per spring (d, v
    /// and a preset index).
    static let springBytesMovedLimit = 24

    /// The `fast` springs share one matrix per preset: the table has one entry per preset, each
    /// bit-identical to the matrix its preset's spring computes for Δt, and a frame streams at most
    /// `springBytesMovedLimit` bytes per spring.
    @Test("fast springs share one matrix per preset")
    func fastSpringsShareOneMatrixPerPreset() throws {
        let population = SpringPopulation(count: 1_000)
        let frameInterval = 1.0 / 120
        let kernel = FastSpringKernel(population, frameInterval: frameInterval)
        defer { kernel.release() }
        #expect(kernel.transitions.buffer.count == SpringPopulation.presets.count)
        #expect(Set(population.preset).count == SpringPopulation.presets.count, "every preset drawn")
        for index in 0..<population.count {
            let shared = kernel.transitions.base[Int(kernel.preset.base[index])]
            let own = population.springs[index].transition(deltaTime: frameInterval)
            #expect(shared == FastSpringKernel.SharedTransition(own))
            #expect(shared.first == SIMD2(own.m11, own.m21) && shared.second == SIMD2(own.m12, own.m22))
        }
        #expect(try #require(kernel.bytesMovedPerAnimation) <= Self.springBytesMovedLimit)
    }

    /// `spring`'s `floor` streams `fast`'s layout: every (d, v) pair read and written back (swapped),
    /// and it claims the bytes `fast` streams.
    @Test("the spring floor streams the fast layout")
    func springFloorStreamsTheFastLayout() throws {
        let count = 101
        let kernel = try #require(KernelFactory.makeKernel(.spring, .floor, count: count, frameInterval: 1.0 / 60) as? SpringFloorKernel)
        defer { kernel.release() }
        let before = (0..<count).map { kernel.fast.state.base[$0] }
        kernel.advance(0..<count, to: 1)
        for i in 0..<count { #expect(kernel.fast.state.base[i] == SIMD2(before[i].y, before[i].x), "spring \(i)") }
        #expect(kernel.bytesMovedPerAnimation == kernel.fast.bytesMovedPerAnimation)
    }

    /// The presets cover every regime with non-negative damping (AccuracyContracts.md), ζ = 1 ± 1e-9 among them.
    @Test("spring presets cover every regime")
    func springPresetsCoverEveryRegime() {
        let regimes = Set(SpringPopulation.presets.map(\.regime))
        #expect(regimes == [.undamped, .underdamped, .criticallyDamped, .overdamped], "\(regimes)")
    }

    @Test("every workload has naive and fast")
    func everyWorkloadHasNaiveAndFast() {
        for workload in Workload.allCases {
            #expect(workload.strategies.starts(with: [.naive, .fast]), "\(workload.rawValue)")
        }
    }

    /// A steady-state `fast` spring frame allocates nothing, on one thread or several (the workers
    /// are started before timing and each frame is semaphore signals and waits).
    ///
    /// The counter is process-wide and Swift Testing runs other tests concurrently, whose
    /// allocations land in the same window; they can only add. So the measurement is repeated up
    /// to `allocationAttempts` times, 0.1 s apart, and the smallest count is judged.
    @Test("fast spring frames do not allocate", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"),
          arguments: [(1, 2_000), (2, 2_000), (2, 20_000), (3, 2_000)])
    func fastSpringFramesDoNotAllocate(threads: Int, animations: Int) async throws {
        let plan = BenchPlan(workloads: [.spring], strategies: [.fast], animationCounts: [animations], threadCounts: [threads],
                             frameRate: 120, warmupFrames: 3, minimumFrames: 20, maximumFrames: 20,
                             secondsPerConfiguration: 0.01)
        let limit = 0.0
        var smallest = Double.infinity
        for _ in 0..<Self.allocationAttempts where smallest > limit {
            let result = try #require(try FrameRunner.measure(plan.configurations[0], plan: plan))
            #expect(result.samples == 20)
            smallest = min(smallest, try #require(result.allocationsPerFrame))
            if smallest > limit { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        #expect(smallest <= limit, "\(smallest) allocations per frame with \(threads) threads")
    }

    /// Up to 10 s of 0.1 s attempts: the GSL-heavy reference tests (mixed, keyframes, limits) that
    /// may run alongside allocate for seconds at a time on a loaded machine (3 s was seen to miss).
    static let allocationAttempts = 100

    /// The same on one thread, counted by the thread-local counter on the calling thread (which runs
    /// the only chunk): other tests' allocations cannot touch it, so no retries are needed.
    @Test("one-thread fast spring frames allocate nothing on this thread", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"))
    func oneThreadFastSpringFramesAllocateNothingOnThisThread() throws {
        let kernel = try #require(KernelFactory.makeKernel(.spring, .fast, count: 2_000, frameInterval: 1.0 / 120))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: 1)
        for frame in 1...3 { pool.run(frame: frame) }
        try #require(AllocationCounter.install(), "the allocation counter is not in effect")
        let before = AllocationCounter.threadCount
        for frame in 4...23 { pool.run(frame: frame) }
        #expect(AllocationCounter.threadCount - before == 0)
    }
}

/// A kernel that records, per animation, the last frame it was advanced to.
final class FrameLog: FrameKernel, @unchecked Sendable {
    let count: Int
    let log: UnsafeMutableBufferPointer<Int>
    var stateBytesPerAnimation: Int { 8 }
    var frames: [Int] { Array(log) }
    init(count: Int) {
        self.count = count
        log = .allocate(capacity: count)
        log.initialize(repeating: 0)
    }
    deinit { log.deallocate() }
    func advance(_ range: Range<Int>, to frame: Int) {
        for i in range { log[i] = frame }
    }
    func state(of index: Int) -> (value: Double, velocity: Double) { (Double(log[index]), 0) }
    func release() {}
}
