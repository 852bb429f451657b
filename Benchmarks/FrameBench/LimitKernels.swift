import CLimitKernels

// The strategies that measure the machine rather than Hooke (`Strategy.limits`): hand-written C
// kernels (Benchmarks/CLimitKernels) run on the very columns the `fast` kernel builds from the same
// population, so they start from the same state, do the same work per animation and present the
// same outputs (`state(of:)` is `fast`'s). `limit` calls the C body compiled for the build's ISA,
// `limit-avx2` the same body compiled for AVX2, `floor` only streams `fast`'s bytes.

/// What this CPU can run of the C kernels.
enum LimitISA {
    /// Whether the CPU and OS run AVX2 and FMA code (cpuid and XGETBV, checked once).
    static let hasAVX2 = hooke_limit_has_avx2() != 0
}

/// A C limit kernel over the columns of `fast` (which it builds, presents and frees): subclasses
/// only advance.
class LimitKernel<Fast: FrameKernel>: @unchecked Sendable {
    let fast: Fast
    /// Whether to call the AVX2 build of the C body (else the build's ISA).
    let avx2: Bool
    var count: Int { fast.count }
    var stateBytesPerAnimation: Int { fast.stateBytesPerAnimation }

    init(_ fast: Fast, avx2: Bool) {
        self.fast = fast
        self.avx2 = avx2
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { fast.state(of: index) }
    func release() { fast.release() }
}

/// `limit` and `limit-avx2` for `spring`: `hooke_limit_spring_*` on `FastSpringKernel`'s columns
/// (the (d, v) pairs, the preset indices and the table of shared transitions by columns).
final class LimitSpringKernel: LimitKernel<FastSpringKernel>, FrameKernel, @unchecked Sendable {
    var bytesMovedPerAnimation: Int? { fast.bytesMovedPerAnimation }

    func advance(_ range: Range<Int>, to frame: Int) {
        let f = fast
        let state = UnsafeMutableRawPointer(f.state.base).assumingMemoryBound(to: Double.self)
        let table = UnsafeRawPointer(f.transitions.base).assumingMemoryBound(to: Double.self)
        if avx2 {
            hooke_limit_spring_avx2(state, f.preset.base, table, range.lowerBound, range.upperBound)
        } else {
            hooke_limit_spring_base(state, f.preset.base, table, range.lowerBound, range.upperBound)
        }
    }
}

/// `limit` and `limit-avx2` for `swiftui-spring`: `hooke_limit_swiftui_spring_*` per preset group
/// on `FastSwiftUISpringKernel`'s columns, four animations per vector held in registers through
/// all of a frame's steps.
final class LimitSwiftUISpringKernel: LimitKernel<FastSwiftUISpringKernel>, FrameKernel, @unchecked Sendable {
    func advance(_ range: Range<Int>, to frame: Int) {
        let f = fast
        let now = Double(frame) * f.frameInterval
        // Whole vectors, as the Swift kernel splits them.
        for group in f.groups {
            let slots = group.slots.clamped(to: FastSwiftUISpringKernel.wholeVectors(range))
            guard !slots.isEmpty else { continue }
            if avx2 {
                hooke_limit_swiftui_spring_avx2(f.offset.base, f.velocity.base, f.force.base, f.time.base, f.interval.base,
                                                f.begin.base, now, group.stiffness, group.damping,
                                                slots.lowerBound, slots.upperBound)
            } else {
                hooke_limit_swiftui_spring_base(f.offset.base, f.velocity.base, f.force.base, f.time.base, f.interval.base,
                                                f.begin.base, now, group.stiffness, group.damping,
                                                slots.lowerBound, slots.upperBound)
            }
        }
    }
}

/// `limit` and `limit-avx2` for `curve`: `hooke_limit_curve_*` per kind group, four slots per
/// vector; lanes the fast Bézier solve does not accept are solved in C (Newton inside a bracket).
/// Its own layout, built from the same population (the `fast` kernel's changes with its
/// optimisations): slots grouped by kind (Béziers, linear, the three circular curves), each group
/// padded to a multiple of four; per slot duration, interval, begin, value, velocity; per Bézier
/// slot x1, x2, y1, y2, the derivative coefficients and the samples of x at s = 1/8 … 7/8 (13
/// columns; SwiftUI's three Bézier presets are Béziers like any other here).
final class LimitCurveKernel: FrameKernel, @unchecked Sendable {
    /// `hooke_curve_columns`' kinds, in order.
    static let kinds: [@Sendable (CurveShape) -> Bool] = [
        { if case .bezier = $0 { return true } else { return false } },
        { $0 == .linear }, { $0 == .circularEaseIn }, { $0 == .circularEaseOut }, { $0 == .circularEaseInOut },
    ]
    let count: Int
    let frameInterval: Double
    let avx2: Bool
    let slot: [Int]
    let groups: [(kind: Int32, slots: Range<Int>)]
    /// duration, interval, begin, value, velocity (per slot), then the 13 Bézier columns (per Bézier slot).
    let perSlot: [Column<Double>], bezier: [Column<Double>]
    private let columns: UnsafeMutablePointer<hooke_curve_columns>
    var stateBytesPerAnimation: Int { 5 * 8 + 13 * 8 * (groups[0].slots.count) / max(count, 1) }

    init(_ population: CurvePopulation, frameInterval: Double, avx2: Bool) {
        self.frameInterval = frameInterval
        self.avx2 = avx2
        var order: [Int?] = []
        var groups: [(kind: Int32, slots: Range<Int>)] = []
        for (k, isKind) in Self.kinds.enumerated() {
            let start = order.count
            order += population.shapes.indices.filter { isKind(population.shapes[$0]) }.map { $0 }
            while order.count % 4 != 0 { order.append(nil) }
            groups.append((Int32(k), start..<order.count))
        }
        self.groups = groups
        count = order.count
        var slot = [Int](repeating: 0, count: population.count)
        for (position, index) in order.enumerated() { if let index { slot[index] = position } }
        self.slot = slot
        // Padding slots run a one-second animation of interval 1 that nobody reads.
        perSlot = [
            Column(count: count) { order[$0].map { population.duration[$0] } ?? 1 },
            Column(count: count) { order[$0].map { population.interval[$0] } ?? 1 },
            Column(count: count) { order[$0].map { -population.phase[$0] } ?? 0 },
            Column(repeating: 0, count: count), Column(repeating: 0, count: count),
        ]
        let beziers = groups[0].slots.count
        // x1, x2, y1, y2, px1, px2 (x'(s) = 3·x1 + s·(px1 + s·px2)), x at s = k/8: the coefficients
        // `CubicTimingBezier` forms, x clamped to [0, 1] as `UnitCurve.bezier` clamps it.
        let coefficients: [[Double]] = (0..<max(beziers, 1)).map { i in
            var (x1, y1, x2, y2) = (0.42, 0.0, 0.58, 1.0)
            if i < beziers, let index = order[i], case .bezier(let a, let b, let c, let d) = population.shapes[index] {
                (x1, y1, x2, y2) = (min(max(a, 0), 1), b, min(max(c, 0), 1), d)
            }
            let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
            let samples = (1...7).map { k -> Double in
                let s = Double(k) * 0.125, t = 1 - s
                return s * (3 * t * (t * x1 + s * x2) + s * s)
            }
            return [x1, x2, y1, y2, 2 * bx, 3 * ax] + samples
        }
        bezier = (0..<13).map { k in Column(count: coefficients.count) { coefficients[$0][k] } }
        let c = perSlot.map(\.base), b = bezier.map { UnsafePointer($0.base) }
        columns = .allocate(capacity: 1)
        columns.initialize(to: hooke_curve_columns(
            duration: c[0], interval: c[1], begin: c[2], value: c[3], velocity: c[4],
            x1: b[0], x2: b[1], y1: b[2], y2: b[3], px1: b[4], px2: b[5],
            q0: b[6], q1: b[7], q2: b[8], q3: b[9], q4: b[10], q5: b[11], q6: b[12]))
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * frameInterval
        // Whole vectors of four: one belongs to the chunk holding its first slot.
        let vectors = ((range.lowerBound + 3) & ~3)..<((range.upperBound + 3) & ~3)
        for group in groups {
            let slots = group.slots.clamped(to: vectors)
            guard !slots.isEmpty else { continue }
            if avx2 {
                hooke_limit_curve_avx2(columns, group.kind, now, slots.lowerBound, slots.upperBound)
            } else {
                hooke_limit_curve_base(columns, group.kind, now, slots.lowerBound, slots.upperBound)
            }
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (perSlot[3].base[slot[index]], perSlot[4].base[slot[index]])
    }

    func release() {
        for column in perSlot + bezier { column.free() }
        columns.deallocate()
    }
}

/// `limit` and `limit-avx2` for `keyframes`: `hooke_limit_keyframes_*` per run of `fast`'s
/// (`FastKeyframesKernel.forEachRun`: the slots of one timeline in one segment at this frame,
/// contiguous) on its columns (phase, value, velocity; from its frame-0 state), with its segments'
/// constants as C structs built once: four contiguous slots per vector, springs stepped by the same
/// one-frame transition; Bézier lanes the fast solve does not accept go to C's Newton-in-a-bracket,
/// the others are `fast`'s operations.
final class LimitKeyframesKernel: LimitKernel<FastKeyframesKernel>, FrameKernel, @unchecked Sendable {
    let segments: UnsafeMutableBufferPointer<hooke_keyframe_segment>
    let clocks: UnsafeMutableBufferPointer<hooke_loop_clock>

    override init(_ fast: FastKeyframesKernel, avx2: Bool) {
        segments = .allocate(capacity: fast.segments.count)
        _ = segments.initialize(from: fast.segments.map(Self.segment))
        clocks = .allocate(capacity: fast.timelines.count)
        _ = clocks.initialize(from: fast.timelines.map {
            hooke_loop_clock(duration: $0.clock.duration, inverse: $0.clock.inverse, high: $0.clock.high, low: $0.clock.low)
        })
        super.init(fast, avx2: avx2)
    }

    /// A segment's constants as the C kernel reads them.
    static func segment(_ s: FastKeyframesKernel.Segment) -> hooke_keyframe_segment {
        let kind: Int32
        switch s.kind {
        case .linear: kind = Int32(HOOKE_KEYFRAME_LINEAR)
        case .bezier: kind = Int32(HOOKE_KEYFRAME_BEZIER)
        case .cubic: kind = Int32(HOOKE_KEYFRAME_CUBIC)
        case .spring: kind = Int32(HOOKE_KEYFRAME_SPRING)
        case .curve: preconditionFailure("LimitKeyframesKernel: a timing curve that is neither linear nor a Bézier")
        }
        var c = hooke_keyframe_segment()
        c.kind = kind
        (c.start, c.inverse_duration, c.origin, c.a, c.b, c.c) = (s.start, s.inverseDuration, s.origin, s.a, s.b, s.c)
        (c.target, c.decay, c.angular) = (s.target, s.spring.decayConstant, s.spring.angularFrequency)
        c.natural_squared = s.spring.naturalFrequency * s.spring.naturalFrequency
        (c.m11, c.m12, c.m21, c.m22) = (s.step.m11, s.step.m12, s.step.m21, s.step.m22)
        let l = s.lanes
        let bezier = [l.x1, l.x2, l.px1, l.px2, l.y1, l.y2, l.q0, l.q1, l.q2, l.q3, l.q4, l.q5, l.q6].map { $0[0] }
        withUnsafeMutableBytes(of: &c.bezier) { bytes in
            for (k, x) in bezier.enumerated() { bytes.storeBytes(of: x, toByteOffset: k * 8, as: Double.self) }
        }
        return c
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let f = fast, avx2 = avx2
        let now = Double(frame) * f.frameInterval
        let p = f.phase.base, y = f.value.base, v = f.velocity.base
        for g in f.groups.indices {
            let group = f.groups[g]
            let timeline = f.timelines[group.timeline]
            let clock = UnsafePointer(clocks.baseAddress! + group.timeline)
            f.forEachRun(timeline, group.slots.clamped(to: range), time: now, p) { k, run in
                let segment = UnsafePointer(segments.baseAddress! + (timeline.first + k))
                if avx2 {
                    hooke_limit_keyframes_avx2(segment, clock, p, y, v, now, f.stepping, run.lowerBound, run.upperBound)
                } else {
                    hooke_limit_keyframes_base(segment, clock, p, y, v, now, f.stepping, run.lowerBound, run.upperBound)
                }
            }
        }
    }

    override func release() {
        super.release()
        segments.deallocate()
        clocks.deallocate()
    }
}

/// `floor`: the bytes `fast` moves per animation per frame — its columns read and its columns
/// written — streamed by `hooke_floor_*` (AVX2 where the CPU has it) with a maximum per column
/// and nothing else. The state it leaves means nothing.
final class FloorKernel: FrameKernel, @unchecked Sendable {
    /// The columns read and written by the slots below `end` (and at or above the previous part's end).
    struct Part {
        var end: Int
        var reads: UnsafeMutableBufferPointer<UnsafeMutablePointer<Double>?>
        var writes: UnsafeMutableBufferPointer<UnsafeMutablePointer<Double>?>
    }
    let base: any FrameKernel
    let parts: [Part]
    var count: Int { base.count }
    var stateBytesPerAnimation: Int { base.stateBytesPerAnimation }

    /// Streams, for each part, `read` and `written` of `base`'s columns (which `base` keeps and
    /// frees) over the slots up to `end`.
    init(_ base: any FrameKernel, parts: [(end: Int, read: [UnsafeMutablePointer<Double>], written: [UnsafeMutablePointer<Double>])]) {
        self.base = base
        self.parts = parts.map { part in
            let reads = UnsafeMutableBufferPointer<UnsafeMutablePointer<Double>?>.allocate(capacity: part.read.count)
            _ = reads.initialize(from: part.read.map { Optional($0) })
            let writes = UnsafeMutableBufferPointer<UnsafeMutablePointer<Double>?>.allocate(capacity: part.written.count)
            _ = writes.initialize(from: part.written.map { Optional($0) })
            return Part(end: part.end, reads: reads, writes: writes)
        }
    }

    convenience init(_ base: any FrameKernel, reading read: [UnsafeMutablePointer<Double>], writing written: [UnsafeMutablePointer<Double>]) {
        self.init(base, parts: [(base.count, read, written)])
    }

    /// The floor of `swiftui-spring`'s `fast` kernel: reads and writes its six columns.
    convenience init(_ fast: FastSwiftUISpringKernel) {
        let columns = [fast.offset.base, fast.velocity.base, fast.force.base, fast.time.base, fast.interval.base, fast.begin.base]
        self.init(fast, reading: columns, writing: columns)
    }

    /// The floor of `keyframes`: reads phase, value and velocity (springs step from their stored
    /// state) and writes value and velocity.
    convenience init(_ fast: FastKeyframesKernel) {
        let columns = [fast.phase.base, fast.value.base, fast.velocity.base]
        self.init(fast, reading: columns, writing: [fast.value.base, fast.velocity.base])
    }

    /// The floor of `curve`: every slot reads duration, interval and begin and writes value,
    /// velocity, interval and begin; Bézier slots (the first group) also read their 13 coefficient
    /// columns. On the C limit's layout (the bytes `fast` moves too, less its shared presets).
    convenience init(_ limit: LimitCurveKernel) {
        let c = limit.perSlot.map(\.base)
        let perSlot = [c[0], c[1], c[2]], written = [c[3], c[4], c[1], c[2]]
        self.init(limit, parts: [(limit.groups[0].slots.count, perSlot + limit.bezier.map(\.base), written),
                                 (limit.count, perSlot, written)])
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        var start = range.lowerBound
        for part in parts where start < range.upperBound && start < part.end {
            let end = min(part.end, range.upperBound)
            let reads = part.reads, writes = part.writes
            if LimitISA.hasAVX2 {
                hooke_floor_avx2(reads.baseAddress, Int32(reads.count), writes.baseAddress, Int32(writes.count), start, end)
            } else {
                hooke_floor_base(reads.baseAddress, Int32(reads.count), writes.baseAddress, Int32(writes.count), start, end)
            }
            start = end
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { base.state(of: index) }

    func release() {
        base.release()
        for part in parts {
            part.reads.deallocate()
            part.writes.deallocate()
        }
    }
}
