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

/// `fast` for `swiftui-spring`: SwiftUI's integrator stepped a register of animations at a time.
///
/// The population is grouped by preset once at set-up (each group padded to a multiple of
/// `laneAlignment` slots), so stiffness k and damping d are constants of the group, and
/// `Lanes.width` animations of a group are one `Lanes` value (two in the baseline build's SSE2
/// registers, four in an AVX build's; `Lanes.swift`): each step is a call of the rule's own step
/// function, `SpringIntegratorState<Lanes>.step` (inlined), whose operations on `Lanes` are, lane by
/// lane, exactly those on `Double` — the same multiplications and additions in the same order, no
/// FMA contraction (Swift does not contract, whatever the ISA). The clock rules are `advance`'s and
/// the finish rule is `SpringIntegratorState<Double>.isAtRest`'s operations lane by lane, so results
/// are bit-identical to the rule run one animation at a time (`KernelFactory.errors` and
/// `FrameKernelTests` check exactly 0).
///
/// A frame takes blocks of `blockSize` slots (6 columns × 8 B × 256 = 12 KiB, inside L1) through
/// passes over the block, so the population streams from memory once per frame and each pass is a
/// loop over independent vectors, bound by throughput (holding one vector in registers through all
/// its steps, as the C limit does, is bound by the latency of the step's chain of dependent operations):
/// 1. `startClocks`: which lanes lag their frame time (the clock rules rarely apply; only then is a clock written);
/// 2. rounds of one `step` while any lane lags: while every lane of the block lags, without selects
///    (the first two of the 2–3 rounds of a 120 Hz frame); else a lane that has reached its frame
///    time keeps its state (a select), and each lane that no longer lags meets the finish rule;
/// 3. `finish`, only when the last round stepped every lane (or there was none).
/// Branches are per block (which kind of round, whether another) or rare (a restart, about one
/// frame in a hundred per animation; a clock rule). Work is split between threads by whole vectors.
///
/// Layout (struct of arrays, 6 columns of `Double`, 48 bytes per slot): the integrator state
/// `offset`, `velocity`, `force`, `time` (the animation's own clock), the `interval` Δ and `begin`
/// (the frame time the current run started, on the frame clock); k and d per preset.
final class FastSwiftUISpringKernel: FrameKernel, @unchecked Sendable {
    typealias State = SpringIntegratorState<Double>
    typealias Vector = LaneVector
    let offset: Column<Double>, velocity: Column<Double>, force: Column<Double>, time: Column<Double>
    let interval: Column<Double>, begin: Column<Double>
    /// Slots, including the padding of each group to a multiple of `laneAlignment` (the runner splits these).
    let count: Int
    /// Slot of each animation.
    let slot: [Int]
    /// Each preset's slots and its k and d.
    let groups: [(slots: Range<Int>, stiffness: Double, damping: Double)]
    let frameInterval: Double
    var stateBytesPerAnimation: Int { 6 * MemoryLayout<Double>.stride }
    /// Groups start, and chunks are split, at multiples of this many slots: whole vectors for this
    /// kernel (two or four lanes) and for the C limit (four).
    static let laneAlignment = 4
    /// Slots per block (see the type's comment); a multiple of `laneAlignment`.
    static let blockSize = 256

    init(_ population: SwiftUISpringPopulation, frameInterval: Double) {
        self.frameInterval = frameInterval
        var order: [Int?] = []
        var groups: [(slots: Range<Int>, stiffness: Double, damping: Double)] = []
        for (k, preset) in SwiftUISpringPopulation.presets.enumerated() {
            let members = (0..<population.count).filter { population.preset[$0] == k }
            let start = order.count
            order += members.map { $0 }
            while order.count % Self.laneAlignment != 0 { order.append(nil) }
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

    /// The slots of `range` this kernel advances: a vector belongs to the chunk holding its first slot.
    static func wholeVectors(_ range: Range<Int>) -> Range<Int> {
        let w = laneAlignment
        return ((range.lowerBound + w - 1) / w * w)..<((range.upperBound + w - 1) / w * w)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * frameInterval
        let vectors = Self.wholeVectors(range)
        for group in groups {
            let slots = group.slots.clamped(to: vectors)
            var start = slots.lowerBound
            while start < slots.upperBound {
                let end = min(start + Self.blockSize, slots.upperBound)
                advanceBlock(start..<end, now: now, stiffness: group.stiffness, damping: group.damping)
                start = end
            }
        }
        blackHole(offset.base)
    }

    /// Whether any lane of a block lags its frame time, and whether every lane does.
    struct Lagging {
        var any: Bool, all: Bool
    }

    @inline(__always)
    private func advanceBlock(_ block: Range<Int>, now: Double, stiffness k: Double, damping d: Double) {
        var lagging = startClocks(block, now: now)
        var finished = false
        while lagging.any {
            if lagging.all {
                lagging = step(block, now: now, stiffness: k, damping: d, everyLaneLags: true)
                finished = false
            } else {
                lagging = step(block, now: now, stiffness: k, damping: d, everyLaneLags: false)
                finished = true
            }
        }
        if !finished { finish(block, now: now) }
    }

    /// Which lanes lag their frame time, after `advance`'s two clock rules. The rules rarely apply
    /// (a lag over `maximumGap`, a clock too large to advance): a first loop only looks for them,
    /// and only a block where one applies takes the second, which applies them and writes clocks.
    @inline(__always)
    private func startClocks(_ block: Range<Int>, now: Double) -> Lagging {
        let t = time.base, b = begin.base
        let nowLanes = Vector(repeating: now), h = Vector(repeating: State.step), gap = Vector(repeating: State.maximumGap)
        var some = LaneMask.noLanes, every = LaneMask.everyLane, rare = LaneMask.noLanes
        var i = block.lowerBound
        while i < block.upperBound {
            let target = nowLanes - Vector.load(b, i)
            let clock = Vector.load(t, i)
            rare |= (target - clock .> gap).bits | (clock + h .== clock).bits
            let lags = (clock .< target).bits
            some |= lags
            every &= lags
            i &+= Lanes.width
        }
        if _fastPath(!rare.anySet) { return Lagging(any: some.anySet, all: every.allSet) }
        (some, every) = (LaneMask.noLanes, LaneMask.everyLane)
        i = block.lowerBound
        while i < block.upperBound {
            let target = nowLanes - Vector.load(b, i)
            var clock = Vector.load(t, i)
            clock = Vector.select((target - clock .> gap).bits, target - Vector(repeating: 1.0 / 60.0), clock)
            clock = Vector.select((clock .< target).bits & (clock + h .== clock).bits, target, clock)
            clock.store(t, i)
            let lags = (clock .< target).bits
            some |= lags
            every &= lags
            i &+= Lanes.width
        }
        return Lagging(any: some.anySet, all: every.allSet)
    }

    /// One round: a step of each lane that lags its frame time (the others keep their state); which
    /// lanes will still lag after it. `everyLaneLags` (a constant at each call) is the common round,
    /// without selects or the finish rule; otherwise the finish rule follows for every lane that no
    /// longer lags (a lane that stopped lagging in an earlier round is judged again on the same
    /// state, with the same outcome: a restarted lane, at offset 0 of a non-zero interval, is not at rest).
    @inline(__always)
    private func step(_ block: Range<Int>, now: Double, stiffness k: Double, damping d: Double, everyLaneLags: Bool) -> Lagging {
        let x = offset.base, v = velocity.base, F = force.base, t = time.base, delta = interval.base, b = begin.base
        let nowLanes = Vector(repeating: now), h = Vector(repeating: State.step)
        var some = LaneMask.noLanes, every = LaneMask.everyLane
        var i = block.lowerBound
        while i < block.upperBound {
            let clock = Vector.load(t, i), begins = Vector.load(b, i), deltas = Vector.load(delta, i)
            let target = nowLanes - begins
            let active = everyLaneLags ? LaneMask.everyLane : (clock .< target).bits
            let before = (x: Vector.load(x, i), v: Vector.load(v, i), F: Vector.load(F, i))
            var xs = Lanes(before.x), vs = Lanes(before.v), Fs = Lanes(before.F)
            SpringIntegratorState<Lanes>.step(offset: &xs, velocity: &vs, force: &Fs,
                                              interval: Lanes(deltas), stiffness: k, damping: d)
            let next = clock + h
            let lags = active & (next .< target).bits
            if everyLaneLags {
                store(i, (xs.lanes, vs.lanes, Fs.lanes, next))
            } else {
                let state = (x: Vector.select(active, xs.lanes, before.x), v: Vector.select(active, vs.lanes, before.v),
                             F: Vector.select(active, Fs.lanes, before.F), t: Vector.select(active, next, clock))
                let atRest = ~lags & Self.isAtRest(state.x, state.v, state.F, interval: deltas)
                if _slowPath(atRest.anySet) {
                    restart(i, where: atRest, state, interval: deltas, begin: begins, now: nowLanes)
                } else {
                    store(i, state)
                }
            }
            some |= lags
            every &= lags
            i &+= Lanes.width
        }
        return Lagging(any: some.anySet, all: every.allSet)
    }

    /// The finish rule on its own, for a block whose last round stepped every lane (or that
    /// needed no step).
    @inline(__always)
    private func finish(_ block: Range<Int>, now: Double) {
        let x = offset.base, v = velocity.base, F = force.base, t = time.base, delta = interval.base, b = begin.base
        var i = block.lowerBound
        while i < block.upperBound {
            let state = (x: Vector.load(x, i), v: Vector.load(v, i), F: Vector.load(F, i), t: Vector.load(t, i))
            let deltas = Vector.load(delta, i)
            restart(i, where: Self.isAtRest(state.x, state.v, state.F, interval: deltas), state,
                    interval: deltas, begin: Vector.load(b, i), now: Vector(repeating: now))
            i &+= Lanes.width
        }
    }

    /// `isAtRest`'s operations lane by lane: for a `Double`, magnitudeSquared is the square,
    /// `Swift.max(a, b)` is `b >= a ? b : a`, and the tolerance is (Δ·0.01)².
    @inline(__always)
    private static func isAtRest(_ x: Vector, _ v: Vector, _ F: Vector, interval delta: Vector) -> LaneMask {
        let v2 = v * v, F2 = F * F
        let slow = (Vector.select((F2 .>= v2).bits, F2, v2) .<= Vector(repeating: State.restThresholdSquared)).bits
        let scaled = delta * Vector(repeating: State.distanceFraction)
        let tolerance = scaled * scaled
        let remaining = delta - x
        return slow & ((tolerance .== Vector.zero).bits | (remaining * remaining .<= tolerance).bits)
    }

    /// Stores lanes `i…` of the integrator state.
    @inline(__always)
    private func store(_ i: Int, _ state: (x: Vector, v: Vector, F: Vector, t: Vector)) {
        state.x.store(offset.base, i)
        state.v.store(velocity.base, i)
        state.F.store(force.base, i)
        state.t.store(time.base, i)
    }

    /// Stores lanes `i…` of the state; a lane at rest starts again toward the opposite interval
    /// from this frame (offset, velocity, force and clock 0).
    @inline(__always)
    private func restart(_ i: Int, where atRest: LaneMask, _ state: (x: Vector, v: Vector, F: Vector, t: Vector),
                         interval deltas: Vector, begin: Vector, now: Vector) {
        Vector.select(atRest, .zero, state.x).store(offset.base, i)
        Vector.select(atRest, .zero, state.v).store(velocity.base, i)
        Vector.select(atRest, .zero, state.F).store(force.base, i)
        Vector.select(atRest, .zero, state.t).store(time.base, i)
        Vector.select(atRest, -deltas, deltas).store(interval.base, i)
        Vector.select(atRest, now, begin).store(self.begin.base, i)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (offset.base[slot[index]], velocity.base[slot[index]])
    }

    func release() {
        for column in [offset, velocity, force, time, interval, begin] { column.free() }
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
