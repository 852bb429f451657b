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

/// `fast` for `keyframes`: the shared timelines evaluated from contiguous columns, no per-animation
/// object. Layout (struct of arrays): timeline index (8 bytes), phase, value, velocity (8 bytes
/// each): 32 bytes per animation; the timelines themselves are shared.
final class FastKeyframesKernel: FrameKernel, @unchecked Sendable {
    let timelines = KeyframesPopulation.timelines
    let timelineIndex: Column<Int>
    let phase: Column<Double>, value: Column<Double>, velocity: Column<Double>
    let count: Int
    let frameInterval: Double
    var stateBytesPerAnimation: Int { 4 * 8 }

    init(_ population: KeyframesPopulation, frameInterval: Double) {
        count = population.count
        self.frameInterval = frameInterval
        timelineIndex = Column(count: count) { population.timelineIndex[$0] }
        phase = Column(count: count) { population.phase[$0] }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let time = Double(frame) * frameInterval
        let index = timelineIndex.base, p = phase.base, y = value.base, v = velocity.base
        timelines.withUnsafeBufferPointer { timelines in
            // Each call borrows the timeline in place (no `let` copy): a copy would retain the
            // timeline's shared storage, and with several threads that reference count's cache
            // line bounces between cores (measured: 2 threads ran at half the speed of one).
            for i in range {
                let j = index[i]
                let local = KeyframesPopulation.localTime(timelines[j], phase: p[i], time: time)
                (y[i], v[i]) = timelines[j].valueAndVelocity(time: local)
            }
        }
        blackHole(y)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { (value.base[index], velocity.base[index]) }

    func release() { timelineIndex.free(); phase.free(); value.free(); velocity.free() }
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
