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

/// `fast` for `keyframes`: the population grouped by timeline once at set-up, and within each group
/// sorted by phase. All of a group share one loop period, so at any frame time t the slots' loop
/// times (phase + t) mod duration rise along the group, drop once where the loop wraps, and rise
/// again: each segment's animations are at most two contiguous runs of slots, found per frame by
/// binary searches (`forEachRun`: the wrap, then each segment start; the same comparisons as one
/// animation at a time would make — the loop time is monotone in the phase — so the same segment
/// for every animation). Each run is evaluated with its segment's constants four slots at a time
/// (`SIMD4`), loads and stores contiguous: loop time (`LoopClock.wrap`: fmod's exact result in a
/// few multiplications instead of glibc's bit loop), time within the segment, then cubic (Hermite,
/// Horner's rule) and linear segments, timing-curve Béziers through `BezierLanes` (the model's fast
/// path; the model for the lanes it does not accept), and springs by their one-frame transition
/// (below).
///
/// Springs: under a fixed frame interval Δ, an animation at least `stepping` = 1.5Δ into a spring
/// segment was at least 0.5Δ into the same segment at the previous frame (its loop time is past
/// 1.5Δ, so the loop did not wrap in between; frame times round by ~1e-16 s, far below 0.5Δ), so
/// its stored value and velocity are that segment's: (x − to, v) advances by the segment's
/// transition over Δ (`Spring.transition`, computed once), four multiplications instead of glibc's
/// exp, sin and cos. Lanes nearer their segment's start (its first frame or two, and every loop
/// wrap) are evaluated exactly by the model (`KeyframeSegment.valueAndVelocity`'s operations), as
/// is every animation at set-up (frame 0). The rest are the model's operations in its order, bit
/// for bit `naive`; the stepped springs differ from it by rounding (consistency, measured in the
/// tests), and from the definitions by what `CurveKeyframesFastPathTests` bounds.
///
/// Assumes a fixed frame interval: each `advance` is one Δ after the previous (the runner's
/// frames 1, 2, 3, …); keyframe timelines are not retargeted by definition.
///
/// Layout (struct of arrays, slots in timeline order and by phase within a timeline, `slot[i]` maps
/// animation i to its slot): phase, value, velocity: 24 bytes per animation; the timelines'
/// segments are shared.
final class FastKeyframesKernel: FrameKernel, @unchecked Sendable {
    typealias Quad = SIMD4<Double>
    /// One timeline's constants: its clock and where its segments are.
    struct Timeline {
        let clock: LoopClock
        /// Start times of segments 1, 2, 3, +∞ for those the timeline does not have: the segment
        /// of a time is the number of these it has reached (three comparisons, no loop), and its
        /// start the last of them reached (or 0).
        let bounds: (Double, Double, Double)
        /// Its segments: `segments[first ..< first + count]`.
        let first: Int, count: Int
    }
    /// A segment's constants, its evaluation chosen once here rather than per animation (read in
    /// place, never copied per block).
    struct Segment {
        enum Kind {
            /// The `linear` timing curve: progress clamped.
            case linear
            /// A Bézier timing curve: `lanes`, the model's `curve` for the lanes they do not solve.
            case bezier
            /// Any other timing curve, through the model (`curve`).
            case curve
            case cubic
            /// `spring`: stepped by `step` from `stepping` into the segment, exactly before.
            case spring
        }
        let kind: Kind
        let start: Double, inverseDuration: Double
        let origin: Double, a: Double, b: Double, c: Double
        let lanes: BezierLanes, curve: UnitCurve
        /// A spring segment's spring, target (origin + a) and transition over one frame interval.
        let spring: Spring, target: Double, step: SpringTransition
    }
    let timelines: [Timeline]
    let segments: [Segment]
    let groups: [(timeline: Int, slots: Range<Int>)]
    let slot: [Int]
    let phase: Column<Double>, value: Column<Double>, velocity: Column<Double>
    let count: Int
    let frameInterval: Double
    /// How far into a spring segment an animation advances by the one-frame transition: 1.5Δ.
    let stepping: Double
    var stateBytesPerAnimation: Int { 3 * 8 }
    /// The most segments a timeline may have.
    static let maximumSegments = 4

    /// `steppingSprings` false: every spring evaluated exactly every frame (bit for bit `naive`;
    /// for the tests).
    init(_ population: KeyframesPopulation, frameInterval: Double, steppingSprings: Bool = true) {
        self.frameInterval = frameInterval
        stepping = steppingSprings ? 1.5 * frameInterval : .infinity
        var timelines: [Timeline] = [], segments: [Segment] = []
        for timeline in KeyframesPopulation.timelines {
            let resolved = timeline.track.segments
            precondition(resolved.count <= Self.maximumSegments && !resolved.isEmpty,
                         "FastKeyframesKernel: a timeline has \(resolved.count) segments (1…\(Self.maximumSegments))")
            let bounds = resolved.dropFirst().map(\.start) + Array(repeating: .infinity, count: Self.maximumSegments - resolved.count)
            timelines.append(Timeline(clock: LoopClock(duration: timeline.duration), bounds: (bounds[0], bounds[1], bounds[2]),
                                      first: segments.count, count: resolved.count))
            segments += resolved.map { Self.segment($0, frameInterval: frameInterval) }
        }
        self.timelines = timelines
        self.segments = segments
        var order: [Int] = []
        var groups: [(timeline: Int, slots: Range<Int>)] = []
        for t in timelines.indices {
            let start = order.count
            order += (0..<population.count).filter { population.timelineIndex[$0] == t }
                .sorted { (population.phase[$0], $0) < (population.phase[$1], $1) }
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
        // Frame 0, every animation exactly: the state the first frame's springs step from.
        evaluate(0..<count, time: 0, stepping: .infinity)
    }

    /// A model segment's constants for the kernel.
    static func segment(_ segment: KeyframeSegment<Double>, frameInterval: Double) -> Segment {
        var kind = Segment.Kind.cubic
        var lanes = BezierLanes(x1: 0, y1: 0, x2: 1, y2: 1), curve = UnitCurve.linear
        var spring = Spring(), step = SpringTransition(m11: 1, m12: 0, m21: 0, m22: 1)
        switch segment.kind {
        case .cubic: break
        case .spring(let model):
            (kind, spring, step) = (.spring, model, model.transition(deltaTime: frameInterval))
        case .linear(let model):
            curve = model
            if model == .linear {
                kind = .linear
            } else if let p1 = model.startControlPoint, let p2 = model.endControlPoint {
                (kind, lanes) = (.bezier, BezierLanes(x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y))
            } else {
                kind = .curve
            }
        }
        return Segment(kind: kind, start: segment.start, inverseDuration: segment.inverseDuration,
                       origin: segment.origin, a: segment.a, b: segment.b, c: segment.c,
                       lanes: lanes, curve: curve, spring: spring, target: segment.origin + segment.a, step: step)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        evaluate(range, time: Double(frame) * frameInterval, stepping: stepping)
        blackHole(value.base)
    }

    /// The animations of `range` at frame time `time`, springs at least `stepping` into their
    /// segment advanced from their stored state (+∞: every animation exactly).
    private func evaluate(_ range: Range<Int>, time: Double, stepping: Double) {
        let y = value.base, v = velocity.base, p = phase.base
        segments.withUnsafeBufferPointer { segments in
            // Indices, not `for group in groups`: a debug build's array iterator allocates a
            // coroutine frame per element.
            for g in groups.indices {
                let group = groups[g]
                let timeline = timelines[group.timeline]
                forEachRun(timeline, group.slots.clamped(to: range), time: time, p) { k, run in
                    evaluate(segments.baseAddress! + (timeline.first &+ k), run, clock: timeline.clock, time: time,
                             p, y, v, stepping: stepping)
                }
            }
        }
    }

    /// Calls `body(k, run)` for each run of slots of `slots` (sorted by phase, of one timeline's
    /// group) that are in the timeline's segment k at frame time `time`: the loop times rise from
    /// the first slot up to the wrap (the first slot whose loop time is below the first's, found by
    /// bisection), and again from there; within each rise, segment k ends at the first slot whose
    /// loop time reaches segment k + 1's start.
    @inline(__always)
    func forEachRun(_ timeline: Timeline, _ slots: Range<Int>, time: Double, _ p: UnsafeMutablePointer<Double>,
                    _ body: (Int, Range<Int>) -> Void) {
        guard !slots.isEmpty else { return }
        let clock = timeline.clock, (b1, b2, b3) = timeline.bounds
        @inline(__always) func local(_ i: Int) -> Double { clock.wrap(p[i] + time) }
        /// The first slot of `range` where `reached` holds (it holds from some slot on), by bisection.
        @inline(__always) func first(_ range: Range<Int>, _ reached: (Double) -> Bool) -> Int {
            var (low, high) = (range.lowerBound, range.upperBound)
            while low < high {
                let middle = low &+ (high &- low) >> 1
                if reached(local(middle)) { high = middle } else { low = middle &+ 1 }
            }
            return low
        }
        @inline(__always) func split(_ rise: Range<Int>) {
            var lower = rise.lowerBound
            for k in 0..<timeline.count {
                let bound = k == 0 ? b1 : k == 1 ? b2 : b3
                let upper = k &+ 1 < timeline.count ? first(lower..<rise.upperBound) { $0 >= bound } : rise.upperBound
                if lower < upper { body(k, lower..<upper) }
                lower = upper
            }
        }
        let start = local(slots.lowerBound)
        let wrap = first(slots) { $0 < start }
        split(slots.lowerBound..<wrap)
        split(wrap..<slots.upperBound)
    }

    /// Evaluates `segment` for the slots of `run` (all in it at frame time `time`):
    /// `KeyframeSegment.valueAndVelocity`'s operations, springs from `stepping` by their one-frame
    /// transition.
    @inline(__always)
    private func evaluate(_ segment: UnsafePointer<Segment>, _ run: Range<Int>, clock: LoopClock, time: Double,
                          _ p: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
                          _ v: UnsafeMutablePointer<Double>, stepping: Double) {
        let inverse = segment.pointee.inverseDuration, origin = segment.pointee.origin, a = segment.pointee.a
        let start = segment.pointee.start
        switch segment.pointee.kind {
        case .cubic:
            let b = Quad(repeating: segment.pointee.b), c = Quad(repeating: segment.pointee.c)
            quads(run, clock, time, start, p, y, v, readsState: false) { e, _, _ in
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
            quads(run, clock, time, start, p, y, v, readsState: false) { e, _, _ in
                let s = BezierLanes.clamp(e * inverse)
                return (origin + a * s, Quad(repeating: a * (1 * inverse)))
            }
        case .bezier:
            evaluateBezier(segment, run, clock: clock, time: time, p, y, v)
        case .curve:
            for i in run {
                let point = segment.pointee.curve.valueAndVelocity(at: (clock.wrap(p[i] + time) - start) * inverse)
                (y[i], v[i]) = (origin + a * point.value, a * (point.velocity * inverse))
            }
        case .spring:
            evaluateSpring(segment, run, clock: clock, time: time, p, y, v, stepping: stepping)
        }
    }

    /// A Bézier segment on `run`: four lanes solved at once (`BezierLanes`), the lanes it declines
    /// by the curve's own `valueAndVelocity`.
    @inline(__always)
    private func evaluateBezier(_ segment: UnsafePointer<Segment>, _ run: Range<Int>, clock: LoopClock, time: Double,
                                _ p: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
                                _ v: UnsafeMutablePointer<Double>) {
        let inverse = segment.pointee.inverseDuration, origin = segment.pointee.origin, a = segment.pointee.a
        let lanes = segment.pointee.lanes
        quads(run, clock, time, segment.pointee.start, p, y, v, readsState: false) { e, _, _ in
            let s = e * inverse
            let (guess, low) = lanes.guess(s)
            var (shape, slope, solved) = lanes.solve(s, guess: guess, low: low)
            if !all(solved) {
                for lane in 0..<4 where !solved[lane] {
                    (shape[lane], slope[lane]) = segment.pointee.curve.valueAndVelocity(at: s[lane])
                }
            }
            return (origin + a * shape, a * (slope * inverse))
        }
    }

    /// A spring segment on `run`: lanes at least `stepping` into the segment advance their stored
    /// state by the one-frame transition; earlier lanes take the spring's exact evaluation.
    @inline(__always)
    private func evaluateSpring(_ segment: UnsafePointer<Segment>, _ run: Range<Int>, clock: LoopClock, time: Double,
                                _ p: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
                                _ v: UnsafeMutablePointer<Double>, stepping: Double) {
        let origin = segment.pointee.origin, a = segment.pointee.a, b = segment.pointee.b
        let m = segment.pointee.step, target = Quad(repeating: segment.pointee.target)
        let m11 = Quad(repeating: m.m11), m12 = Quad(repeating: m.m12)
        let m21 = Quad(repeating: m.m21), m22 = Quad(repeating: m.m22)
        let from = Quad(repeating: stepping)
        quads(run, clock, time, segment.pointee.start, p, y, v, readsState: true) { e, x, u in
            let d = x - target
            var position = target + (m11 * d + m12 * u)
            var rate = m21 * d + m22 * u
            let exact = e .< from
            if any(exact) {
                for lane in 0..<4 where exact[lane] {
                    let motion = segment.pointee.spring.valueAndVelocity(target: a, initialVelocity: b, time: e[lane])
                    (position[lane], rate[lane]) = (origin + motion.value, motion.velocity)
                }
            }
            return (position, rate)
        }
    }

    /// `body` on the slots of `run` four at a time, contiguous: time within the segment (loop time
    /// less the segment's `start`), and with `readsState` the stored value and velocity, in; value
    /// and velocity out. A last partial four repeats the run's last slot into the lanes past its end
    /// and stores only the run's lanes.
    @inline(__always)
    private func quads(_ run: Range<Int>, _ clock: LoopClock, _ time: Double, _ start: Double,
                       _ p: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
                       _ v: UnsafeMutablePointer<Double>, readsState: Bool, _ body: (Quad, Quad, Quad) -> (Quad, Quad)) {
        // Lane by lane: LLVM joins these into vector loads and stores (`loadUnaligned` and
        // `storeBytes` of a SIMD4 stayed out-of-line calls, ~6 instructions each).
        @inline(__always) func load(_ base: UnsafeMutablePointer<Double>, _ i: Int) -> Quad {
            Quad(base[i], base[i &+ 1], base[i &+ 2], base[i &+ 3])
        }
        @inline(__always) func store(_ x: Quad, _ base: UnsafeMutablePointer<Double>, _ i: Int) {
            base[i] = x[0]; base[i &+ 1] = x[1]; base[i &+ 2] = x[2]; base[i &+ 3] = x[3]
        }
        let t = Quad(repeating: time), origin = Quad(repeating: start)
        var i = run.lowerBound
        while i &+ 4 <= run.upperBound {
            let e = clock.wrap(load(p, i) + t) - origin
            let (position, rate) = readsState ? body(e, load(y, i), load(v, i)) : body(e, .zero, .zero)
            store(position, y, i)
            store(rate, v, i)
            i &+= 4
        }
        guard i < run.upperBound else { return }
        let last = run.upperBound &- 1
        let j = (i, min(i &+ 1, last), min(i &+ 2, last), last)
        @inline(__always) func gather(_ base: UnsafeMutablePointer<Double>) -> Quad { Quad(base[j.0], base[j.1], base[j.2], base[j.3]) }
        let e = clock.wrap(gather(p) + t) - origin
        let (position, rate) = readsState ? body(e, gather(y), gather(v)) : body(e, .zero, .zero)
        for lane in 0..<(run.upperBound &- i) {
            y[i &+ lane] = position[lane]
            v[i &+ lane] = rate[lane]
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

    /// `wrap` lane by lane, the same operations.
    @inline(__always)
    func wrap(_ x: SIMD4<Double>) -> SIMD4<Double> {
        let n = (x * inverse + 0x1.8p52) - 0x1.8p52
        let r = (x - n * high) - n * low
        return r.replacing(with: r + duration, where: r .< 0)
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
