import AnimationMath
import ReferenceSolver

// The `spring` workload's five strategies. Each advances the same `SpringPopulation`; after frame f
// each reports the value and velocity at elapsed time phase + f·Δt.

// MARK: naive

/// The baseline's per-animation interface: what an object-per-animation engine calls every frame.
protocol NaiveAnimation: AnyObject {
    /// Recomputes the presented value and velocity at frame time `time`.
    func update(at time: Double)
    var value: Double { get }
    var velocity: Double { get }
}

/// One spring as an object: the closed form evaluated from the start of the motion each frame,
/// value and velocity from one call (`Spring.valueAndVelocity`: one `exp` and one `sin`/`cos` pair
/// from glibc), as a careful object-per-animation engine would call it.
final class NaiveSpringAnimation: NaiveAnimation {
    let spring: Spring
    let from: Double, delta: Double, initialVelocity: Double, phase: Double
    var value: Double
    var velocity: Double

    init(spring: Spring, from: Double, delta: Double, initialVelocity: Double, phase: Double) {
        self.spring = spring
        self.from = from
        self.delta = delta
        self.initialVelocity = initialVelocity
        self.phase = phase
        value = from
        velocity = initialVelocity
    }

    func update(at time: Double) {
        let elapsed = phase + time
        let state = spring.valueAndVelocity(target: delta, initialVelocity: initialVelocity, time: elapsed)
        value = from + state.value
        velocity = state.velocity
    }
}

/// `naive`: an array of class instances behind a protocol (one dynamic call, one pointer chase and
/// a retain/release per animation), glibc transcendental functions every frame.
final class NaiveKernel: FrameKernel, @unchecked Sendable {
    private var animations: [any NaiveAnimation]
    let frameInterval: Double
    let stateBytesPerAnimation: Int

    init(animations: [any NaiveAnimation], frameInterval: Double, stateBytesPerAnimation: Int) {
        self.animations = animations
        self.frameInterval = frameInterval
        self.stateBytesPerAnimation = stateBytesPerAnimation
    }

    var count: Int { animations.count }

    func advance(_ range: Range<Int>, to frame: Int) {
        let time = Double(frame) * frameInterval
        for index in range { animations[index].update(at: time) }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (animations[index].value, animations[index].velocity)
    }

    func release() { animations = [] }
}

extension SpringPopulation {
    /// The `naive` kernel: one `NaiveSpringAnimation` object per spring.
    func naiveKernel(frameInterval: Double) -> NaiveKernel {
        let animations: [any NaiveAnimation] = (0..<count).map { i in
            NaiveSpringAnimation(spring: springs[i], from: from[i], delta: target[i] - from[i],
                                 initialVelocity: initialVelocity[i], phase: phase[i])
        }
        // Object header (16) + Spring (4 × 8) + from, delta, v0, phase, value, velocity (6 × 8),
        // plus the existential's 16 bytes in the array.
        return NaiveKernel(animations: animations, frameInterval: frameInterval, stateBytesPerAnimation: 16 + 32 + 48 + 16)
    }
}

// MARK: fast

/// `fast`: the exact per-frame state transition, one matrix per spring preset shared by every
/// animation of that preset (same spring, same frame interval: the same matrix).
///
/// Layout (`SpringPopulation`'s documentation; struct of arrays): `state`, the pair (d, v) of
/// displacement d = x − target and velocity v per spring (`SIMD2<Double>`, read and written every
/// frame), `preset` (`UInt16`, read every frame) — 18 bytes read and 16 written per spring per
/// frame — and the table `transitions`, one matrix for Δt per preset stored by columns,
/// (m11, m21) and (m12, m22) (a few hundred bytes, in L1). `target` is read only to present the
/// value. A frame is `(d, v) ← (m11, m21)·d + (m12, m22)·v` with the preset's matrix: the four
/// multiplies and two adds of `SpringTransition.apply` as two-lane vector operations (the same
/// operations in the same order, so the same bits), no transcendental function, no branch. One
/// 16-byte load of the state, two of the matrix and one store per spring: the shared matrix costs
/// loads from L1, not bandwidth.
///
/// Exactness: the matrix is the exact transition to a few ulps (`SpringTransition`'s contract),
/// and composing it n times equals the transition of n·Δt up to ~n ulps of rounding, so after
/// thousands of frames the state still agrees with the closed form to ~1e-13 of the distance.
final class FastSpringKernel: FrameKernel, @unchecked Sendable {
    /// One shared transition by columns: `first` = (m11, m21), `second` = (m12, m22).
    struct SharedTransition: Equatable {
        var first: SIMD2<Double>, second: SIMD2<Double>

        init(_ m: SpringTransition) {
            first = SIMD2(m.m11, m.m21)
            second = SIMD2(m.m12, m.m22)
        }
    }

    let state: Column<SIMD2<Double>>
    let preset: Column<UInt16>
    let transitions: Column<SharedTransition>
    let target: Column<Double>
    let count: Int
    /// (d, v), the preset index and the target.
    var stateBytesPerAnimation: Int { MemoryLayout<SIMD2<Double>>.stride + MemoryLayout<UInt16>.stride + MemoryLayout<Double>.stride }
    /// (d, v) read and written, the preset index read.
    var bytesMovedPerAnimation: Int? { MemoryLayout<SIMD2<Double>>.stride + MemoryLayout<UInt16>.stride }

    init(_ population: SpringPopulation, frameInterval: Double) {
        count = population.count
        let presets = SpringPopulation.presets
        transitions = Column(count: presets.count) { SharedTransition(presets[$0].transition(deltaTime: frameInterval)) }
        state = Column(count: count) { i in
            let initial = population.exactState(of: i, elapsed: population.phase[i])
            return SIMD2(initial.value - population.target[i], initial.velocity)
        }
        preset = Column(count: count) { population.preset[$0] }
        target = Column(count: count) { population.target[$0] }
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let s = state.base, p = preset.base, table = transitions.base
        for i in range {
            let m = table[Int(p[i])]
            let x = s[i]
            s[i] = m.first * x.x + m.second * x.y
        }
        blackHole(s)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        let x = state.base[index]
        return (target.base[index] + x.x, x.y)
    }

    func release() {
        state.free()
        preset.free()
        transitions.free()
        target.free()
    }
}

// MARK: euler and rk4

/// The state both fixed-step integrators share. Layout (struct of arrays, 5 columns of `Double`,
/// 40 bytes per spring): displacement d = x − target, velocity v, stiffness k/m, damping c/m, target.
class IntegratedSpringKernel: @unchecked Sendable {
    let displacement: Column<Double>, velocity: Column<Double>
    let stiffness: Column<Double>, damping: Column<Double>, target: Column<Double>
    let count: Int
    let frameInterval: Double
    /// Steps per frame, each of Δt/substeps (1: one step per frame, as popular engines do; more to
    /// buy accuracy, see `EqualAccuracy`).
    let substeps: Int
    var stateBytesPerAnimation: Int { 5 * MemoryLayout<Double>.stride }

    init(_ population: SpringPopulation, frameInterval: Double, substeps: Int = 1) {
        count = population.count
        self.frameInterval = frameInterval
        self.substeps = max(substeps, 1)
        var initial: [(value: Double, velocity: Double)] = []
        initial.reserveCapacity(count)
        for i in 0..<count { initial.append(population.exactState(of: i, elapsed: population.phase[i])) }
        displacement = Column(count: count) { initial[$0].value - population.target[$0] }
        velocity = Column(count: count) { initial[$0].velocity }
        stiffness = Column(count: count) { population.springs[$0].stiffness / population.springs[$0].mass }
        damping = Column(count: count) { population.springs[$0].damping / population.springs[$0].mass }
        target = Column(count: count) { population.target[$0] }
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (target.base[index] + displacement.base[index], velocity.base[index])
    }

    func release() {
        for column in [displacement, velocity, stiffness, damping, target] { column.free() }
    }
}

/// `euler`: semi-implicit (symplectic) Euler, one step per frame (or `substeps`), as several popular engines do:
/// `v += (−k·d − c·v)·Δt; d += v·Δt`. First-order accurate: errors of a few percent of the distance.
final class EulerSpringKernel: IntegratedSpringKernel, FrameKernel, @unchecked Sendable {
    func advance(_ range: Range<Int>, to frame: Int) {
        let d = displacement.base, v = velocity.base, k = stiffness.base, c = damping.base
        let h = frameInterval / Double(substeps), n = substeps
        for i in range {
            var di = d[i], vi = v[i]
            let ki = k[i], ci = c[i]
            for _ in 0..<n {
                vi += (-ki * di - ci * vi) * h
                di += vi * h
            }
            d[i] = di
            v[i] = vi
        }
        blackHole(d)
    }
}

/// `rk4`: the classical fourth-order Runge–Kutta method, one step per frame, on d' = v,
/// v' = −k·d − c·v. Fourth-order accurate; four force evaluations per frame.
final class RK4SpringKernel: IntegratedSpringKernel, FrameKernel, @unchecked Sendable {
    func advance(_ range: Range<Int>, to frame: Int) {
        let d = displacement.base, v = velocity.base, kk = stiffness.base, cc = damping.base
        let h = frameInterval / Double(substeps), half = 0.5 * h, sixth = h / 6, n = substeps
        for i in range {
            let k = kk[i], c = cc[i]
            var d0 = d[i], v0 = v[i]
            for _ in 0..<n {
                let a1 = -k * d0 - c * v0
                let d2 = d0 + half * v0, v2 = v0 + half * a1
                let a2 = -k * d2 - c * v2
                let d3 = d0 + half * v2, v3 = v0 + half * a2
                let a3 = -k * d3 - c * v3
                let d4 = d0 + h * v3, v4 = v0 + h * a3
                let a4 = -k * d4 - c * v4
                d0 += sixth * (v0 + 2 * v2 + 2 * v3 + v4)
                v0 += sixth * (a1 + 2 * a2 + 2 * a3 + a4)
            }
            d[i] = d0
            v[i] = v0
        }
        blackHole(d)
    }
}

// MARK: gsl

/// `gsl`: GSL's adaptive rk8pd (or bsimp for stiff springs) stepping every animation through each
/// frame interval, restarted from the current state every frame (`OscillatorReference.solve`, which
/// allocates a driver per call). Hundreds of times slower than the rest: only for small N.
final class GSLSpringKernel: IntegratedSpringKernel, FrameKernel, @unchecked Sendable {
    let mass: Column<Double>
    /// The first GSL failure, if any (reported by the runner instead of the timings).
    private(set) var failure: String?

    init(_ population: SpringPopulation, frameInterval: Double) {
        mass = Column(count: population.count) { population.springs[$0].mass }
        super.init(population, frameInterval: frameInterval)
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        let d = displacement.base, v = velocity.base, k = stiffness.base, c = damping.base, m = mass.base
        let times = [frameInterval]
        for i in range {
            let problem = OscillatorProblem(mass: m[i], stiffness: k[i] * m[i], damping: c[i] * m[i],
                                            initialPosition: d[i], initialVelocity: v[i], target: 0)
            do {
                let step = try OscillatorReference.solve(problem, at: times)
                d[i] = step.positions[0]
                v[i] = step.velocities[0]
            } catch {
                if failure == nil { failure = "\(error)" }
            }
        }
        blackHole(d)
    }

    override func release() {
        mass.free()
        super.release()
    }
}
