import AnimationMath
import HookeSupport

/// The `swiftui-spring` workload's animations: SwiftUI's `.spring` animations (the 1/300 s
/// integrator), each at a random phase of its motion. When one comes to rest it starts again
/// toward the opposite interval at that frame, so the population keeps the same amount of work in
/// every frame (an engine would remove it and another would start).
///
/// Parameters come from a handful of presets, as real interfaces use them (`presets`: SwiftUI's
/// `.spring`, `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring` and three custom springs);
/// intervals of 1 to 500 points; phase ∈ [0, response) s.
public struct SwiftUISpringPopulation: Sendable {
    /// (response, dampingFraction) of each preset.
    public static let presets: [(response: Double, dampingFraction: Double)] = [
        (0.5, 0.825), (0.5, 1), (0.5, 0.85), (0.5, 0.7), (0.15, 0.86), (0.3, 0.6), (0.8, 0.9), (0.35, 0.75),
    ]
    public var preset: [Int]
    public var interval: [Double]
    public var phase: [Double]

    public var count: Int { preset.count }
    public func response(_ index: Int) -> Double { Self.presets[preset[index]].response }
    public func dampingFraction(_ index: Int) -> Double { Self.presets[preset[index]].dampingFraction }

    public init(count: Int, seed: UInt64 = 0x5377_6966_7455_49) {
        var random = SplitMix64(seed: seed)
        preset = []; interval = []; phase = []
        for _ in 0..<count {
            let k = Int(random.next() % UInt64(Self.presets.count))
            preset.append(k)
            interval.append((random.next() % 2 == 0 ? 1 : -1) * random.uniform(1, 500))
            phase.append(random.uniform(0, Self.presets[k].response))
        }
    }
}

/// `fast` for `swiftui-spring`: SwiftUI's integrator stepped two animations at a time (one SSE2 register).
///
/// The population is grouped by preset once at set-up (each group padded to a multiple of
/// `Lanes.width` slots), so stiffness k and damping d are constants of the group, and two animations
/// of a group are one `Lanes` value: each step is a call of the rule's own step function,
/// `SpringIntegratorState<Lanes>.step` (inlined), whose operations on `Lanes` are, lane by lane,
/// exactly those on `Double` — the same multiplications and additions in the same order, no FMA
/// contraction (Swift does not contract, and the baseline x86-64 ISA has no FMA). A lane whose clock
/// has reached its frame time keeps its state (a select), so rounds are branch-free; the clock rules
/// are `advance`'s, and the finish rule is `SpringIntegratorState<Double>.isAtRest`'s operations lane by lane.
/// So results are bit-identical to the rule run one animation at a time (`KernelFactory.errors`
/// and `FrameKernelTests` check exactly 0).
///
/// Blocks of `blockSize` slots go through the clock rules, the rounds and the finish rule before
/// the next block (6 columns × 8 B × 256 = 12 KiB, inside L1), so each frame streams the population
/// from memory once; each round counts the lanes that will still lag after it, so no empty round
/// is run. Work is split between threads by whole lanes. (Four lanes per value, two SSE2 registers,
/// ran 3 % more instructions: the spilled registers cost more than the wider loop saved.)
///
/// Layout (struct of arrays, 6 columns of `Double`, 48 bytes per slot): the integrator state
/// `offset`, `velocity`, `force`, `time` (the animation's own clock), the `interval` Δ and `begin`
/// (the frame time the current run started, on the frame clock); k and d per preset.
final class FastSwiftUISpringKernel: FrameKernel, @unchecked Sendable {
    typealias State = SpringIntegratorState<Double>
    let offset: Column<Double>, velocity: Column<Double>, force: Column<Double>, time: Column<Double>
    let interval: Column<Double>, begin: Column<Double>
    /// Slots, including the padding of each group to a multiple of `Lanes.width` (the runner splits these).
    let count: Int
    /// Slot of each animation.
    let slot: [Int]
    /// Each preset's slots and its k and d.
    let groups: [(slots: Range<Int>, stiffness: Double, damping: Double)]
    let frameInterval: Double
    var stateBytesPerAnimation: Int { 6 * MemoryLayout<Double>.stride }
    /// Slots per block (see the type's comment); a multiple of `Lanes.width`.
    static let blockSize = 256

    init(_ population: SwiftUISpringPopulation, frameInterval: Double) {
        self.frameInterval = frameInterval
        var order: [Int?] = []
        var groups: [(slots: Range<Int>, stiffness: Double, damping: Double)] = []
        for (k, preset) in SwiftUISpringPopulation.presets.enumerated() {
            let members = (0..<population.count).filter { population.preset[$0] == k }
            let start = order.count
            order += members.map { $0 }
            while order.count % Lanes.width != 0 { order.append(nil) }
            let stiffness = State.stiffness(response: preset.response)
            groups.append((start..<order.count, stiffness, State.damping(stiffness: stiffness, dampingRatio: preset.dampingFraction)))
        }
        self.groups = groups
        count = order.count
        var slot = [Int](repeating: 0, count: population.count)
        for (position, index) in order.enumerated() { if let index { slot[index] = position } }
        self.slot = slot
        offset = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
        force = Column(repeating: 0, count: count)
        time = Column(repeating: 0, count: count)
        // Padding lanes animate an interval of 1 from the start, like any animation; nobody reads them.
        interval = Column(count: count) { order[$0].map { population.interval[$0] } ?? 1 }
        begin = Column(count: count) { order[$0].map { -population.phase[$0] } ?? 0 }
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * frameInterval
        // Whole lanes: a lane belongs to the chunk holding its first slot.
        let w = Lanes.width
        let lanes = ((range.lowerBound + w - 1) / w * w)..<((range.upperBound + w - 1) / w * w)
        for group in groups {
            let slots = group.slots.clamped(to: lanes)
            var start = slots.lowerBound
            while start < slots.upperBound {
                let end = min(start + Self.blockSize, slots.upperBound)
                advanceBlock(start..<end, now: now, stiffness: group.stiffness, damping: group.damping)
                start = end
            }
        }
        blackHole(offset.base)
    }

    @inline(__always)
    private func advanceBlock(_ block: Range<Int>, now: Double, stiffness k: Double, damping d: Double) {
        let x = offset.base, v = velocity.base, F = force.base, t = time.base
        let delta = interval.base, b = begin.base
        let h = State.step
        let nowLanes = SIMD2<Double>(repeating: now), hLanes = SIMD2<Double>(repeating: h)
        let one = SIMD2<Int64>(repeating: 1), none = SIMD2<Int64>(repeating: 0)
        // `advance`'s two clock rules, before stepping (rare: a lag over a second, a huge clock),
        // and how many animations lag their frame time.
        var lagging = 0
        var i = block.lowerBound
        while i < block.upperBound {
            let target = nowLanes - Lanes.load(b, i)
            var clock = Lanes.load(t, i)
            clock.replace(with: target - SIMD2(repeating: 1.0 / 60.0), where: target - clock .> SIMD2(repeating: State.maximumGap))
            clock.replace(with: target, where: (clock .< target) .& (clock + hLanes .== clock))
            Lanes.store(clock, t, i)
            lagging &+= Int(none.replacing(with: one, where: clock .< target).wrappedSum())
            i &+= Lanes.width
        }
        // Rounds of one masked step for every lane, while any still lags.
        while lagging > 0 {
            var lags = SIMDMask<SIMD2<Int64>>(repeating: false)
            i = block.lowerBound
            while i < block.upperBound {
                let clock = Lanes.load(t, i)
                let target = nowLanes - Lanes.load(b, i)
                let active = clock .< target
                var xs = Lanes(Lanes.load(x, i)), vs = Lanes(Lanes.load(v, i)), Fs = Lanes(Lanes.load(F, i))
                let before = (xs.lanes, vs.lanes, Fs.lanes)
                SpringIntegratorState<Lanes>.step(offset: &xs, velocity: &vs, force: &Fs,
                                                  interval: Lanes(Lanes.load(delta, i)), stiffness: k, damping: d)
                let next = clock + hLanes
                Lanes.store(before.0.replacing(with: xs.lanes, where: active), x, i)
                Lanes.store(before.1.replacing(with: vs.lanes, where: active), v, i)
                Lanes.store(before.2.replacing(with: Fs.lanes, where: active), F, i)
                Lanes.store(clock.replacing(with: next, where: active), t, i)
                lags .|= active .& (next .< target)
                i &+= Lanes.width
            }
            lagging = Int(none.replacing(with: one, where: lags).wrappedSum())
        }
        // The finish rule, `isAtRest`'s operations lane by lane (for a `Double`, magnitudeSquared is
        // the square and the tolerance is (Δ·0.01)²); an animation at rest starts again toward the
        // opposite interval.
        let threshold = SIMD2<Double>(repeating: State.restThresholdSquared)
        let fraction = SIMD2<Double>(repeating: State.distanceFraction)
        i = block.lowerBound
        while i < block.upperBound {
            let xs = Lanes.load(x, i), vs = Lanes.load(v, i), Fs = Lanes.load(F, i), deltas = Lanes.load(delta, i)
            let slow = pointwiseMax(vs * vs, Fs * Fs) .<= threshold
            let scaled = deltas * fraction
            let tolerance = scaled * scaled
            let remaining = deltas - xs
            let atRest = slow .& ((tolerance .== 0) .| (remaining * remaining .<= tolerance))
            Lanes.store(xs.replacing(with: 0, where: atRest), x, i)
            Lanes.store(vs.replacing(with: 0, where: atRest), v, i)
            Lanes.store(Fs.replacing(with: 0, where: atRest), F, i)
            Lanes.store(Lanes.load(t, i).replacing(with: 0, where: atRest), t, i)
            Lanes.store(deltas.replacing(with: -deltas, where: atRest), delta, i)
            Lanes.store(Lanes.load(b, i).replacing(with: now, where: atRest), b, i)
            i &+= Lanes.width
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (offset.base[slot[index]], velocity.base[slot[index]])
    }

    func release() {
        for column in [offset, velocity, force, time, interval, begin] { column.free() }
    }
}

/// Two `Double`s as one `VectorArithmetic` value, so that SwiftUI's integrator step runs on two
/// animations at once: every operation is the lane-wise IEEE operation `Double` performs (`+`, `−`
/// and `scale(by:)`, a multiplication by the same scalar), so each lane's result is bit-identical
/// to the scalar step's. (`magnitudeSquared` is the whole vector's, as `VectorArithmetic` defines
/// it; the kernel never uses it on lanes.)
struct Lanes: VectorArithmetic {
    var lanes: SIMD2<Double>
    /// Animations per value: two, one SSE2 register.
    static let width = 2

    @inline(__always) init(_ lanes: SIMD2<Double>) { self.lanes = lanes }

    static var zero: Lanes { Lanes(.zero) }
    @inline(__always) static func + (a: Lanes, b: Lanes) -> Lanes { Lanes(a.lanes + b.lanes) }
    @inline(__always) static func - (a: Lanes, b: Lanes) -> Lanes { Lanes(a.lanes - b.lanes) }
    @inline(__always) static func += (a: inout Lanes, b: Lanes) { a.lanes += b.lanes }
    @inline(__always) static func -= (a: inout Lanes, b: Lanes) { a.lanes -= b.lanes }
    @inline(__always) mutating func scale(by rhs: Double) { lanes *= rhs }
    var magnitudeSquared: Double { (lanes * lanes).sum() }

    /// `width` consecutive `Double`s at `base + index`.
    @inline(__always)
    static func load(_ base: UnsafeMutablePointer<Double>, _ index: Int) -> SIMD2<Double> {
        UnsafeRawPointer(base + index).loadUnaligned(as: SIMD2<Double>.self)
    }

    @inline(__always)
    static func store(_ value: SIMD2<Double>, _ base: UnsafeMutablePointer<Double>, _ index: Int) {
        UnsafeMutableRawPointer(base + index).storeBytes(of: value, as: SIMD2<Double>.self)
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
            NaiveSwiftUISpringAnimation(response: response(i), dampingFraction: dampingFraction(i),
                                        interval: interval[i], begin: -phase[i])
        }
        // Object header 16, Animation box reference 8, interval, begin, value, velocity 32,
        // context (state reference + flag) 16, existential 16; plus the context's state storage
        // (two arrays and a box, ~150 bytes once the integrator has run).
        return NaiveKernel(animations: animations, frameInterval: frameInterval, stateBytesPerAnimation: 16 + 8 + 32 + 16 + 16 + 150)
    }
}
