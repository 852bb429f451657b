import AnimationMath
import HookeSupport

/// The `swiftui-spring` workload's animations: SwiftUI's `.spring` animations (the 1/300 s
/// integrator), each at a random phase of its motion. When one comes to rest it starts again
/// toward the opposite interval at that frame, so the population keeps the same amount of work in
/// every frame (an engine would remove it and another would start).
///
/// Response r ∈ [0.2, 1] s and damping fraction ∈ [0.5, 1] (SwiftUI's presets sit inside);
/// intervals of 1 to 500 points; phase ∈ [0, r) s.
public struct SwiftUISpringPopulation: Sendable {
    public var response: [Double]
    public var dampingFraction: [Double]
    public var interval: [Double]
    public var phase: [Double]

    public var count: Int { response.count }

    public init(count: Int, seed: UInt64 = 0x5377_6966_7455_49) {
        var random = SplitMix64(seed: seed)
        response = []; dampingFraction = []; interval = []; phase = []
        for _ in 0..<count {
            let r = random.uniform(0.2, 1)
            response.append(r)
            dampingFraction.append(random.uniform(0.5, 1))
            interval.append((random.next() % 2 == 0 ? 1 : -1) * random.uniform(1, 500))
            phase.append(random.uniform(0, r))
        }
    }
}

/// `fast` for `swiftui-spring`: SwiftUI's integrator stepped in lockstep across animations.
///
/// The rule is `SpringIntegratorState`'s: every step is a call of its `step` function (inlined:
/// the same floating-point operations in the same order, no FMA contraction, which Swift does not
/// do and the baseline x86-64 ISA does not have), the clock rules and the finish rule
/// (`isAtRest`) are the state's own, so results are bit-identical to the rule run one animation at
/// a time (`KernelFactory.errors` checks exactly 0 against it, `FrameKernelTests` too). What
/// differs is the loop order: `advance` finishes one animation's 2 or 3 steps (at 120 Hz) before
/// the next, a latency-bound dependent chain with an unpredictable trip count; here each *round*
/// does one masked step for every animation of a block, branch-free (a select keeps the finished
/// ones), so the rounds auto-vectorise and independent animations fill the pipeline.
///
/// Blocks of `blockSize` animations (8 columns × 8 B × 256 = 16 KiB, inside L1) go through the
/// clock rules, the rounds and the finish rule before the next block, so each frame streams the
/// population from memory once. Each round counts the animations that will still lag after it,
/// so no empty round is run.
///
/// Layout (struct of arrays, 8 columns of `Double`, 64 bytes per animation): the integrator state
/// `offset`, `velocity`, `force`, `time` (the animation's own clock); `interval` Δ, `stiffness` k,
/// `damping` d (formed once by `SpringIntegratorState.damping`), and `begin` (the frame time the
/// current run started, on the frame clock).
final class FastSwiftUISpringKernel: FrameKernel, @unchecked Sendable {
    typealias State = SpringIntegratorState<Double>
    let offset: Column<Double>, velocity: Column<Double>, force: Column<Double>, time: Column<Double>
    let interval: Column<Double>, stiffness: Column<Double>, damping: Column<Double>, begin: Column<Double>
    let count: Int
    let frameInterval: Double
    var stateBytesPerAnimation: Int { 8 * MemoryLayout<Double>.stride }
    /// Animations per block (see the type's comment).
    static let blockSize = 256

    init(_ population: SwiftUISpringPopulation, frameInterval: Double) {
        count = population.count
        self.frameInterval = frameInterval
        offset = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
        force = Column(repeating: 0, count: count)
        time = Column(repeating: 0, count: count)
        interval = Column(count: count) { population.interval[$0] }
        stiffness = Column(count: count) { State.stiffness(response: population.response[$0]) }
        damping = Column(count: count) { i in
            State.damping(stiffness: State.stiffness(response: population.response[i]), dampingRatio: population.dampingFraction[i])
        }
        begin = Column(count: count) { -population.phase[$0] }
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * frameInterval
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + Self.blockSize, range.upperBound)
            advanceBlock(start..<end, now: now)
            start = end
        }
        blackHole(offset.base)
    }

    @inline(__always)
    private func advanceBlock(_ block: Range<Int>, now: Double) {
        let x = offset.base, v = velocity.base, F = force.base, t = time.base
        let delta = interval.base, k = stiffness.base, d = damping.base, b = begin.base
        let h = State.step
        // `advance`'s two clock rules, before stepping (rare: a lag over a second, a huge clock),
        // and how many animations lag their frame time.
        var lagging = 0
        for i in block {
            let target = now - b[i]
            var clock = t[i]
            clock = target - clock > State.maximumGap ? target - 1.0 / 60.0 : clock
            clock = clock < target && clock + h == clock ? target : clock
            t[i] = clock
            lagging &+= clock < target ? 1 : 0
        }
        // Rounds of one masked step each, while any animation of the block still lags.
        while lagging > 0 {
            lagging = 0
            for i in block {
                let target = now - b[i]
                let active = t[i] < target
                var xNext = x[i], vNext = v[i], FNext = F[i]
                State.step(offset: &xNext, velocity: &vNext, force: &FNext, interval: delta[i],
                           stiffness: k[i], damping: d[i])
                let tNext = t[i] + h
                x[i] = active ? xNext : x[i]
                F[i] = active ? FNext : F[i]
                v[i] = active ? vNext : v[i]
                t[i] = active ? tNext : t[i]
                lagging &+= active && tNext < target ? 1 : 0
            }
        }
        // The finish rule; an animation at rest starts again toward the opposite interval.
        for i in block {
            let atRest = State(offset: x[i], velocity: v[i], force: F[i], time: t[i]).isAtRest(interval: delta[i])
            x[i] = atRest ? 0 : x[i]
            v[i] = atRest ? 0 : v[i]
            F[i] = atRest ? 0 : F[i]
            t[i] = atRest ? 0 : t[i]
            delta[i] = atRest ? -delta[i] : delta[i]
            b[i] = atRest ? now : b[i]
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (offset.base[index], velocity.base[index])
    }

    func release() {
        for column in [offset, velocity, force, time, interval, stiffness, damping, begin] { column.free() }
    }
}

/// One `.spring` animation as an object, through the type-erased `Animation` and its
/// `AnimationContext` state storage, as SwiftUI's API presents it.
final class NaiveSwiftUISpringAnimation: NaiveAnimation {
    let animation: Animation
    var interval: Double
    var begin: Double
    var context = AnimationContext<Double>()
    var value = 0.0
    var velocity = 0.0

    init(response: Double, dampingFraction: Double, interval: Double, begin: Double) {
        animation = .spring(response: response, dampingFraction: dampingFraction)
        self.interval = interval
        self.begin = begin
    }

    func update(at time: Double) {
        if let offset = animation.animate(value: interval, time: time - begin, context: &context) {
            value = offset
            velocity = animation.velocity(value: interval, time: time - begin, context: context) ?? 0
        } else {
            // At rest: start again toward the opposite interval from this frame, showing the new
            // run's starting state (offset 0, at rest), exactly as the fast path does.
            value = 0
            velocity = 0
            context = AnimationContext()
            interval = -interval
            begin = time
        }
    }
}

extension SwiftUISpringPopulation {
    func naiveKernel(frameInterval: Double) -> NaiveKernel {
        let animations: [any NaiveAnimation] = (0..<count).map { i in
            NaiveSwiftUISpringAnimation(response: response[i], dampingFraction: dampingFraction[i],
                                        interval: interval[i], begin: -phase[i])
        }
        // Object header 16, Animation box reference 8, interval, begin, value, velocity 32,
        // context (state reference + flag) 16, existential 16; plus the context's state storage
        // (two arrays and a box, ~150 bytes once the integrator has run).
        return NaiveKernel(animations: animations, frameInterval: frameInterval, stateBytesPerAnimation: 16 + 8 + 32 + 16 + 16 + 150)
    }
}
