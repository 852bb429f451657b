import AnimationMath
import CLimitKernels

/// `limit` and `limit-avx2` for `mixed`: `hooke_limit_mixed_*` (Benchmarks/CLimitKernels/MixedLimit.c)
/// per animation group — the animator and the population's animations written directly in C, one
/// fixed-size record per value (`hooke_mixed_animator`: model, interval, chain bookkeeping and up to
/// `HOOKE_MIXED_CHAIN` entries inline, no heap), bit for bit the Swift animator's values and
/// velocities. The population, its retargets and the slot order (grouped by animation, as `fast`
/// groups them) are `FastMixedKernel`'s.
final class LimitMixedKernel: FrameKernel, @unchecked Sendable {
    let count: Int
    let frameInterval: Double
    let avx2: Bool
    /// Per animation of `MixedPopulation.animations`, its C description; per group, its slots.
    let animations: UnsafeMutableBufferPointer<hooke_mixed_animation>
    let groups: [(animation: Int, slots: Range<Int>)]
    let animators: Column<hooke_mixed_animator>
    /// Per slot: its value's retarget phase and step, and the frame's value and velocity.
    let phase: Column<Int32>, step: Column<Double>, value: Column<Double>, velocity: Column<Double>
    /// The slot of each value index (read by `state(of:)` only).
    let slot: [Int]
    var stateBytesPerAnimation: Int { MemoryLayout<hooke_mixed_animator>.stride + 4 + 8 + 16 }
    /// The chain entries a C record holds (`HOOKE_MIXED_CHAIN`).
    static let longestChain = Int(HOOKE_MIXED_CHAIN)

    init(_ population: MixedPopulation, frameInterval: Double, avx2: Bool) {
        count = population.count
        self.frameInterval = frameInterval
        self.avx2 = avx2
        let order = (0..<count).sorted {
            (population.animationIndex[$0], $0) < (population.animationIndex[$1], $1)
        }
        var slot = [Int](repeating: 0, count: count)
        for (j, index) in order.enumerated() { slot[index] = j }
        self.slot = slot
        animations = .allocate(capacity: MixedPopulation.animations.count)
        for (i, animation) in MixedPopulation.animations.enumerated() {
            (animations.baseAddress! + i).initialize(to: Self.describe(animation))
        }
        var groups: [(animation: Int, slots: Range<Int>)] = []
        var start = 0
        while start < count {
            let animation = population.animationIndex[order[start]]
            var end = start
            while end < count, population.animationIndex[order[end]] == animation { end += 1 }
            groups.append((animation, start..<end))
            start = end
        }
        self.groups = groups
        phase = Column(count: count) { Int32(MixedPopulation.retargetPhase(order[$0])) }
        step = Column(count: count) { population.step[order[$0]] }
        value = Column(repeating: 0, count: count)
        velocity = Column(repeating: 0, count: count)
        // `MixedPopulation.makeAnimator`: idle at 0, then its first target since −phase.
        let animations = self.animations
        animators = Column(count: count) { j in
            var animator = hooke_mixed_animator()
            let index = order[j]
            let status = hooke_mixed_set_value(animations.baseAddress! + population.animationIndex[index], &animator,
                                               population.firstTarget[index], -population.phase[index])
            precondition(status == 0, "mixed limit: the first change cannot outgrow the chain")
            return animator
        }
    }

    /// The C description of one of the population's animations, its constants formed by the
    /// operations the library forms them with (so the C kernel computes the same numbers).
    static func describe(_ animation: Animation) -> hooke_mixed_animation {
        var d = hooke_mixed_animation()
        d.speed = 1
        var base = animation.base
        if let spring = base as? FluidSpringAnimation {
            d.kind = Int32(HOOKE_MIXED_SPRING)
            d.stiffness = SpringIntegratorState<Double>.stiffness(response: spring.response)
            d.damping = SpringIntegratorState<Double>.damping(stiffness: d.stiffness, dampingRatio: spring.dampingFraction)
            return d
        }
        if let spring = base as? InterpolatingSpringAnimation {
            let omega0 = (spring.stiffness / spring.mass).squareRoot()
            let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
            precondition(zeta > 0 && zeta < 1, "mixed limit: interpolating springs with 0 < ζ < 1 only")
            d.kind = Int32(HOOKE_MIXED_INTERPOLATING)
            d.initial_velocity = spring.initialVelocity
            d.decay_rate = zeta * omega0
            d.damped_frequency = omega0 * (1 - zeta * zeta).squareRoot()
            d.amplitude = (d.decay_rate - spring.initialVelocity) / d.damped_frequency
            return d
        }
        // A timing curve under at most one modifier.
        if let delay = base as? DelayAnimation {
            d.delay = delay.delay
            base = delay.base.base
        } else if let speed = base as? SpeedAnimation {
            d.speed = speed.speed
            base = speed.base.base
        } else if let repeating = base as? RepeatAnimation {
            precondition(repeating.repeatCount != nil, "mixed limit: repeatForever is not in the population")
            d.passes = Int32(max(repeating.repeatCount!, 1))
            d.autoreverses = repeating.autoreverses ? 1 : 0
            base = repeating.base.base
        }
        guard let curve = base as? TimingCurveAnimation else { preconditionFailure("mixed limit: no C path for \(animation)") }
        d.kind = Int32(HOOKE_MIXED_CURVE)
        d.duration = curve.duration
        if let start = curve.curve.startControlPoint, let end = curve.curve.endControlPoint {
            let c = BezierLanes.coefficients(x1: start.x, y1: start.y, x2: end.x, y2: end.y)
            d.bezier = 1
            (d.x1, d.x2, d.px1, d.px2, d.y1, d.y2) = (c[0], c[1], c[2], c[3], c[4], c[5])
            d.samples = (c[6], c[7], c[8], c[9], c[10], c[11], c[12])
        } else {
            precondition(curve.curve == .linear, "mixed limit: linear and Bézier curves only")
        }
        return d
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let time = Double(frame) * frameInterval
        let framePhase = Int32(MixedPopulation.retargetPhase(frame))
        for group in groups {
            let slots = group.slots.clamped(to: range)
            guard !slots.isEmpty else { continue }
            let animation = UnsafePointer(animations.baseAddress! + group.animation)
            let status = avx2
                ? hooke_limit_mixed_avx2(animation, animators.base, phase.base, step.base, value.base, velocity.base,
                                         Int64(frame), framePhase, time, slots.lowerBound, slots.upperBound)
                : hooke_limit_mixed_base(animation, animators.base, phase.base, step.base, value.base, velocity.base,
                                         Int64(frame), framePhase, time, slots.lowerBound, slots.upperBound)
            if status != 0 {
                fatalError("mixed limit: a chain of \(MixedPopulation.animations[group.animation]) outgrew "
                           + "HOOKE_MIXED_CHAIN at frame \(frame)")
            }
        }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        let j = slot[index]
        return (value.base[j], velocity.base[j])
    }

    func release() {
        animators.free(); phase.free(); step.free(); value.free(); velocity.free()
        animations.deallocate()
    }
}
