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
/// (its per-spring transition matrices).
final class LimitSpringKernel: LimitKernel<FastSpringKernel>, FrameKernel, @unchecked Sendable {
    func advance(_ range: Range<Int>, to frame: Int) {
        let f = fast
        if avx2 {
            hooke_limit_spring_avx2(f.displacement.base, f.velocity.base, f.m11.base, f.m12.base, f.m21.base, f.m22.base,
                                    range.lowerBound, range.upperBound)
        } else {
            hooke_limit_spring_base(f.displacement.base, f.velocity.base, f.m11.base, f.m12.base, f.m21.base, f.m22.base,
                                    range.lowerBound, range.upperBound)
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

/// `floor`: the bytes `fast` moves per animation per frame — its columns read and its columns
/// written — streamed by `hooke_floor_*` (AVX2 where the CPU has it) with a maximum per column
/// and nothing else. The state it leaves means nothing.
final class FloorKernel: FrameKernel, @unchecked Sendable {
    let base: any FrameKernel
    let reads: UnsafeMutableBufferPointer<UnsafeMutablePointer<Double>?>
    let writes: UnsafeMutableBufferPointer<UnsafeMutablePointer<Double>?>
    var count: Int { base.count }
    var stateBytesPerAnimation: Int { base.stateBytesPerAnimation }

    /// Streams `read` and `written` of `base`'s columns (which `base` keeps and frees).
    init(_ base: any FrameKernel, reading read: [UnsafeMutablePointer<Double>], writing written: [UnsafeMutablePointer<Double>]) {
        self.base = base
        reads = .allocate(capacity: read.count)
        _ = reads.initialize(from: read.map { Optional($0) })
        writes = .allocate(capacity: written.count)
        _ = writes.initialize(from: written.map { Optional($0) })
    }

    /// The floor of `spring`'s `fast` kernel: reads d, v and the four matrix entries; writes d, v.
    convenience init(_ fast: FastSpringKernel) {
        self.init(fast, reading: [fast.displacement.base, fast.velocity.base, fast.m11.base, fast.m12.base,
                                  fast.m21.base, fast.m22.base],
                  writing: [fast.displacement.base, fast.velocity.base])
    }

    /// The floor of `swiftui-spring`'s `fast` kernel: reads and writes its six columns.
    convenience init(_ fast: FastSwiftUISpringKernel) {
        let columns = [fast.offset.base, fast.velocity.base, fast.force.base, fast.time.base, fast.interval.base, fast.begin.base]
        self.init(fast, reading: columns, writing: columns)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        if LimitISA.hasAVX2 {
            hooke_floor_avx2(reads.baseAddress, Int32(reads.count), writes.baseAddress, Int32(writes.count),
                             range.lowerBound, range.upperBound)
        } else {
            hooke_floor_base(reads.baseAddress, Int32(reads.count), writes.baseAddress, Int32(writes.count),
                             range.lowerBound, range.upperBound)
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { base.state(of: index) }

    func release() {
        base.release()
        reads.deallocate()
        writes.deallocate()
    }
}
