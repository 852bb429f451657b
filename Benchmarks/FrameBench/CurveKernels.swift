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

/// `fast` for `curve`: the population grouped by kind once at set-up (Béziers, linear, and each
/// circular curve), each group a struct of arrays advanced two animations at a time (`SIMD2`, one
/// SSE2 register), branch-free, so nothing is switched on per animation.
///
/// Béziers run `UnitCurve`'s own fast path, operation for operation (the chord guess from x sampled
/// at s = k/8, two Halley steps, the same acceptance test, y and dy/dx in Bernstein form), so every
/// accepted solve is bit-identical to the model; the few it would not accept (~3 %: close to an end
/// where x' vanishes), and progress at the ends, are finished by the model itself
/// (`UnitCurve.valueAndVelocity`), one animation at a time. The circular curves and `linear`
/// evaluate the model's closed forms with the same operations. So consistency with `naive` is
/// exactly 0; accuracy is the model's (checked against Brent).
///
/// Layout (struct of arrays, slots in group order, each group padded to a multiple of two; `slot[i]`
/// maps animation i to its slot): per slot duration, interval, begin, value, velocity (40 B); per
/// Bézier slot x1, x2, px1, px2, y1, y2 and the 7 samples of x (104 B) and the model's `UnitCurve`
/// for the fallback (read only there).
final class FastCurveKernel: FrameKernel, @unchecked Sendable {
    enum Kind: Int, CaseIterable { case bezier, linear, circularEaseIn, circularEaseOut, circularEaseInOut }
    typealias Pair = SIMD2<Double>
    /// Slots, including each group's padding (the runner splits these).
    let count: Int
    let frameInterval: Double
    /// Slot of each animation, and each kind's slots.
    let slot: [Int]
    let groups: [(kind: Kind, slots: Range<Int>)]
    let duration: Column<Double>, interval: Column<Double>, begin: Column<Double>
    let value: Column<Double>, velocity: Column<Double>
    /// Bézier coefficients by slot (the first `bezierCount` slots), as `CubicTimingBezier` stores them.
    let x1: Column<Double>, x2: Column<Double>, px1: Column<Double>, px2: Column<Double>
    let y1: Column<Double>, y2: Column<Double>
    let q0: Column<Double>, q1: Column<Double>, q2: Column<Double>, q3: Column<Double>
    let q4: Column<Double>, q5: Column<Double>, q6: Column<Double>
    let curves: Column<UnitCurve>
    let bezierCount: Int
    var stateBytesPerAnimation: Int {
        5 * 8 + (13 * 8 + MemoryLayout<UnitCurve>.stride) * bezierCount / max(count, 1) + 8
    }

    init(_ population: CurvePopulation, frameInterval: Double) {
        self.frameInterval = frameInterval
        func kind(_ shape: CurveShape) -> Kind {
            switch shape {
            case .bezier: return .bezier
            case .linear: return .linear
            case .circularEaseIn: return .circularEaseIn
            case .circularEaseOut: return .circularEaseOut
            case .circularEaseInOut: return .circularEaseInOut
            }
        }
        // Animations in slot order: by kind, then by index; nil pads a group to a whole pair.
        var order: [Int?] = []
        var groups: [(kind: Kind, slots: Range<Int>)] = []
        for k in Kind.allCases {
            let start = order.count
            order += (0..<population.count).filter { kind(population.shapes[$0]) == k }.map { $0 }
            if order.count % 2 != 0 { order.append(nil) }
            groups.append((k, start..<order.count))
        }
        self.groups = groups
        count = order.count
        let beziers = groups[0].slots.count
        bezierCount = beziers
        var slot = [Int](repeating: 0, count: population.count)
        for (position, index) in order.enumerated() { if let index { slot[index] = position } }
        self.slot = slot
        // Padding slots run a one-second animation of interval 1 that nobody reads.
        duration = Column(count: count) { order[$0].map { population.duration[$0] } ?? 1 }
        interval = Column(count: count) { order[$0].map { population.interval[$0] } ?? 1 }
        begin = Column(count: count) { order[$0].map { -population.phase[$0] } ?? 0 }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
        let n = max(beziers, 1)
        func control(_ i: Int) -> (x1: Double, y1: Double, x2: Double, y2: Double) {
            guard i < beziers, let index = order[i], case .bezier(let a, let b, let c, let d) = population.shapes[index] else {
                return (0.42, 0, 0.58, 1)
            }
            // x clamped to [0, 1] as `UnitCurve.bezier` does (the population's x already are).
            return (min(max(a, 0), 1), b, min(max(c, 0), 1), d)
        }
        x1 = Column(count: n) { control($0).x1 }
        x2 = Column(count: n) { control($0).x2 }
        y1 = Column(count: n) { control($0).y1 }
        y2 = Column(count: n) { control($0).y2 }
        // `CubicTimingBezier.init`'s power-basis derivative and samples, the same operations.
        func px(_ i: Int) -> (Double, Double) {
            let c = control(i)
            let cx = 3 * c.x1
            let bx = 3 * (c.x2 - c.x1) - cx
            let ax = 1 - cx - bx
            return (2 * bx, 3 * ax)
        }
        px1 = Column(count: n) { px($0).0 }
        px2 = Column(count: n) { px($0).1 }
        func sample(_ i: Int, _ k: Double) -> Double {
            let c = control(i), s = k * 0.125, t = 1 - s
            return s * (3 * t * (t * c.x1 + s * c.x2) + s * s)
        }
        q0 = Column(count: n) { sample($0, 1) }
        q1 = Column(count: n) { sample($0, 2) }
        q2 = Column(count: n) { sample($0, 3) }
        q3 = Column(count: n) { sample($0, 4) }
        q4 = Column(count: n) { sample($0, 5) }
        q5 = Column(count: n) { sample($0, 6) }
        q6 = Column(count: n) { sample($0, 7) }
        curves = Column(count: n) { i in
            let c = control(i)
            return .bezier(startControlPoint: UnitPoint(x: c.x1, y: c.y1), endControlPoint: UnitPoint(x: c.x2, y: c.y2))
        }
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let now = Double(frame) * frameInterval
        // Whole pairs: a pair belongs to the chunk holding its first slot.
        let pairs = ((range.lowerBound + 1) & ~1)..<((range.upperBound + 1) & ~1)
        for group in groups {
            let slots = group.slots.clamped(to: pairs)
            guard !slots.isEmpty else { continue }
            switch group.kind {
            case .bezier: advanceBeziers(slots, now: now)
            case .linear: advanceClosedForm(slots, now: now) { p in (p, Pair(repeating: 1)) }
            case .circularEaseIn:
                advanceClosedForm(slots, now: now) { p in
                    let root = ((1 - p) * (1 + p)).squareRoot()
                    return (p * p / (1 + root), p / root)
                }
            case .circularEaseOut:
                advanceClosedForm(slots, now: now) { p in
                    let root = (p * (2 - p)).squareRoot()
                    return (root, (1 - p) / root)
                }
            case .circularEaseInOut:
                advanceClosedForm(slots, now: now) { p in
                    let lower = ((1 - 2 * p) * (1 + 2 * p)).squareRoot()
                    let upper = ((2 * p - 1) * (3 - 2 * p)).squareRoot()
                    let first = p .< 0.5
                    return ((0.5 * (upper + 1)).replacing(with: 2 * p * p / (1 + lower), where: first),
                            ((2 - 2 * p) / upper).replacing(with: 2 * p / lower, where: first))
                }
            }
        }
        blackHole(value.base)
    }

    @inline(__always) static func load(_ base: UnsafeMutablePointer<Double>, _ i: Int) -> Pair {
        UnsafeRawPointer(base + i).loadUnaligned(as: Pair.self)
    }

    @inline(__always) static func store(_ pair: Pair, _ base: UnsafeMutablePointer<Double>, _ i: Int) {
        UnsafeMutableRawPointer(base + i).storeBytes(of: pair, as: Pair.self)
    }

    /// `TimingCurveAnimation`'s scaling of a curve's value and slope, and the workload's restart
    /// rule (an animation past its duration shows 0 and starts again, reversed, at this frame).
    @inline(__always)
    private static func finish(_ i: Int, _ c: Columns, now: Double, elapsed: Pair, shape: Pair, slope: Pair) {
        let d = load(c.duration, i), x = load(c.interval, i)
        let ended = elapsed .> d
        store((x * shape).replacing(with: 0, where: ended), c.value, i)
        store((x * (slope / d)).replacing(with: 0, where: ended), c.velocity, i)
        store(x.replacing(with: -x, where: ended), c.interval, i)
        store(load(c.begin, i).replacing(with: now, where: ended), c.begin, i)
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

    /// A closed-form curve: `curve(p)` gives value and slope at clamped progress p (the model's
    /// `CircularEasing` operations).
    @inline(__always)
    private func advanceClosedForm(_ slots: Range<Int>, now: Double, _ curve: (Pair) -> (Pair, Pair)) {
        let c = columns
        var i = slots.lowerBound
        while i < slots.upperBound {
            let elapsed = Pair(repeating: now) - Self.load(c.begin, i)
            let progress = elapsed / Self.load(c.duration, i)
            let clamped = pointwiseMin(pointwiseMax(progress, .zero), Pair(repeating: 1))
            let (shape, slope) = curve(clamped)
            Self.finish(i, c, now: now, elapsed: elapsed, shape: shape, slope: slope)
            i &+= 2
        }
    }

    /// |x| lane by lane (the comparisons it feeds do not see the sign of a zero).
    @inline(__always) static func magnitude(_ x: Pair) -> Pair { pointwiseMax(x, -x) }

    /// One Halley step of `CubicTimingBezier.halleyStep` from s: the next s, the step, x' and x''.
    @inline(__always)
    static func halleyStep(_ s: Pair, _ p: Pair, _ X1: Pair, _ X2: Pair, _ P0: Pair, _ P1: Pair, _ P2: Pair)
        -> (Pair, Pair, Pair, Pair) {
        let t: Pair = 1 - s
        let x: Pair = s * (3 * t * (t * X1 + s * X2) + s * s)
        let f: Pair = x - p
        let d1: Pair = P0 + s * (P1 + s * P2)
        let d2: Pair = P1 + s * (2 * P2)
        let numerator: Pair = 2 * f * d1
        let denominator: Pair = 2 * d1 * d1 - f * d2
        let step: Pair = numerator / denominator
        return (s - step, step, d1, d2)
    }

    /// The derivative of a Bernstein cubic with inner control values c1, c2 at s (u = 1 − s), as
    /// `slope(atParameter:)` forms it: 3 (u² c1 + 2 s u (c2 − c1) + s² (1 − c2)).
    @inline(__always)
    static func derivative(_ s: Pair, _ u: Pair, _ c1: Pair, _ c2: Pair) -> Pair {
        let a: Pair = u * u * c1
        let b: Pair = 2 * s * u * (c2 - c1)
        let c: Pair = s * s * (1 - c2)
        return 3 * (a + b + c)
    }

    /// Béziers: `CubicTimingBezier.parameter(forX:)`'s fast path on pairs, then the model for
    /// whatever it would not accept.
    @inline(__always)
    private func advanceBeziers(_ slots: Range<Int>, now: Double) {
        let h = Pair(repeating: 0.125), zero = Pair.zero, one = Pair(repeating: 1)
        let ratio = 0.125, accepted = 0.5 * Double.ulpOfOne
        let c = columns
        let a1 = x1.base, a2 = x2.base, c1 = px1.base, c2 = px2.base, e1 = y1.base, e2 = y2.base
        let r0 = q0.base, r1 = q1.base, r2 = q2.base, r3 = q3.base, r4 = q4.base, r5 = q5.base, r6 = q6.base
        let models = curves.base
        var i = slots.lowerBound
        while i < slots.upperBound {
            let elapsed = Pair(repeating: now) - Self.load(c.begin, i)
            let p = elapsed / Self.load(c.duration, i)
            let X1 = Self.load(a1, i), X2 = Self.load(a2, i)
            let P1 = Self.load(c1, i), P2 = Self.load(c2, i), P0 = 3 * X1
            // The chord guess between the samples around p (three selects).
            let s1 = Self.load(r1, i), s3 = Self.load(r3, i), s5 = Self.load(r5, i)
            let upperHalf = p .>= s3
            var lo = zero.replacing(with: s3, where: upperHalf)
            var hi = s3.replacing(with: one, where: upperHalf)
            let quarter = s1.replacing(with: s5, where: upperHalf)
            let upperQuarter = p .>= quarter
            lo.replace(with: quarter, where: upperQuarter)
            hi.replace(with: quarter, where: .!upperQuarter)
            let low = Self.load(r0, i).replacing(with: Self.load(r2, i), where: upperQuarter)
            let high = Self.load(r4, i).replacing(with: Self.load(r6, i), where: upperQuarter)
            let eighth = low.replacing(with: high, where: upperHalf)
            let upperEighth = p .>= eighth
            lo.replace(with: eighth, where: upperEighth)
            hi.replace(with: eighth, where: .!upperEighth)
            let sLo = zero.replacing(with: 4 * h, where: upperHalf) + zero.replacing(with: 2 * h, where: upperQuarter)
                + zero.replacing(with: h, where: upperEighth)
            let guess = sLo + h * ((p - lo) / (hi - lo))
            // Two Halley steps: step = 2 f x' / (2 x'² − f x''), f = x(s) − p.
            let (sA, _, _, _) = Self.halleyStep(guess, p, X1, X2, P0, P1, P2)
            let (s, lastStep, d1, d2) = Self.halleyStep(sA, p, X1, X2, P0, P1, P2)
            // The model's acceptance test (leading term of Halley's error below half an ulp).
            let ad1: Pair = Self.magnitude(d1), ad2: Pair = Self.magnitude(d2)
            let ad3: Pair = Self.magnitude(2 * P2), step: Pair = Self.magnitude(lastStep)
            let cube: Pair = step * step * step
            let predicted: Pair = (3 * ad2 * ad2 + 2 * ad3 * ad1) * cube
            let bound: Pair = 12 * ad1 * ad1 * accepted
            var ok = predicted .< bound
            ok .&= ad2 * step .<= 2 * ratio * ad1
            ok .&= ad3 * step * step .<= 6 * ratio * ad1
            ok .&= (s .>= sLo) .& (s .<= sLo + h)
            // y(s) and dy/dx in Bernstein form, as `slope(atParameter:)` forms them for 0 < s < 1.
            let u: Pair = 1 - s
            let Y1 = Self.load(e1, i), Y2 = Self.load(e2, i)
            let shape: Pair = s * (3 * u * (u * Y1 + s * Y2) + s * s)
            let dx: Pair = Self.derivative(s, u, X1, X2)
            let dy: Pair = Self.derivative(s, u, Y1, Y2)
            var solved = ok .& (p .> zero)
            solved .&= (p .< one) .& (dx .!= zero)
            let running = elapsed .<= Self.load(c.duration, i)
            let model = running .& .!solved
            Self.finish(i, c, now: now, elapsed: elapsed, shape: shape, slope: dy / dx)
            if model[0] || model[1] {
                // The rest through the model (rare), one animation at a time.
                for lane in 0..<2 where model[lane] {
                    let (shape, slope) = models[i + lane].valueAndVelocity(at: p[lane])
                    c.value[i + lane] = c.interval[i + lane] * shape
                    c.velocity[i + lane] = c.interval[i + lane] * (slope / c.duration[i + lane])
                }
            }
            i &+= 2
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        let i = slot[index]
        return (value.base[i], velocity.base[i])
    }

    func release() {
        for column in [duration, interval, begin, value, velocity, x1, x2, px1, px2, y1, y2, q0, q1, q2, q3, q4, q5, q6] {
            column.free()
        }
        curves.free()
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
