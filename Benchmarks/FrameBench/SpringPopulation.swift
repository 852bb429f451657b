import AnimationMath
import HookeSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `spring` workload's animations: closed-form springs drawn from a handful of presets (as a
/// real interface uses a few spring styles), each animation with its own start, target, initial
/// velocity and phase, drawn from a seeded generator so that every strategy sees the same population.
///
/// Animation i moves from `from[i]` toward `target[i]` with initial velocity `initialVelocity[i]`,
/// using spring `presets[preset[i]]` (`springs[i]` is that spring), and started `phase[i]` seconds
/// before frame 0, so at frame f it shows the closed form at elapsed time `phase[i] + f·Δt`.
///
/// The presets (`presets`, 8 of them) cover every regime: undamped, critical, within 1e-9 below and
/// above critical (close enough that a naive overdamped or underdamped formula would cancel
/// catastrophically; AccuracyContracts.md asks for ζ = 1 ± 1e-9), overdamped (ζ = 2) and three
/// underdamped ones, with responses from 0.3 s to 2 s. Each animation picks one uniformly.
///
/// Stability: every strategy stays *stable*, so the error column compares accuracy, not blow-ups.
/// Semi-implicit Euler at 60 Hz with one step per frame is stable while c·Δt < 2 and
/// k·Δt² < 4 − 2c·Δt; the stiffest preset (r = 0.3 s, ζ = 1) has c·Δt = 0.70 and k·Δt² = 0.12.
///
/// Layout the `fast` strategy keeps (`FastSpringKernel`; a C kernel doing the same work must keep
/// the same): an array of (d, v) pairs, d = x − target and v as two `Double`s side by side
/// (16 bytes per spring), an array of preset indices as `UInt16` (2 bytes) — 18 bytes read and 16
/// written per spring per frame — and a table of `presets.count` transitions for the frame
/// interval, each stored by columns as (m11, m21, m12, m22) (`SpringTransition`'s entries), that
/// every spring of that preset shares: d' = m11·d + m12·v, v' = m21·d + m22·v, no FMA. `target`
/// is a separate array read only to present the value.
public struct SpringPopulation: Sendable {
    /// The spring of each animation (`presets[preset[i]]`).
    public var springs: [Spring]
    /// Each animation's index into `presets`.
    public var preset: [UInt16]
    public var from: [Double]
    public var target: [Double]
    public var initialVelocity: [Double]
    public var phase: [Double]

    public var count: Int { springs.count }

    /// The springs the population draws from: (response, damping ratio) per preset, in the regimes
    /// the type's documentation lists.
    public static let presets: [Spring] = [
        (0.5, 0), (0.3, 1), (1.0, 1 - nearCriticalOffset), (0.8, 1 + nearCriticalOffset),
        (2.0, 2), (0.55, 0.825), (0.35, 0.15), (1.2, 0.5),
    ].map { Spring(response: $0.0, dampingRatio: $0.1) }
    /// How far from critical the near-critical presets sit (AccuracyContracts.md: ζ = 1 ± 1e-9).
    public static let nearCriticalOffset = 1e-9

    public init(count: Int, seed: UInt64 = 0x486F_6F6B_65) {
        var random = SplitMix64(seed: seed)
        springs = []
        preset = []
        from = []
        target = []
        initialVelocity = []
        phase = []
        springs.reserveCapacity(count)
        preset.reserveCapacity(count)
        from.reserveCapacity(count)
        target.reserveCapacity(count)
        initialVelocity.reserveCapacity(count)
        phase.reserveCapacity(count)
        for _ in 0..<count {
            let index = Int(random.next() % UInt64(Self.presets.count))
            let spring = Self.presets[index]
            let start = random.uniform(-100, 100)
            var end = random.uniform(-100, 100)
            if abs(end - start) < 1 { end = start + 1 }
            springs.append(spring)
            preset.append(UInt16(index))
            from.append(start)
            target.append(end)
            initialVelocity.append(random.uniform(-1, 1) * abs(end - start) * spring.naturalFrequency)
            phase.append(random.uniform(0, 2 * spring.response))
        }
    }

    /// The exact closed-form value and velocity of animation `index` at elapsed time `time`.
    public func exactState(of index: Int, elapsed time: Double) -> (value: Double, velocity: Double) {
        let spring = springs[index]
        let delta = target[index] - from[index]
        let value = from[index] + spring.value(target: delta, initialVelocity: initialVelocity[index], time: time)
        let velocity = spring.velocity(target: delta, initialVelocity: initialVelocity[index], time: time)
        return (value, velocity)
    }

    /// The scales errors are measured in: distance |target − from| for positions, distance/response
    /// for velocities (AnimationMath.docc/AccuracyContracts.md: relative to the distance).
    public func errorScales(of index: Int) -> (position: Double, velocity: Double) {
        let distance = abs(target[index] - from[index])
        return (distance, distance / springs[index].response)
    }
}
