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

/// `fast` for `curve`: concrete `UnitCurve` values (their Bézier coefficients precomputed) in
/// contiguous columns, no protocol, no objects. Layout (struct of arrays): the curve (an enum
/// holding the precomputed cubic, `MemoryLayout<UnitCurve>.stride` bytes), duration, interval,
/// begin, value, velocity (8 bytes each).
final class FastCurveKernel: FrameKernel, @unchecked Sendable {
    let curves: Column<UnitCurve>
    let duration: Column<Double>, interval: Column<Double>, begin: Column<Double>
    let value: Column<Double>, velocity: Column<Double>
    let count: Int
    let frameInterval: Double
    var stateBytesPerAnimation: Int { MemoryLayout<UnitCurve>.stride + 5 * 8 }

    init(_ population: CurvePopulation, frameInterval: Double) {
        count = population.count
        self.frameInterval = frameInterval
        curves = Column(count: count) { population.curves[$0] }
        duration = Column(count: count) { population.duration[$0] }
        interval = Column(count: count) { population.interval[$0] }
        begin = Column(count: count) { -population.phase[$0] }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let time = Double(frame) * frameInterval
        let c = curves.base, d = duration.base, x = interval.base, b = begin.base
        let y = value.base, v = velocity.base
        for i in range {
            if let (offset, rate) = curveState(c[i], interval: x[i], duration: d[i], elapsed: time - b[i]) {
                y[i] = offset
                v[i] = rate
            } else {
                x[i] = -x[i]
                b[i] = time
                y[i] = 0
                v[i] = 0
            }
        }
        blackHole(y)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { (value.base[index], velocity.base[index]) }

    func release() {
        curves.free(); duration.free(); interval.free(); begin.free(); value.free(); velocity.free()
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
