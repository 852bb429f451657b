import AnimationMath
import HookeSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `spring` workload's animations: closed-form springs in every regime, each at a random phase
/// of its motion, drawn from a seeded generator so that every strategy sees the same population.
///
/// Animation i moves from `from[i]` toward `target[i]` with initial velocity `initialVelocity[i]`,
/// and started `phase[i]` seconds before frame 0, so at frame f it shows the closed form at elapsed
/// time `phase[i] + f·Δt`.
///
/// Parameter ranges, chosen so every strategy stays *stable* and the error column compares
/// accuracy, not blow-ups: response r ∈ [0.3, 2] s (log-uniform) and damping ratio ζ ∈ [0, 2]
/// (one in eight undamped, one in eight critical, one in eight within 1e-9 of critical, the rest
/// uniform). Semi-implicit Euler at 60 Hz with one step per frame is stable while c·Δt < 2 and
/// k·Δt² < 4 − 2c·Δt; the stiffest, most damped spring here has c·Δt = 1.40 and k·Δt² = 0.12.
public struct SpringPopulation: Sendable {
    public var springs: [Spring]
    public var from: [Double]
    public var target: [Double]
    public var initialVelocity: [Double]
    public var phase: [Double]

    public var count: Int { springs.count }

    /// The shortest and longest response drawn, seconds (see the type's stability note).
    public static let responseRange: ClosedRange<Double> = 0.3...2
    /// The largest damping ratio drawn (see the type's stability note).
    public static let maximumDampingRatio = 2.0
    /// How far from critical the near-critical springs sit: close enough that a naive overdamped or
    /// underdamped formula would cancel catastrophically (AccuracyContracts.md asks for ζ = 1 ± 1e-9).
    public static let nearCriticalOffset = 1e-9

    public init(count: Int, seed: UInt64 = 0x486F_6F6B_65) {
        var random = SplitMix64(seed: seed)
        springs = []
        from = []
        target = []
        initialVelocity = []
        phase = []
        springs.reserveCapacity(count)
        from.reserveCapacity(count)
        target.reserveCapacity(count)
        initialVelocity.reserveCapacity(count)
        phase.reserveCapacity(count)
        let logLow = log(Self.responseRange.lowerBound), logHigh = log(Self.responseRange.upperBound)
        for _ in 0..<count {
            let response = exp(random.uniform(logLow, logHigh))
            let dampingRatio: Double
            switch random.next() % 8 {
            case 0: dampingRatio = 0
            case 1: dampingRatio = 1
            case 2: dampingRatio = random.next() % 2 == 0 ? 1 - Self.nearCriticalOffset : 1 + Self.nearCriticalOffset
            default: dampingRatio = random.uniform(0.05, Self.maximumDampingRatio)
            }
            let spring = Spring(response: response, dampingRatio: dampingRatio)
            let start = random.uniform(-100, 100)
            var end = random.uniform(-100, 100)
            if abs(end - start) < 1 { end = start + 1 }
            springs.append(spring)
            from.append(start)
            target.append(end)
            initialVelocity.append(random.uniform(-1, 1) * abs(end - start) * spring.naturalFrequency)
            phase.append(random.uniform(0, 2 * response))
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
