import AnimationMath
import HookeSupport

/// The `keyframes` workload: looping keyframe timelines (`KeyframeTimeline<Double>`, as a repeating
/// `KeyframeAnimator` plays them), each animation at a random phase of one of a few shared
/// timelines that mix linear (with timing curves), cubic, spring and move keyframes. Frame time t
/// shows the timeline at (phase + t) mod duration.
public struct KeyframesPopulation: Sendable {
    /// The timelines the population draws from (an app shares a handful of keyframe definitions).
    public static let timelines: [KeyframeTimeline<Double>] = [
        KeyframeTimeline(initialValue: 0, keyframes: [
            .linear(LinearKeyframe(100, duration: 0.3, timingCurve: .easeInOut)),
            .spring(SpringKeyframe(40, duration: 0.5, spring: .bouncy)),
            .cubic(CubicKeyframe(0, duration: 0.4)),
        ]),
        KeyframeTimeline(initialValue: 1, keyframes: [
            .cubic(CubicKeyframe(1.5, duration: 0.2)),
            .cubic(CubicKeyframe(0.8, duration: 0.25)),
            .cubic(CubicKeyframe(1, duration: 0.3)),
        ]),
        KeyframeTimeline(initialValue: -50, keyframes: [
            .move(MoveKeyframe(-20)),
            .linear(LinearKeyframe(80, duration: 0.6, timingCurve: .easeOut)),
            .spring(SpringKeyframe(-50, duration: 0.8, spring: .snappy)),
        ]),
        KeyframeTimeline(initialValue: 0, keyframes: [
            .spring(SpringKeyframe(360, duration: 1.0, spring: .smooth)),
            .linear(LinearKeyframe(0, duration: 0.5)),
        ]),
    ]

    public var timelineIndex: [Int]
    public var phase: [Double]

    public var count: Int { timelineIndex.count }

    public init(count: Int, seed: UInt64 = 0x4B65_7966_7261_6D65) {
        var random = SplitMix64(seed: seed)
        timelineIndex = []; phase = []
        for _ in 0..<count {
            let index = Int(random.next() % UInt64(Self.timelines.count))
            timelineIndex.append(index)
            phase.append(random.uniform(0, Self.timelines[index].duration))
        }
    }

    /// The timeline time shown at frame time `time` by an animation at `phase`.
    @inline(__always)
    static func localTime(_ timeline: KeyframeTimeline<Double>, phase: Double, time: Double) -> Double {
        (phase + time).truncatingRemainder(dividingBy: timeline.duration)
    }
}

/// `fast` for `keyframes`: the population grouped by timeline once at set-up (each timeline's
/// segments are constants of its group), then, a block of `blockSize` animations at a time, two
/// loops. The first finds each animation's time in its loop (`LoopClock.wrap`: fmod's exact result
/// in a few multiplications instead of glibc's bit loop) and its segment (comparisons with the
/// segment starts), keeps the time within the segment in `value`, and lists the animation under
/// its segment. The second evaluates each segment's list with that segment's constants and no
/// switch per animation: cubic (Hermite, Horner's rule) and linear segments four at a time
/// (`SIMD4`), timing-curve Béziers through `BezierLanes` (the model's fast path, the model for the
/// rest), springs through the model's `Spring.valueAndVelocity` (glibc's exp, sin and cos, as
/// naive). Every operation is the model's (`KeyframeSegment.valueAndVelocity`), in the same order,
/// so consistency with `naive` is exactly 0.
///
/// Assumes nothing beyond the workload: each frame is evaluated from the frame time, so the frame
/// interval may vary; keyframe timelines are not retargeted by definition.
///
/// Layout (struct of arrays, slots in timeline order, `slot[i]` maps animation i to its slot):
/// phase, value, velocity: 24 bytes per animation; the timelines' segments are shared.
final class FastKeyframesKernel: FrameKernel, @unchecked Sendable {
    typealias Quad = SIMD4<Double>
    /// One timeline's constants: its clock and its segments.
    struct Timeline {
        let clock: LoopClock
        let segments: [Segment]
        /// Start times of the segments (the first is 0).
        let starts: [Double]
        /// Start times of segments 1, 2, 3, +∞ for those the timeline does not have: the segment
        /// of a time is the number of these it has reached (three comparisons, no loop).
        let bounds: (Double, Double, Double)
    }
    /// A segment's constants, its evaluation chosen once here rather than per animation.
    struct Segment {
        enum Kind {
            /// The `linear` timing curve: progress clamped.
            case linear
            case bezier(BezierLanes, UnitCurve)
            /// Any other timing curve, through the model.
            case curve(UnitCurve)
            case cubic
            case spring(Spring)
        }
        let kind: Kind
        let start: Double, inverseDuration: Double
        let origin: Double, a: Double, b: Double, c: Double
    }
    let timelines: [Timeline]
    let groups: [(timeline: Int, slots: Range<Int>)]
    let slot: [Int]
    let phase: Column<Double>, value: Column<Double>, velocity: Column<Double>
    let count: Int
    let frameInterval: Double
    var stateBytesPerAnimation: Int { 3 * 8 }
    /// Animations per block (its lists are 2 KiB of stack), and the most segments a timeline may have.
    static let blockSize = 128
    static let maximumSegments = 4

    init(_ population: KeyframesPopulation, frameInterval: Double) {
        self.frameInterval = frameInterval
        timelines = KeyframesPopulation.timelines.map { timeline in
            let segments = timeline.track.segments.map { segment in
                let kind: Segment.Kind
                switch segment.kind {
                case .cubic: kind = .cubic
                case .spring(let spring): kind = .spring(spring)
                case .linear(let curve):
                    if curve == .linear {
                        kind = .linear
                    } else if let p1 = curve.startControlPoint, let p2 = curve.endControlPoint {
                        kind = .bezier(BezierLanes(x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y), curve)
                    } else {
                        kind = .curve(curve)
                    }
                }
                return Segment(kind: kind, start: segment.start, inverseDuration: segment.inverseDuration,
                               origin: segment.origin, a: segment.a, b: segment.b, c: segment.c)
            }
            precondition(segments.count <= Self.maximumSegments && !segments.isEmpty,
                         "FastKeyframesKernel: a timeline has \(segments.count) segments (1…\(Self.maximumSegments))")
            let bounds = segments.dropFirst().map(\.start) + Array(repeating: .infinity, count: Self.maximumSegments - segments.count)
            return Timeline(clock: LoopClock(duration: timeline.duration), segments: segments,
                            starts: segments.map(\.start), bounds: (bounds[0], bounds[1], bounds[2]))
        }
        var order: [Int] = []
        var groups: [(timeline: Int, slots: Range<Int>)] = []
        for t in timelines.indices {
            let start = order.count
            order += (0..<population.count).filter { population.timelineIndex[$0] == t }
            groups.append((t, start..<order.count))
        }
        self.groups = groups
        count = order.count
        var slot = [Int](repeating: 0, count: count)
        for (position, index) in order.enumerated() { slot[index] = position }
        self.slot = slot
        phase = Column(count: count) { population.phase[order[$0]] }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
    }

    /// The lists of one block: for each segment, the block's animations in it (offsets from the
    /// block's first slot), on the stack.
    struct Lists {
        var storage = (SIMD64<Int32>(), SIMD64<Int32>(), SIMD64<Int32>(), SIMD64<Int32>(),
                       SIMD64<Int32>(), SIMD64<Int32>(), SIMD64<Int32>(), SIMD64<Int32>())
        /// Each list's length (an `Int` each, not lanes of one vector: a lane written and the
        /// whole vector read back stalls store forwarding, once per animation).
        var counts = (0, 0, 0, 0)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let time = Double(frame) * frameInterval
        let y = value.base, v = velocity.base, p = phase.base
        var lists = Lists()
        withUnsafeMutableBytes(of: &lists.storage) { storage in
          withUnsafeMutableBytes(of: &lists.counts) { countBytes in
            let list = storage.baseAddress!.assumingMemoryBound(to: Int32.self)
            let counts = countBytes.baseAddress!.assumingMemoryBound(to: Int.self)
            timelines.withUnsafeBufferPointer { timelines in
                // Indices, not `for group in groups`: a debug build's array iterator allocates a
                // coroutine frame per element.
                for g in groups.indices {
                    let group = groups[g]
                    let slots = group.slots.clamped(to: range)
                    let timeline = timelines[group.timeline]
                    var start = slots.lowerBound
                    while start < slots.upperBound {
                        let end = min(start + Self.blockSize, slots.upperBound)
                        // Loop 1: time in the loop, segment, time in the segment (kept in `value`).
                        counts.update(repeating: 0, count: Self.maximumSegments)
                        timeline.starts.withUnsafeBufferPointer { starts in
                            let clock = timeline.clock, (b1, b2, b3) = timeline.bounds
                            for i in start..<end {
                                let local = clock.wrap(p[i] + time)
                                let k = (local >= b1 ? 1 : 0) &+ (local >= b2 ? 1 : 0) &+ (local >= b3 ? 1 : 0)
                                y[i] = local - starts[k]
                                list[k &* Self.blockSize &+ counts[k]] = Int32(truncatingIfNeeded: i &- start)
                                counts[k] &+= 1
                            }
                        }
                        // Loop 2: each segment's list with its constants.
                        timeline.segments.withUnsafeBufferPointer { segments in
                            for k in segments.indices {
                                evaluate(segments[k], list + k &* Self.blockSize, count: counts[k], base: start, y, v)
                            }
                        }
                        start = end
                    }
                }
            }
          }
        }
        blackHole(y)
    }

    /// Evaluates `segment` for the `count` animations `base + list[0..<count]`, whose time within the
    /// segment is in `y`: `KeyframeSegment.valueAndVelocity`'s operations.
    @inline(__always)
    private func evaluate(_ segment: Segment, _ list: UnsafeMutablePointer<Int32>, count: Int, base: Int,
                          _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>) {
        let inverse = segment.inverseDuration, origin = segment.origin, a = segment.a
        switch segment.kind {
        case .cubic:
            let b = Quad(repeating: segment.b), c = Quad(repeating: segment.c)
            quads(list, count: count, base: base, y, v) { e in
                let s = e * inverse
                var x = c * s
                x += b
                x *= s
                x += a
                x *= s
                var rate = c * (3 * s)
                rate += b * 2
                rate *= s
                rate += a
                rate *= inverse
                return (origin + x, rate)
            }
        case .linear:
            quads(list, count: count, base: base, y, v) { e in
                let s = BezierLanes.clamp(e * inverse)
                return (origin + a * s, Quad(repeating: a * (1 * inverse)))
            }
        case .bezier(let lanes, let curve):
            quads(list, count: count, base: base, y, v) { e in
                let s = e * inverse
                let (guess, low) = lanes.guess(s)
                var (shape, slope, solved) = lanes.solve(s, guess: guess, low: low)
                if !all(solved) {
                    for lane in 0..<4 where !solved[lane] {
                        (shape[lane], slope[lane]) = curve.valueAndVelocity(at: s[lane])
                    }
                }
                return (origin + a * shape, a * (slope * inverse))
            }
        case .curve(let curve):
            for n in 0..<count {
                let i = base &+ Int(list[n])
                let point = curve.valueAndVelocity(at: y[i] * inverse)
                (y[i], v[i]) = (origin + a * point.value, a * (point.velocity * inverse))
            }
        case .spring(let spring):
            for n in 0..<count {
                let i = base &+ Int(list[n])
                let motion = spring.valueAndVelocity(target: a, initialVelocity: segment.b, time: y[i])
                (y[i], v[i]) = (origin + motion.value, motion.velocity)
            }
        }
    }

    /// `body` on the listed animations four at a time (the last one repeated into the lanes past
    /// the end): time within the segment in, value and velocity out.
    @inline(__always)
    private func quads(_ list: UnsafeMutablePointer<Int32>, count: Int, base: Int, _ y: UnsafeMutablePointer<Double>,
                       _ v: UnsafeMutablePointer<Double>, _ body: (Quad) -> (Quad, Quad)) {
        var n = 0
        while n < count {
            let last = count &- 1
            let i0 = base &+ Int(list[n]), i1 = base &+ Int(list[min(n &+ 1, last)])
            let i2 = base &+ Int(list[min(n &+ 2, last)]), i3 = base &+ Int(list[min(n &+ 3, last)])
            let (position, rate) = body(Quad(y[i0], y[i1], y[i2], y[i3]))
            y[i3] = position[3]; v[i3] = rate[3]
            y[i2] = position[2]; v[i2] = rate[2]
            y[i1] = position[1]; v[i1] = rate[1]
            y[i0] = position[0]; v[i0] = rate[0]
            n &+= 4
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { (value.base[slot[index]], velocity.base[slot[index]]) }

    func release() { phase.free(); value.free(); velocity.free() }
}

/// A timeline's loop: the time shown at t is t mod duration, computed as
/// `truncatingRemainder(dividingBy:)` (fmod) computes it — exactly — without its bit-by-bit loop.
///
/// n = x/D rounded to the nearest integer (by adding and subtracting 1.5·2⁵², no conversion to
/// `Int` and its range checks), so n is ⌊x/D⌋ or one more; D split into 26-bit halves D = Dh + Dl (Veltkamp), so n·Dh and n·Dl are exact for
/// n < 2²⁶; x − n·Dh is exact (the operands share a grid fine enough for the difference), so
/// r = (x − n·Dh) − n·Dl rounds the exact x − n·D, which is representable; when n was one more,
/// r < 0 and r + D is again exact. `FrameKernelTests` checks it against fmod bit for bit.
struct LoopClock {
    let duration: Double, inverse: Double, high: Double, low: Double

    init(duration: Double) {
        self.duration = duration
        inverse = 1 / duration
        let split = 134_217_729.0 * duration  // (2²⁷ + 1)·D
        high = split - (split - duration)
        low = duration - high
    }

    /// x mod D for 0 ≤ x < 2²⁶·D, bit-identical to `x.truncatingRemainder(dividingBy: D)`.
    @inline(__always)
    func wrap(_ x: Double) -> Double {
        let n = (x * inverse + 0x1.8p52) - 0x1.8p52
        let r = (x - n * high) - n * low
        return r < 0 ? r + duration : r
    }
}

/// One looping keyframe animation as an object holding its own timeline (value and velocity from one
/// call, `KeyframeTimeline.valueAndVelocity`).
final class NaiveKeyframesAnimation: NaiveAnimation {
    let timeline: KeyframeTimeline<Double>
    let phase: Double
    var value = 0.0
    var velocity = 0.0

    init(timeline: KeyframeTimeline<Double>, phase: Double) {
        self.timeline = timeline
        self.phase = phase
    }

    func update(at time: Double) {
        let local = KeyframesPopulation.localTime(timeline, phase: phase, time: time)
        (value, velocity) = timeline.valueAndVelocity(time: local)
    }
}

extension KeyframesPopulation {
    func naiveKernel(frameInterval: Double) -> NaiveKernel {
        let animations: [any NaiveAnimation] = (0..<count).map { i in
            NaiveKeyframesAnimation(timeline: Self.timelines[timelineIndex[i]], phase: phase[i])
        }
        // Object header 16, timeline (a reference to shared storage) 8, phase, value, velocity 24,
        // existential 16.
        return NaiveKernel(animations: animations, frameInterval: frameInterval, stateBytesPerAnimation: 16 + 8 + 24 + 16)
    }
}
