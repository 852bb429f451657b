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
        // Whole lanes, as the Swift kernel splits them: a lane belongs to the chunk holding its first slot.
        let w = Lanes.width
        let lanes = ((range.lowerBound + w - 1) / w * w)..<((range.upperBound + w - 1) / w * w)
        for group in f.groups {
            let slots = group.slots.clamped(to: lanes)
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

/// `limit` and `limit-avx2` for `curve`: `hooke_limit_curve_*` per kind group on `FastCurveKernel`'s
/// columns, four slots per vector; lanes the fast Bézier solve does not accept are bisected in C.
final class LimitCurveKernel: LimitKernel<FastCurveKernel>, FrameKernel, @unchecked Sendable {
    /// The column addresses, built once (the C kernels take them as one struct).
    private let columns: UnsafeMutablePointer<hooke_curve_columns>

    override init(_ fast: FastCurveKernel, avx2: Bool) {
        columns = .allocate(capacity: 1)
        let c = fast.columns
        columns.initialize(to: hooke_curve_columns(
            duration: c.duration, interval: c.interval, begin: c.begin, value: c.value, velocity: c.velocity,
            x1: fast.x1.base, x2: fast.x2.base, y1: fast.y1.base, y2: fast.y2.base, px1: fast.px1.base, px2: fast.px2.base,
            q0: fast.q0.base, q1: fast.q1.base, q2: fast.q2.base, q3: fast.q3.base, q4: fast.q4.base, q5: fast.q5.base,
            q6: fast.q6.base))
        super.init(fast, avx2: avx2)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * fast.frameInterval
        // Whole pairs, as the Swift kernel splits them: a pair belongs to the chunk holding its first slot.
        let pairs = ((range.lowerBound + 1) & ~1)..<((range.upperBound + 1) & ~1)
        for group in fast.groups {
            let slots = group.slots.clamped(to: pairs)
            guard !slots.isEmpty else { continue }
            if avx2 {
                hooke_limit_curve_avx2(columns, Int32(group.kind.rawValue), now, slots.lowerBound, slots.upperBound)
            } else {
                hooke_limit_curve_base(columns, Int32(group.kind.rawValue), now, slots.lowerBound, slots.upperBound)
            }
        }
    }

    override func release() {
        columns.deallocate()
        super.release()
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

    /// The floor of `curve`'s `fast` kernel: every slot reads duration, interval and begin and writes
    /// value, velocity, interval and begin; Bézier slots (the first group) also read their 13
    /// coefficient columns.
    convenience init(_ fast: FastCurveKernel) {
        let c = fast.columns
        let perSlot = [c.duration, c.interval, c.begin], written = [c.value, c.velocity, c.interval, c.begin]
        let bezier = [fast.x1, fast.x2, fast.y1, fast.y2, fast.px1, fast.px2, fast.q0, fast.q1, fast.q2, fast.q3,
                      fast.q4, fast.q5, fast.q6].map(\.base)
        self.init(fast, parts: [(fast.bezierCount, perSlot + bezier, written), (fast.count, perSlot, written)])
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
