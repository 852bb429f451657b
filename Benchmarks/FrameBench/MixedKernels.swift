import AnimationMath
import HookeSupport

/// The `mixed` workload: a population of animated values, each driven by SwiftUI's animator
/// (`Animator<Double>`) with a mix of animations — `.spring` family (merging), timing curves and
/// modified animations (delay, speed, repeat, interpolating springs; chaining). Every frame, 1 % of
/// the values get a new target: animator i is retargeted on frames f with f ≡ i (mod 100), so each
/// frame retargets exactly every hundredth value and every value is retargeted every 100 frames.
/// Springs merge into their running integrator; the others chain behind the running animation.
public struct MixedPopulation: Sendable {
    /// The animations the population draws from (boxes shared, as an app shares its presets).
    public static let animations: [Animation] = [
        .spring, .smooth, .snappy, .bouncy, .interactiveSpring,
        .spring(response: 0.4, dampingFraction: 0.7),
        .easeInOut(duration: 0.5), .easeOut, .linear(duration: 0.6),
        .timingCurve(0.2, 0.9, 0.3, 1.2, duration: 0.45),
        .easeIn(duration: 0.3).delay(0.1),
        .easeInOut(duration: 0.8).speed(2),
        .easeOut(duration: 0.25).repeatCount(3, autoreverses: true),
        .interpolatingSpring(stiffness: 170, damping: 15),
    ]
    /// One in `retargetPeriod` values is retargeted every frame (1 %).
    public static let retargetPeriod = 100

    public var animationIndex: [Int]
    public var firstTarget: [Double]
    public var phase: [Double]
    /// The step added to the target at each retarget (alternating in sign from one retarget to the next).
    public var step: [Double]

    public var count: Int { animationIndex.count }

    public init(count: Int, seed: UInt64 = 0x4D69_7865_64) {
        var random = SplitMix64(seed: seed)
        animationIndex = []; firstTarget = []; phase = []; step = []
        for _ in 0..<count {
            animationIndex.append(Int(random.next() % UInt64(Self.animations.count)))
            firstTarget.append(random.uniform(-500, 500))
            phase.append(random.uniform(0, 0.5))
            step.append(random.uniform(1, 200))
        }
    }

    /// An animator for value `index`, animating from 0 to its first target since `−phase`.
    func makeAnimator(_ index: Int) -> Animator<Double> {
        var animator = Animator<Double>(value: 0)
        animator.setValue(firstTarget[index], animation: Self.animations[animationIndex[index]], at: -phase[index])
        return animator
    }

    /// Where value `index` — or frame `index` — falls in the retarget cycle, in 0..<`retargetPeriod`:
    /// value i is retargeted on the frames of the same phase (i ≡ f mod `retargetPeriod`).
    @inline(__always)
    static func retargetPhase(_ index: Int) -> Int {
        let remainder = index % retargetPeriod
        return remainder < 0 ? remainder + retargetPeriod : remainder
    }

    /// Applies frame `frame`'s retarget (if it is this value's turn) and evaluates the frame.
    @inline(__always)
    func tick(_ animator: inout Animator<Double>, index: Int, frame: Int, time: Double) -> Animator<Double>.Frame {
        tick(&animator, index: index, phase: Self.retargetPhase(index), frame: frame,
             framePhase: Self.retargetPhase(frame), time: time)
    }

    /// `tick(_:index:frame:time:)` with the phases given: `phase`, the value's `retargetPhase`, and
    /// `framePhase`, the frame's (a kernel keeps the values' phases instead of dividing every frame).
    @inline(__always)
    func tick(_ animator: inout Animator<Double>, index: Int, phase: Int, frame: Int, framePhase: Int,
              time: Double) -> Animator<Double>.Frame {
        if phase == framePhase {
            let sign: Double = (frame / Self.retargetPeriod) % 2 == 0 ? 1 : -1
            animator.setValue(animator.modelValue + sign * step[index],
                              animation: Self.animations[animationIndex[index]], at: time)
        }
        return animator.frame(at: time)
    }
}

/// `fast` for `mixed`: the animators stored contiguously (`Animator<Double>` values in one
/// buffer, no per-value object), grouped by animation at set-up — slot j holds value
/// `original[j]`, the slots of one animation side by side — so the animator's switch on the
/// animation's kind (one per chain entry) takes the same branch for long runs of slots (predicted,
/// and that code stays hot) instead of one of fourteen at random. The animator's semantics are
/// untouched: each slot runs `MixedPopulation.tick` with its own value's index, retarget schedule
/// and step, exactly as `naive` does.
/// Layout: `MemoryLayout<Animator<Double>>.stride` bytes inline per value (192: model, interval,
/// clock, chain bookkeeping with the chain's oldest entry — the `.spring` integrator's state inline
/// in it —, three array references and the spare state's; `Animator`'s Layout), its value index
/// (8 bytes, read only at a retarget) and retarget phase (4 bytes, as the C limit keeps it), value
/// and velocity (16 bytes); every column starts at a cache line (`Column`), so a frame reads one or
/// two lines of each animator. On the heap: the array of a chain's newer entries (read only while a
/// chain is longer than one) and a `repeatCount` entry's state storage.
final class FastMixedKernel: FrameKernel, @unchecked Sendable {
    let population: MixedPopulation
    let animators: Column<Animator<Double>>
    /// The value index of each slot.
    let original: Column<Int>
    /// The slot of each value index (read by `state(of:)` only).
    let slot: [Int]
    /// The retarget phase of each slot's value (`MixedPopulation.retargetPhase`), 32 bits as the C
    /// limit keeps it: read every frame, so its width is part of what a frame streams.
    let phase: Column<Int32>
    let value: Column<Double>, velocity: Column<Double>
    let count: Int
    let frameInterval: Double
    var stateBytesPerAnimation: Int { MemoryLayout<Animator<Double>>.stride + 8 + 4 + 16 }

    init(_ population: MixedPopulation, frameInterval: Double) {
        self.population = population
        count = population.count
        self.frameInterval = frameInterval
        let order = (0..<count).sorted {
            (population.animationIndex[$0], $0) < (population.animationIndex[$1], $1)
        }
        var slot = [Int](repeating: 0, count: count)
        for (j, index) in order.enumerated() { slot[index] = j }
        self.slot = slot
        original = Column(count: count) { order[$0] }
        phase = Column(count: count) { Int32(MixedPopulation.retargetPhase(order[$0])) }
        animators = Column(count: count) { population.makeAnimator(order[$0]) }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let time = Double(frame) * frameInterval
        let a = animators.base, index = original.base, p = phase.base, y = value.base, v = velocity.base
        let framePhase = MixedPopulation.retargetPhase(frame)
        for j in range {
            let result = population.tick(&a[j], index: index[j], phase: Int(p[j]), frame: frame,
                                         framePhase: framePhase, time: time)
            y[j] = result.value
            v[j] = result.velocity ?? 0
        }
        blackHole(y)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        let j = slot[index]
        return (value.base[j], velocity.base[j])
    }

    func release() { animators.free(); original.free(); phase.free(); value.free(); velocity.free() }
}

/// One animated value as an object holding its animator, behind the `NaiveAnimation` protocol.
final class NaiveMixedAnimation: NaiveAnimation {
    let population: MixedPopulation
    let index: Int
    let frameInterval: Double
    var animator: Animator<Double>
    var value = 0.0
    var velocity = 0.0

    init(population: MixedPopulation, index: Int, frameInterval: Double) {
        self.population = population
        self.index = index
        self.frameInterval = frameInterval
        animator = population.makeAnimator(index)
    }

    func update(at time: Double) {
        let frame = Int((time / frameInterval).rounded())
        let result = population.tick(&animator, index: index, frame: frame, time: time)
        value = result.value
        velocity = result.velocity ?? 0
    }
}

extension MixedPopulation {
    func naiveKernel(frameInterval: Double) -> NaiveKernel {
        let animations: [any NaiveAnimation] = (0..<count).map { i in
            NaiveMixedAnimation(population: self, index: i, frameInterval: frameInterval)
        }
        return NaiveKernel(animations: animations, frameInterval: frameInterval,
                           stateBytesPerAnimation: 16 + 8 + 8 + 8 + MemoryLayout<Animator<Double>>.stride + 16 + 16)
    }
}
