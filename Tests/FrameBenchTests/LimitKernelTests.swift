@testable import FrameBench
import Testing

/// The C limit kernels (`limit`, `limit-avx2`) do the `fast` paths' work: the same outputs against
/// the same independent references, and the floor moves the bytes it claims to.
@Suite("limit kernels")
struct LimitKernelTests {
    /// The C kernels that this CPU can run (`limit-avx2` only with AVX2: elsewhere it does not exist).
    static let runnable: [Strategy] = LimitISA.hasAVX2 ? [.limit, .limitAVX2] : [.limit]

    /// The spring limit against GSL and against naive: the exact transition, composed frame after
    /// frame, stays within the `fast` path's bound (1e-12 of the distance; ~1e-14 measured).
    static let springTolerance = FrameKernelTests.fastPathTolerance

    @Test("the spring limit matches GSL and naive", arguments: runnable)
    func springLimitMatchesGSLAndNaive(_ strategy: Strategy) throws {
        let errors = try #require(try KernelFactory.errors(workload: .spring, strategy: strategy, frameInterval: 1.0 / 120))
        let reference = try #require(errors.reference)
        let consistency = try #require(errors.consistencyWithNaive)
        #expect(reference <= Self.springTolerance, "\(strategy.rawValue) vs GSL \(reference)")
        #expect(consistency <= Self.springTolerance, "\(strategy.rawValue) vs naive \(consistency)")
    }

    /// Same operations in the same order as `FastSpringKernel` (no FMA contraction): identical
    /// states, bit for bit, after 600 frames (consistency between two of our kernels).
    @Test("the spring limit is the fast path, bit for bit", arguments: runnable)
    func springLimitIsTheFastPathBitForBit(_ strategy: Strategy) throws {
        let frameInterval = 1.0 / 60
        let limit = try #require(KernelFactory.makeKernel(.spring, strategy, count: 1_001, frameInterval: frameInterval))
        let fast = try #require(KernelFactory.makeKernel(.spring, .fast, count: 1_001, frameInterval: frameInterval))
        defer { limit.release(); fast.release() }
        KernelFactory.run(limit, frames: 600)
        KernelFactory.run(fast, frames: 600)
        for index in 0..<fast.count {
            let a = limit.state(of: index), b = fast.state(of: index)
            #expect(a.value == b.value && a.velocity == b.velocity, "animation \(index): \(a) vs \(b)")
        }
    }

    /// SwiftUI's rule bit for bit: against the rule run exactly, one animation at a time, the
    /// difference is exactly 0 after 240 frames with restarts, at both frame rates — the C kernel
    /// performs the rule's IEEE operations in its order, with no FMA contraction (`#pragma clang fp
    /// contract(off)`), in two- and four-lane vectors alike.
    @Test("the swiftui-spring limit is the rule, bit for bit", arguments: runnable, [60, 120])
    func swiftUISpringLimitIsTheRuleBitForBit(_ strategy: Strategy, frameRate: Int) throws {
        let errors = try #require(try KernelFactory.errors(workload: .swiftUISpring, strategy: strategy,
                                                           frameInterval: 1 / Double(frameRate)))
        #expect(errors.reference == 0, "\(strategy.rawValue) vs the rule \(errors.reference ?? .nan)")
        #expect(errors.consistencyWithNaive == 0)
    }

    /// Split over three workers (chunk edges inside vectors of four and inside preset groups), every
    /// animation is still stepped exactly once per frame.
    @Test("the swiftui-spring limit splits across workers", arguments: runnable)
    func swiftUISpringLimitSplitsAcrossWorkers(_ strategy: Strategy) throws {
        let frameInterval = 1.0 / 120
        let kernel = try #require(KernelFactory.makeKernel(.swiftUISpring, strategy, count: KernelFactory.errorSampleCount,
                                                          frameInterval: frameInterval))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: 3)
        for frame in 1...KernelFactory.errorFrames { pool.run(frame: frame) }
        pool.shutdown()
        let errors = try KernelFactory.errors(of: kernel, workload: .swiftUISpring, strategy: strategy,
                                              frames: KernelFactory.errorFrames, frameInterval: frameInterval)
        #expect(errors.reference == 0)
    }

    /// The curve limit against GSL's Brent root and against naive, over 240 frames with restarts, in
    /// one piece and split over three workers (chunk edges inside pairs and groups): the same chord
    /// guess and Halley steps as `fast` (bit-identical where accepted), C bisection where not; within
    /// the `fast` path's bound (1e-12 of the interval; ~1e-15 measured).
    @Test("the curve limit matches Brent and naive", arguments: runnable, [1, 3])
    func curveLimitMatchesBrentAndNaive(_ strategy: Strategy, threads: Int) throws {
        let frameInterval = 1.0 / 120
        let kernel = try #require(KernelFactory.makeKernel(.curve, strategy, count: KernelFactory.errorSampleCount,
                                                          frameInterval: frameInterval))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: threads)
        for frame in 1...KernelFactory.errorFrames { pool.run(frame: frame) }
        pool.shutdown()
        let errors = try KernelFactory.errors(of: kernel, workload: .curve, strategy: strategy,
                                              frames: KernelFactory.errorFrames, frameInterval: frameInterval)
        let reference = try #require(errors.reference), consistency = try #require(errors.consistencyWithNaive)
        #expect(reference <= Self.curveTolerance, "\(strategy.rawValue) vs Brent \(reference)")
        #expect(consistency <= Self.curveTolerance, "\(strategy.rawValue) vs naive \(consistency)")
    }

    /// The curve limit's bound: the `fast` path's (curve worst error ≤ 1e-12).
    static let curveTolerance = FrameKernelTests.fastPathTolerance

    /// The keyframes limit against each keyframe's definition and against naive, over 480 frames
    /// (segment changes and loop wraps), at both frame rates, in one piece and split over three
    /// workers (chunk edges inside groups and blocks): `fast`'s blocks, lists and stepped springs, so
    /// `fast`'s bound; C Newton where the Bézier fast solve declines (2.3e-13 from `fast` there).
    @Test("the keyframes limit matches the definitions and naive", arguments: runnable, [(60, 1), (120, 1), (120, 3)])
    func keyframesLimitMatchesTheDefinitionsAndNaive(_ strategy: Strategy, run: (frameRate: Int, threads: Int)) throws {
        let frameInterval = 1 / Double(run.frameRate), frames = 480
        let kernel = try #require(KernelFactory.makeKernel(.keyframes, strategy, count: 300, frameInterval: frameInterval))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: run.threads)
        for frame in 1...frames { pool.run(frame: frame) }
        pool.shutdown()
        let errors = try KernelFactory.errors(of: kernel, workload: .keyframes, strategy: strategy, frames: frames,
                                              frameInterval: frameInterval)
        let reference = try #require(errors.reference), consistency = try #require(errors.consistencyWithNaive)
        #expect(reference <= Self.keyframesTolerance, "\(strategy.rawValue) vs definitions \(reference)")
        #expect(consistency <= Self.keyframesTolerance, "\(strategy.rawValue) vs naive \(consistency)")
    }

    /// The keyframes limit's bound: the `fast` path's, whose springs it steps alike.
    static let keyframesTolerance = CurveKeyframesFastPathTests.keyframesSteppedTolerance

    /// The mixed limit is the Swift animator bit for bit: after 480 frames (four retarget periods:
    /// `.spring` merges, chains of up to three entries, repeat passes, interpolating springs
    /// settling) at both frame rates, in one piece and split over three threads, every value and
    /// velocity has the bit pattern `naive`'s `Animator<Double>` gives it (consistency with the
    /// library, not accuracy), and the error against the animator's rules with GSL is within the
    /// Swift paths' bound.
    @Test("the mixed limit is the animator, bit for bit", arguments: runnable, [(60, 1), (120, 1), (120, 3)])
    func mixedLimitIsTheAnimatorBitForBit(_ strategy: Strategy, run: (frameRate: Int, threads: Int)) throws {
        let frameInterval = 1 / Double(run.frameRate), frames = 480, count = 700
        let limit = try #require(KernelFactory.makeKernel(.mixed, strategy, count: count, frameInterval: frameInterval))
        let naive = try #require(KernelFactory.makeKernel(.mixed, .naive, count: count, frameInterval: frameInterval))
        defer { limit.release(); naive.release() }
        let pool = WorkerPool(kernel: limit, threads: run.threads)
        for frame in 1...frames { pool.run(frame: frame) }
        pool.shutdown()
        KernelFactory.run(naive, frames: frames)
        var differing = 0
        for index in 0..<count {
            let a = limit.state(of: index), b = naive.state(of: index)
            if a.value.bitPattern != b.value.bitPattern || a.velocity.bitPattern != b.velocity.bitPattern {
                differing += 1
                if differing <= 3 { Issue.record("value \(index): limit \(a), animator \(b)") }
            }
        }
        #expect(differing == 0, "\(differing) of \(count) values differ")
        let errors = try KernelFactory.errors(of: limit, workload: .mixed, strategy: strategy, frames: frames,
                                              frameInterval: frameInterval)
        let reference = try #require(errors.reference)
        #expect(reference <= FrameKernelTests.mixedReferenceTolerance, "\(strategy.rawValue) vs the rules \(reference)")
    }

    /// The population the mixed limit is checked on exercises every path of its C record: every
    /// animation of the workload, merges, and the longest chain the record holds.
    @Test("the mixed limit's sample reaches the longest chain")
    func mixedLimitSampleReachesTheLongestChain() {
        let population = MixedPopulation(count: 700)
        #expect(Set(population.animationIndex).count == MixedPopulation.animations.count)
        var longest = 0
        for index in 0..<population.count {
            var animator = population.makeAnimator(index)
            for frame in 1...480 {
                _ = population.tick(&animator, index: index, frame: frame, time: Double(frame) / 120)
                longest = max(longest, animator.chainCount)
            }
        }
        #expect(longest == LimitMixedKernel.longestChain)
    }

    /// The floor reads every column it names and writes every written one: after one frame each
    /// written column holds the maximum of the read columns' previous values.
    @Test("the floor streams every column")
    func floorStreamsEveryColumn() {
        let count = 1_000
        let columns = (0..<3).map { c in Column<Double>(count: count) { Double(($0 * 7 + c * 13) % 17) } }
        let before = columns.map { Array($0.buffer) }
        let base = FastSpringKernel(SpringPopulation(count: count), frameInterval: 1.0 / 60)
        let floor = FloorKernel(base, reading: columns.map(\.base), writing: [columns[0].base, columns[2].base])
        defer { floor.release(); for column in columns { column.free() } }
        floor.advance(0..<count, to: 1)
        for i in 0..<count {
            let expected = max(before[0][i], before[1][i], before[2][i])
            #expect(columns[0].base[i] == expected && columns[2].base[i] == expected, "index \(i)")
            #expect(columns[1].base[i] == before[1][i], "index \(i): a column only read changed")
        }
        #expect((try? KernelFactory.errors(workload: .spring, strategy: .floor, frameInterval: 1.0 / 60))??.reference == nil)
    }
}

extension LimitKernelTests {
    /// `fast`'s ratios to the limits are its median over each limit's, for the same configuration;
    /// the other strategies (and other sizes) get none.
    @Test("fast is rated against each limit")
    func fastIsRatedAgainstEachLimit() {
        func result(_ strategy: Strategy, _ nanoseconds: Double) -> BenchResult {
            PerformanceBaselineTests.result(strategy, nanoseconds: nanoseconds, jitter: 0)
        }
        var results = [result(.naive, 100), result(.fast, 12), result(.limit, 4), result(.limitAVX2, 3), result(.floor, 0.5)]
        var other = result(.limit, 1)
        other.animations = 10_000
        results.append(other)
        results.linkRelativeFigures()
        #expect(results[1].ratioToLimit == 3 && results[1].ratioToLimitAVX2 == 4 && results[1].ratioToFloor == 24)
        for r in results where r.strategy != .fast { #expect(r.ratioToLimit == nil && r.ratioToFloor == nil) }
    }
}
