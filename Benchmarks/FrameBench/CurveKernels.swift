import AnimationMath
import HookeSupport

/// The `curve` workload's animations: timing-curve animations (SwiftUI's Bézier presets, the
/// circular curves and random Béziers, some overshooting), each at a random phase. Every frame
/// solves the Bézier for its parameter once, for both value and velocity
/// (`UnitCurve.valueAndVelocity`: a sampled guess and two Halley steps). When one ends it starts
/// again, reversed, at that frame (so the amount of work per frame stays constant).
///
/// Durations ∈ [0.2, 1] s, intervals of 1 to 500 points, phase ∈ [0, duration).
public struct CurvePopulation: Sendable {
    /// Each animation's curve as the harness drew it (what the references solve).
    public var shapes: [CurveShape]
    /// The same curves as the model holds them.
    public var curves: [UnitCurve]
    public var duration: [Double]
    public var interval: [Double]
    public var phase: [Double]

    public var count: Int { curves.count }

    public init(count: Int, seed: UInt64 = 0x4375_7276_65) {
        var random = SplitMix64(seed: seed)
        let presets = CurveShape.presets
        shapes = []; curves = []; duration = []; interval = []; phase = []
        for _ in 0..<count {
            let choice = Int(random.next() % 10)
            if choice < presets.count {
                shapes.append(presets[choice])
            } else {
                // A random Bézier; y may overshoot [0, 1] as SwiftUI allows.
                let x1 = random.uniform(0, 1), y1 = random.uniform(-0.5, 1.5)
                let x2 = random.uniform(0, 1), y2 = random.uniform(-0.5, 1.5)
                shapes.append(.bezier(x1: x1, y1: y1, x2: x2, y2: y2))
            }
            curves.append(shapes[shapes.count - 1].curve)
            let d = random.uniform(0.2, 1)
            duration.append(d)
            interval.append((random.next() % 2 == 0 ? 1 : -1) * random.uniform(1, 500))
            phase.append(random.uniform(0, d))
        }
    }
}

/// A curve of the `curve` workload, by kind and control points.
public enum CurveShape: Sendable, Equatable {
    case linear, circularEaseIn, circularEaseOut, circularEaseInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2), x in [0, 1].
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// SwiftUI's presets in the order the population draws them (control points as `UnitCurve`'s).
    public static let presets: [CurveShape] = [
        .bezier(x1: 0.42, y1: 0, x2: 1, y2: 1), .bezier(x1: 0, y1: 0, x2: 0.58, y2: 1),
        .bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1), .linear, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
    ]

    /// The model's curve.
    public var curve: UnitCurve {
        switch self {
        case .linear: return .linear
        case .circularEaseIn: return .circularEaseIn
        case .circularEaseOut: return .circularEaseOut
        case .circularEaseInOut: return .circularEaseInOut
        case .bezier(let x1, let y1, let x2, let y2):
            return .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
        }
    }
}

/// The shared rule of both curve kernels: the offset and velocity at `elapsed` seconds, or nil
/// once the animation is over (then it restarts).
@inline(__always)
func curveState(_ curve: UnitCurve, interval: Double, duration: Double, elapsed: Double) -> (Double, Double)? {
    guard elapsed <= duration else { return nil }
    let progress = elapsed / duration
    // One solve for both (`valueAndVelocity` equals the separate `value(at:)` and `velocity(at:)`
    // bit for bit), then the same operations as `TimingCurveAnimation` (velocity: Δ · (curve' / d)),
    // so results are bit-identical to the model path.
    let (value, velocity) = curve.valueAndVelocity(at: progress)
    return (interval * value, interval * (velocity / duration))
}

/// `fast` for `curve`: the population grouped by kind once at set-up — each of SwiftUI's three
/// Bézier presets (its coefficients constants of the group, not loaded per animation), the random
/// Béziers (13 coefficient columns), `linear` and each circular curve — each group a struct of
/// arrays advanced four animations at a time (`SIMD4`: one AVX register, two SSE2 registers), branch-free, so nothing
/// is switched on per animation.
///
/// Béziers run `BezierLanes` (the model's fast path, operation for operation) in blocks of
/// `blockSize` slots, in two loops per block: the guess, then the Halley steps and the finish (so
/// that a loop body's chain of dependent divisions is shorter than the out-of-order window and
/// quads overlap). The few solves the model would not accept, and progress at the ends, are
/// finished by the model itself (`UnitCurve.valueAndVelocity`), one animation at a time. The
/// circular curves and `linear` evaluate the model's closed forms with the same operations. So
/// consistency with `naive` is exactly 0; accuracy is the model's (checked against Brent).
///
/// Assumes no retargets (each animation runs its own interval back and forth); the frame interval
/// may vary (progress is computed from the frame time, as naive does).
///
/// Layout (struct of arrays, slots in group order, each group padded to a multiple of four; `slot[i]`
/// maps animation i to its slot): per slot duration, interval, begin, value, velocity (40 B); per
/// random Bézier slot 13 coefficients (104 B) and the model's `UnitCurve` for the fallback (read
/// only there).
final class FastCurveKernel: FrameKernel, @unchecked Sendable {
    enum Kind: CaseIterable {
        case easeIn, easeOut, easeInOut, bezier, linear, circularEaseIn, circularEaseOut, circularEaseInOut

        /// The preset Béziers' shapes (`CurveShape.presets`' first three).
        var preset: CurveShape? {
            switch self {
            case .easeIn: return CurveShape.presets[0]
            case .easeOut: return CurveShape.presets[1]
            case .easeInOut: return CurveShape.presets[2]
            default: return nil
            }
        }

        init(_ shape: CurveShape) {
            switch shape {
            case .linear: self = .linear
            case .circularEaseIn: self = .circularEaseIn
            case .circularEaseOut: self = .circularEaseOut
            case .circularEaseInOut: self = .circularEaseInOut
            case .bezier: self = Kind.allCases.first { $0.preset == shape } ?? .bezier
            }
        }
    }
    typealias Quad = SIMD4<Double>
    /// Slots, including each group's padding (the runner splits these).
    let count: Int
    let frameInterval: Double
    /// Slot of each animation, and each kind's slots.
    let slot: [Int]
    let groups: [(kind: Kind, slots: Range<Int>)]
    let duration: Column<Double>, interval: Column<Double>, begin: Column<Double>
    let value: Column<Double>, velocity: Column<Double>
    /// The random Béziers' coefficients, by slot − `bezierStart`, and the model's curves.
    let beziers: BezierColumns
    let curves: Column<UnitCurve>
    let bezierStart: Int, bezierCount: Int
    /// The three preset Béziers' constants.
    let presets: (SharedBezier, SharedBezier, SharedBezier)
    /// Slots per block of the Bézier loops (3 × 8 B × 64 of scratch on the stack).
    static let blockSize = 64
    var stateBytesPerAnimation: Int {
        5 * 8 + (13 * 8 + MemoryLayout<UnitCurve>.stride) * bezierCount / max(count, 1) + 8
    }

    init(_ population: CurvePopulation, frameInterval: Double) {
        self.frameInterval = frameInterval
        // Animations in slot order: by kind, then by index; nil pads a group to a whole quad.
        var order: [Int?] = []
        var groups: [(kind: Kind, slots: Range<Int>)] = []
        let kinds = population.shapes.map(Kind.init)
        for k in Kind.allCases {
            let start = order.count
            order += kinds.indices.filter { kinds[$0] == k }.map { $0 }
            while order.count % 4 != 0 { order.append(nil) }
            groups.append((k, start..<order.count))
        }
        self.groups = groups
        count = order.count
        let random = groups.first { $0.kind == .bezier }!.slots
        bezierStart = random.lowerBound
        bezierCount = random.count
        var slot = [Int](repeating: 0, count: population.count)
        for (position, index) in order.enumerated() { if let index { slot[index] = position } }
        self.slot = slot
        // Padding slots run a one-second animation of interval 1 that nobody reads.
        duration = Column(count: count) { order[$0].map { population.duration[$0] } ?? 1 }
        interval = Column(count: count) { order[$0].map { population.interval[$0] } ?? 1 }
        begin = Column(count: count) { order[$0].map { -population.phase[$0] } ?? 0 }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
        func control(_ i: Int) -> (x1: Double, y1: Double, x2: Double, y2: Double) {
            guard i < random.count, let index = order[random.lowerBound + i], case .bezier(let a, let b, let c, let d) = population.shapes[index] else {
                return (0.42, 0, 0.58, 1)
            }
            return (a, b, c, d)
        }
        beziers = BezierColumns(count: random.count, control: control)
        func preset(_ kind: Kind) -> SharedBezier {
            guard case .bezier(let x1, let y1, let x2, let y2)? = kind.preset else { preconditionFailure("\(kind) is no preset") }
            return SharedBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        }
        presets = (preset(.easeIn), preset(.easeOut), preset(.easeInOut))
        curves = Column(count: max(random.count, 1)) { i in
            let c = control(i)
            return .bezier(startControlPoint: UnitPoint(x: c.x1, y: c.y1), endControlPoint: UnitPoint(x: c.x2, y: c.y2))
        }
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * frameInterval
        // Whole quads: a quad belongs to the chunk holding its first slot.
        let quads = ((range.lowerBound + 3) & ~3)..<((range.upperBound + 3) & ~3)
        let c = columns
        // Indices, not `for group in groups`: a debug build's array iterator allocates a coroutine
        // frame per element.
        for g in groups.indices {
            let group = groups[g]
            let slots = group.slots.clamped(to: quads)
            guard !slots.isEmpty else { continue }
            switch group.kind {
            case .easeIn: advanceBeziers(slots, c, now: now, presets.0)
            case .easeOut: advanceBeziers(slots, c, now: now, presets.1)
            case .easeInOut: advanceBeziers(slots, c, now: now, presets.2)
            case .bezier:
                advanceBeziers(slots, c, now: now, PerSlotBezier(bases: beziers.bases, models: curves.base, start: bezierStart))
            case .linear: advanceClosedForm(slots, c, now: now, LinearLanes.self)
            case .circularEaseIn: advanceClosedForm(slots, c, now: now, CircularEaseInLanes.self)
            case .circularEaseOut: advanceClosedForm(slots, c, now: now, CircularEaseOutLanes.self)
            case .circularEaseInOut: advanceClosedForm(slots, c, now: now, CircularEaseInOutLanes.self)
            }
        }
        blackHole(value.base)
    }

    @inline(__always) static func load(_ base: UnsafeMutablePointer<Double>, _ i: Int) -> Quad {
        UnsafeRawPointer(base + i).loadUnaligned(as: Quad.self)
    }

    @inline(__always) static func store(_ quad: Quad, _ base: UnsafeMutablePointer<Double>, _ i: Int) {
        UnsafeMutableRawPointer(base + i).storeBytes(of: quad, as: Quad.self)
    }

    /// `TimingCurveAnimation`'s scaling of a curve's value and slope, and the workload's restart
    /// rule (an animation past its duration shows 0 and starts again, reversed, at this frame:
    /// rare, so interval and begin are written only then).
    @inline(__always)
    private static func finish(_ i: Int, _ c: Columns, now: Double, elapsed: Quad, shape: Quad, slope: Quad) {
        let d = load(c.duration, i), x = load(c.interval, i)
        let ended = elapsed .> d
        store((x * shape).replacing(with: 0, where: ended), c.value, i)
        store((x * (slope / d)).replacing(with: 0, where: ended), c.velocity, i)
        if any(ended) {
            store(x.replacing(with: -x, where: ended), c.interval, i)
            store(load(c.begin, i).replacing(with: now, where: ended), c.begin, i)
        }
    }

    /// The per-slot columns' base addresses, read once per call (a `Column`'s `base` unwraps its
    /// buffer's address, a test and a branch per use inside a loop).
    struct Columns {
        let duration: UnsafeMutablePointer<Double>, interval: UnsafeMutablePointer<Double>
        let begin: UnsafeMutablePointer<Double>, value: UnsafeMutablePointer<Double>
        let velocity: UnsafeMutablePointer<Double>
    }

    var columns: Columns {
        Columns(duration: duration.base, interval: interval.base, begin: begin.base, value: value.base, velocity: velocity.base)
    }

    /// A closed-form curve group: value and slope at clamped progress.
    @inline(__always)
    private func advanceClosedForm<Curve: ClosedFormLanes>(_ slots: Range<Int>, _ c: Columns, now: Double, _: Curve.Type) {
        var i = slots.lowerBound
        while i < slots.upperBound {
            let elapsed = Quad(repeating: now) - Self.load(c.begin, i)
            let progress = elapsed / Self.load(c.duration, i)
            let clamped = BezierLanes.clamp(progress)
            let (shape, slope) = Curve.valueAndSlope(clamped)
            Self.finish(i, c, now: now, elapsed: elapsed, shape: shape, slope: slope)
            i &+= 4
        }
    }

    /// Béziers, a block at a time: `BezierLanes.guess` for the block (into scratch on the stack),
    /// then `solve` and the finish, then the model for whatever the fast path would not accept.
    @inline(__always)
    private func advanceBeziers<Source: BezierSource>(_ slots: Range<Int>, _ c: Columns, now: Double, _ source: Source) {
        var scratch = (SIMD64<Double>(), SIMD64<Double>(), SIMD64<Double>())
        withUnsafeMutableBytes(of: &scratch) { raw in
            let progress = raw.baseAddress!.assumingMemoryBound(to: Double.self)
            let guesses = progress + Self.blockSize, lows = guesses + Self.blockSize
            var start = slots.lowerBound
            while start < slots.upperBound {
                let end = min(start + Self.blockSize, slots.upperBound)
                var i = start
                while i < end {
                    let p = (Quad(repeating: now) - Self.load(c.begin, i)) / Self.load(c.duration, i)
                    let (guess, low) = source.lanes(i).guess(p)
                    let j = i &- start
                    Self.store(p, progress, j)
                    Self.store(guess, guesses, j)
                    Self.store(low, lows, j)
                    i &+= 4
                }
                i = start
                while i < end {
                    let j = i &- start
                    let elapsed = Quad(repeating: now) - Self.load(c.begin, i)
                    let p = Self.load(progress, j)
                    let (shape, slope, solved) = source.lanes(i).solve(p, guess: Self.load(guesses, j), low: Self.load(lows, j))
                    let running = elapsed .<= Self.load(c.duration, i)
                    Self.finish(i, c, now: now, elapsed: elapsed, shape: shape, slope: slope)
                    let viaModel = running .& .!solved
                    if any(viaModel) {
                        // The rest through the model (rare), one animation at a time.
                        for lane in 0..<4 where viaModel[lane] {
                            let (shape, slope) = source.model(i + lane).valueAndVelocity(at: p[lane])
                            c.value[i + lane] = c.interval[i + lane] * shape
                            c.velocity[i + lane] = c.interval[i + lane] * (slope / c.duration[i + lane])
                        }
                    }
                    i &+= 4
                }
                start = end
            }
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        let i = slot[index]
        return (value.base[i], velocity.base[i])
    }

    func release() {
        for column in [duration, interval, begin, value, velocity] { column.free() }
        beziers.free()
        curves.free()
    }
}

/// The random Béziers' curves, from their columns (slot − `start`).
struct PerSlotBezier: BezierSource {
    let bases: BezierColumns.Bases
    let models: UnsafeMutablePointer<UnitCurve>
    let start: Int

    @inline(__always) func lanes(_ i: Int) -> BezierLanes { BezierLanes(bases, i &- start) }
    @inline(__always) func model(_ i: Int) -> UnitCurve { models[i &- start] }
}

/// A closed-form timing curve on four animations: value and slope at progress clamped to [0, 1],
/// the model's `CircularEasing` operations lane by lane. Where the model branches on p < ½ both
/// sides are computed and one selected; the square root of the side not taken gets 0 for a negative, so
/// no lane takes a negative root (Swift's `squareRoot` on `SIMD4` calls libm's `sqrt` for those,
/// to set errno).
protocol ClosedFormLanes {
    static func valueAndSlope(_ p: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>)
}

enum LinearLanes: ClosedFormLanes {
    @inline(__always) static func valueAndSlope(_ p: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        (p, SIMD4(repeating: 1))
    }
}

enum CircularEaseInLanes: ClosedFormLanes {
    @inline(__always) static func valueAndSlope(_ p: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        let root = ((1 - p) * (1 + p)).squareRoot()
        return (p * p / (1 + root), p / root)
    }
}

enum CircularEaseOutLanes: ClosedFormLanes {
    @inline(__always) static func valueAndSlope(_ p: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        let root = (p * (2 - p)).squareRoot()
        return (root, (1 - p) / root)
    }
}

enum CircularEaseInOutLanes: ClosedFormLanes {
    @inline(__always) static func valueAndSlope(_ p: SIMD4<Double>) -> (SIMD4<Double>, SIMD4<Double>) {
        let lowerSquare = (1 - 2 * p) * (1 + 2 * p), upperSquare = (2 * p - 1) * (3 - 2 * p)
        let lower = lowerSquare.replacing(with: 0, where: lowerSquare .< 0).squareRoot()
        let upper = upperSquare.replacing(with: 0, where: upperSquare .< 0).squareRoot()
        let first = p .< 0.5
        return ((0.5 * (upper + 1)).replacing(with: 2 * p * p / (1 + lower), where: first),
                ((2 - 2 * p) / upper).replacing(with: 2 * p / lower, where: first))
    }
}

/// One timing-curve animation as an object behind the `NaiveAnimation` protocol, evaluated as
/// `TimingCurveAnimation` does (value Δ·curve(p), velocity Δ·(curve'(p)/d), p = elapsed/d), with
/// value and velocity from one Bézier solve (`UnitCurve.valueAndVelocity`) — SwiftUI's
/// `Animation.animate` and `Animation.velocity` would solve twice.
final class NaiveCurveAnimation: NaiveAnimation {
    let curve: UnitCurve
    let duration: Double
    var interval: Double
    var begin: Double
    var value = 0.0
    var velocity = 0.0

    init(curve: UnitCurve, duration: Double, interval: Double, begin: Double) {
        self.curve = curve
        self.duration = duration
        self.interval = interval
        self.begin = begin
    }

    func update(at time: Double) {
        if let (offset, rate) = curveState(curve, interval: interval, duration: duration, elapsed: time - begin) {
            value = offset
            velocity = rate
        } else {
            interval = -interval
            begin = time
            value = 0
            velocity = 0
        }
    }
}

extension CurvePopulation {
    func naiveKernel(frameInterval: Double) -> NaiveKernel {
        let animations: [any NaiveAnimation] = (0..<count).map { i in
            NaiveCurveAnimation(curve: curves[i], duration: duration[i], interval: interval[i], begin: -phase[i])
        }
        // Object header 16, curve, duration, interval, begin, value, velocity 40, existential 16.
        return NaiveKernel(animations: animations, frameInterval: frameInterval,
                           stateBytesPerAnimation: 16 + MemoryLayout<UnitCurve>.stride + 40 + 16)
    }
}
