#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator m·x'' + c·x' + k·(x − target) = 0, advanced by its closed form.
///
/// With d = x − target, λ = c/2m, ω0² = k/m and the discriminant D = ω0² − λ², the state after t
/// seconds from (d0, v0) is
///
///     d(t) = e^(−λt)·((C + λS)·d0 + S·v0),   v(t) = e^(−λt)·(−ω0²·S·d0 + (C − λS)·v0),
///
/// with C = cos ωt, S = sin(ωt)/ω for ω = √D (underdamped); C = cosh μt, S = sinh(μt)/μ for
/// μ = √−D (overdamped); C = 1, S = t (critically damped). Written with S instead of the two
/// exponentials of the textbook's overdamped form, nothing cancels near critical damping
/// (sin(ωt)/ω and sinh(μt)/μ tend to t as ω, μ → 0), and overdamped the decay is folded into C and
/// S as two decaying exponentials, so nothing overflows at any t.
public struct DampedSpring: Sendable, Equatable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Displacement from the target and velocity `time` seconds after (`displacement`, `velocity`).
    public func evolve(displacement d0: Double, velocity v0: Double, time t: Double) -> (displacement: Double, velocity: Double) {
        let decay = damping / (2 * mass), naturalSquared = stiffness / mass
        let discriminant = naturalSquared - decay * decay
        let c: Double, s: Double // e^(−λt)·C and e^(−λt)·S
        if discriminant > 0 {
            let omega = discriminant.squareRoot(), scale = exp(-decay * t)
            c = scale * cos(omega * t)
            s = scale * sin(omega * t) / omega
        } else if discriminant < 0 {
            // Decay rates r1 = λ − μ = ω0²/(λ + μ) (no cancellation when λ ≫ ω0) and r2 = λ + μ.
            let mu = (-discriminant).squareRoot(), fast = decay + mu, slow = naturalSquared / fast
            if 2 * mu * t < 1 {
                let a = exp(-fast * t), g = expm1(2 * mu * t)
                c = a * (1 + g / 2)
                s = a * g / (2 * mu)
            } else {
                let e1 = exp(-slow * t), e2 = exp(-fast * t)
                c = (e1 + e2) / 2
                s = (e1 - e2) / (2 * mu)
            }
        } else {
            let scale = exp(-decay * t)
            c = scale
            s = scale * t
        }
        return ((c + decay * s) * d0 + s * v0, -naturalSquared * s * d0 + (c - decay * s) * v0)
    }
}

/// A spring motion from `from` with `velocity` toward `to`, whose target jumps at each retarget
/// while position and velocity carry over.
public struct SpringMotion: Sendable {
    public var spring: DampedSpring
    public var from: Double, to: Double, velocity: Double
    /// (time, new target), sorted by time.
    public var retargets: [(time: Double, to: Double)]

    public init(spring: DampedSpring, from: Double, to: Double, velocity: Double, retargets: [(time: Double, to: Double)] = []) {
        self.spring = spring
        self.from = from
        self.to = to
        self.velocity = velocity
        self.retargets = retargets
    }

    /// Position and velocity at each of `times` (sorted, ≥ 0).
    public func sample(at times: [Double]) -> [(value: Double, velocity: Double)] {
        var start = 0.0, target = to, d = from - to, v = velocity
        var next = 0
        return times.map { time in
            // Carry the state to each retarget at or before `time`, then change the target.
            while next < retargets.count, retargets[next].time <= time {
                let reached = spring.evolve(displacement: d, velocity: v, time: retargets[next].time - start)
                start = retargets[next].time
                d = reached.displacement + target - retargets[next].to
                v = reached.velocity
                target = retargets[next].to
                next += 1
            }
            let state = spring.evolve(displacement: d, velocity: v, time: time - start)
            return (target + state.displacement, state.velocity)
        }
    }
}
