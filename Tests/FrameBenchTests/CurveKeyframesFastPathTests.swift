@testable import FrameBench
import AnimationMath
import HookeSupport
import Testing

/// The `curve` and `keyframes` fast paths: the same numbers as `naive` on every frame checked
/// (keyframes with every spring evaluated exactly; as it runs, its stepped springs within
/// `keyframesSteppedTolerance`) (consistency), and close to their independent references (accuracy).
@Suite("curve and keyframes fast paths")
struct CurveKeyframesFastPathTests {
    /// Curve fast vs GSL's Brent root, values relative to the interval and velocities to
    /// interval/duration: the model's solver is a few ulps times the curve's condition number
    /// (measured 8.1e-15 over these 600 animations at two frames); 5e-14 is ~6× that, well inside the
    /// 1e-12 the harness promises for curves.
    static let curveBrentTolerance = 5e-14

    /// The keyframes reference vs the model, absolute (values up to 360): measured 7.2e-13, GSL's
    /// integration of the springs at 1e-14 dominating.
    static let keyframesReferenceTolerance = 5e-12

    /// Keyframes fast vs the definitions and vs naive, absolute: its stepped springs are the motion
    /// n·Δ after their first exact frame, the others evaluate it at the frame time as rounded
    /// ((phase + f·Δ) mod duration, ~4e-16 s at t ≈ 4 s), so they differ by the acceleration (up to
    /// ~6e4/s² on the 360-unit spring) times that, plus ≤ 120 roundings of the one-frame transition.
    /// Measured 2.8e-11 on velocities up to ~1.7e3/s (1.6e-14 of them; values 1.4e-12, 4e-15 of
    /// the distance), 480 frames at 60 and 120 Hz; the verifier holds spring keyframes to 3e-13 relative.
    static let keyframesSteppedTolerance = 1e-10
    /// A frame skipped by the stepping leaves its springs a whole frame stale: 4.6 of the scale
    /// measured, nine orders of magnitude above `keyframesSteppedTolerance`; the floor is a tenth
    /// of the measured miss.
    static let skippedFrameFloor = 0.5

    /// The largest |fast − naive| (value and velocity) over `count` animations, checked every
    /// `every` frames up to `frames`, fast split over `threads` workers (chunk edges inside the
    /// kernels' pairs, groups and blocks).
    static func worstDifference(_ workload: Workload, count: Int, frames: Int, every: Int, threads: Int,
                                steppingSprings: Bool = true) throws -> Double {
        let frameInterval = 1.0 / 120
        let fast = try #require(workload == .keyframes
            ? FastKeyframesKernel(KeyframesPopulation(count: count), frameInterval: frameInterval, steppingSprings: steppingSprings)
            : KernelFactory.makeKernel(workload, .fast, count: count, frameInterval: frameInterval))
        let naive = try #require(KernelFactory.makeKernel(workload, .naive, count: count, frameInterval: frameInterval))
        defer { fast.release(); naive.release() }
        let pool = WorkerPool(kernel: fast, threads: threads)
        defer { pool.shutdown() }
        var worst = 0.0
        for frame in 1...frames {
            pool.run(frame: frame)
            naive.advance(0..<count, to: frame)
            guard frame % every == 0 else { continue }
            for index in 0..<count {
                let a = fast.state(of: index), b = naive.state(of: index)
                worst = max(worst, abs(a.value - b.value), abs(a.velocity - b.velocity))
                if a.value.isNaN != b.value.isNaN || a.velocity.isNaN != b.velocity.isNaN { worst = .infinity }
            }
        }
        return worst
    }

    /// Bit-identical to naive (the same operations in the same order, restarts and segment changes
    /// included) over 2.5 s, on one thread and split over three: curves, and keyframes with every
    /// spring evaluated exactly.
    @Test("fast is naive, bit for bit", arguments: [Workload.curve, .keyframes], [1, 3])
    func fastIsNaiveBitForBit(_ workload: Workload, threads: Int) throws {
        let worst = try Self.worstDifference(workload, count: 600, frames: 300, every: 7, threads: threads,
                                             steppingSprings: false)
        #expect(worst == 0, "\(workload.rawValue) fast vs naive \(worst)")
    }

    /// Keyframes fast as it runs (springs stepped by their one-frame transition) stays within
    /// `keyframesSteppedTolerance` of naive over 4 s (every spring segment entered and left several
    /// times, loop wraps included), on one thread and split over three; and differs from it (the
    /// stepping is in effect).
    @Test("keyframes' stepped springs stay near naive", arguments: [1, 3])
    func keyframesSteppedSpringsStayNearNaive(threads: Int) throws {
        let worst = try Self.worstDifference(.keyframes, count: 600, frames: 480, every: 7, threads: threads)
        #expect(worst <= Self.keyframesSteppedTolerance, "keyframes fast vs naive \(worst)")
        #expect(worst > 0)
    }

    /// The stepping's assumption is load-bearing: a frame skipped (frame 61 never run) leaves the
    /// springs stepped from stale states a whole frame off, far outside the tolerance.
    @Test("keyframes' stepping assumes every frame is run")
    func keyframesSteppingAssumesEveryFrame() throws {
        let frameInterval = 1.0 / 120, count = 300
        let fast = try #require(KernelFactory.makeKernel(.keyframes, .fast, count: count, frameInterval: frameInterval))
        defer { fast.release() }
        for frame in 1...120 where frame != 61 { fast.advance(0..<count, to: frame) }
        let reference = try KeyframesPopulation(count: count).referenceStates(
            frames: 120, frameInterval: frameInterval, tolerance: KernelFactory.referenceTolerance)
        let error = KernelFactory.worst(fast, against: reference, scales: KernelFactory.errorScales(.keyframes, count: count))
        #expect(error > Self.skippedFrameFloor, "a skipped frame went unnoticed: \(error)")
    }

    /// Every curve kind (600 animations: presets, random Béziers, circular) against Brent at two frames.
    @Test("curve fast matches Brent", arguments: [240, 251])
    func curveFastMatchesBrent(frames: Int) throws {
        let frameInterval = 1.0 / 120
        let kernel = try #require(KernelFactory.makeKernel(.curve, .fast, count: 600, frameInterval: frameInterval))
        defer { kernel.release() }
        KernelFactory.run(kernel, frames: frames)
        let population = CurvePopulation(count: 600)
        let reference = try population.brentStates(frames: frames, frameInterval: frameInterval)
        let error = KernelFactory.worst(kernel, against: reference, scales: KernelFactory.errorScales(.curve, count: 600))
        #expect(error <= Self.curveBrentTolerance, "curve fast vs Brent \(error)")
    }

    /// The harness's own measurement (the first 64 animations) reports keyframes against the
    /// definitions, with consistency as its own column.
    @Test("keyframes' error is against the definitions")
    func keyframesErrorIsAgainstTheDefinitions() throws {
        let errors = try #require(try KernelFactory.errors(workload: .keyframes, strategy: .fast, frameInterval: 1.0 / 120))
        let error = try #require(errors.reference)
        #expect(error <= Self.keyframesSteppedTolerance, "keyframes fast vs definitions \(error)")
        #expect(try #require(errors.consistencyWithNaive) <= Self.keyframesSteppedTolerance)
        #expect(ErrorReference(workload: .keyframes) == .keyframeDefinitions)
    }

    /// 300 animations (every segment kind of every timeline) at four frames against the definitions.
    @Test("keyframes fast matches the definitions", arguments: [37, 120, 263, 479])
    func keyframesFastMatchesTheDefinitions(frames: Int) throws {
        let frameInterval = 1.0 / 120
        let kernel = try #require(KernelFactory.makeKernel(.keyframes, .fast, count: 300, frameInterval: frameInterval))
        defer { kernel.release() }
        KernelFactory.run(kernel, frames: frames)
        let reference = try KeyframesPopulation(count: 300).referenceStates(
            frames: frames, frameInterval: frameInterval, tolerance: KernelFactory.referenceTolerance)
        let error = KernelFactory.worst(kernel, against: reference, scales: KernelFactory.errorScales(.keyframes, count: 300))
        #expect(error <= Self.keyframesSteppedTolerance, "keyframes fast vs definitions \(error)")
    }

    /// The reference is not the model in disguise: on a timeline it was not tuned on (a cubic
    /// between two linear keyframes, a spring keyframe with its own start velocity) it agrees with
    /// `KeyframeTimeline` everywhere; and a wrong automatic end velocity would show.
    @Test("the keyframes reference agrees with the model elsewhere")
    func keyframesReferenceAgreesWithTheModelElsewhere() throws {
        let timeline = KeyframeTimeline<Double>(initialValue: 2, keyframes: [
            .linear(LinearKeyframe(5, duration: 0.3, timingCurve: .easeIn)),
            .cubic(CubicKeyframe(-1, duration: 0.5)),
            .linear(LinearKeyframe(4, duration: 0.4, timingCurve: .easeInOut)),
            .spring(SpringKeyframe(0, duration: 0.7, spring: .bouncy, startVelocity: 3)),
        ])
        let reference = try KeyframesReference(timeline, tolerance: KernelFactory.referenceTolerance)
        #expect(reference.duration == timeline.duration)
        var worst = 0.0
        for step in 0..<190 {
            let time = Double(step) * 0.01
            let (value, velocity) = try reference.state(at: time)
            worst = max(worst, abs(value - timeline.value(time: time)), abs(velocity - timeline.velocity(time: time)))
        }
        #expect(worst <= Self.keyframesReferenceTolerance, "reference vs model \(worst)")
    }

    /// `LoopClock.wrap` is fmod bit for bit: random times, and times a few ulps either side of
    /// multiples of the duration (where the quotient rounds either way).
    @Test("the loop clock is fmod, bit for bit")
    func loopClockIsFmodBitForBit() {
        var random = SplitMix64(seed: 7)
        let durations = KeyframesPopulation.timelines.map(\.duration) + (0..<20).map { _ in random.uniform(0.01, 10) }
        var mismatches = 0, checked = 0
        for duration in durations {
            let clock = LoopClock(duration: duration)
            var times = (0..<2_000).map { _ in random.uniform(0, 1e4) }
            for k in 1...200 {
                var x = Double(k) * duration
                for _ in 0..<3 { x = x.nextDown }
                for _ in 0..<7 { times.append(x); x = x.nextUp }
            }
            for x in times {
                checked += 1
                if clock.wrap(x).bitPattern != x.truncatingRemainder(dividingBy: duration).bitPattern { mismatches += 1 }
            }
        }
        #expect(checked > 80_000)
        #expect(mismatches == 0, "\(mismatches) of \(checked) differ from fmod")
    }

    /// Steady-state fast frames allocate nothing (stack scratch, no closures kept), counted on the
    /// calling thread, which runs the only chunk.
    @Test("fast frames allocate nothing", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"),
          arguments: [Workload.curve, .keyframes])
    func fastFramesAllocateNothing(_ workload: Workload) throws {
        let kernel = try #require(KernelFactory.makeKernel(workload, .fast, count: 2_000, frameInterval: 1.0 / 120))
        defer { kernel.release() }
        let pool = WorkerPool(kernel: kernel, threads: 1)
        defer { pool.shutdown() }
        for frame in 1...3 { pool.run(frame: frame) }
        try #require(AllocationCounter.install(), "the allocation counter is not in effect")
        let before = AllocationCounter.threadCount
        for frame in 4...23 { pool.run(frame: frame) }
        #expect(AllocationCounter.threadCount - before == 0)
    }
}
