// OscillatorReference+SettleTime.swift — the true ε-settle time of a spring, on the reference.
//
// Definition: for the motion from 0 to T (x(0) = 0, x'(0) = v0, constant target T), the settle
// time is the earliest t with |x(s) − T| < ε for every s > t; equivalently the last time with
// |x − T| ≥ ε (0 when there is none). ε is absolute, in the units of the value, as in SwiftUI's
// settlingDuration(target:initialVelocity:epsilon:) — but that function uses an envelope or a
// 0.1 s grid (AnimationMath.docc/Springs.md); this one is the exact last crossing.
//
// Method, and why each step is exact rather than heuristic:
// 1. Energy stop. With u = x − T, ω = √(k/m) and c ≥ 0, E = u² + (x'/ω)² never increases
//    (dE/dt = −2(c/m)(x'/ω)²), and |u| ≤ √E. So at the first grid time with √E < ε nothing
//    later can reach ε: the answer lies before it.
// 2. Monotone pieces. u changes direction only where x' = 0. For ζ < 1 those zeros are exactly
//    π/ω_d apart; the grid step is a quarter of that, so a grid interval holds at most one.
//    For ζ ≥ 1, x' = A e^{λ1 t} + B e^{λ2 t} (or (A + Bt)e^{λt}) has at most one zero at all.
//    An interval whose end velocities differ in sign holds exactly one turning point, located
//    by bisection on x'; otherwise u is monotone on it.
// 3. Scanning the intervals backward from the stop, the first one where |u| reaches ε (at an
//    end or its turning point) holds the last crossing on a monotone piece; bisection on
//    |u| − ε finds it to a few ulps of t. Each evaluation restarts the reference from the
//    bracket's left state, so it costs a short integration, not one from t = 0.

import Glibc

extension OscillatorReference {
    /// Grid points the settle search may visit before giving up: ~4 per half period, so this is
    /// 125 000 periods of an underdamped spring (ζ ≈ 1e−5 from 1 to ε = 1e−3).
    public static let settleGridBudget = 1_000_000
    /// Bisection on an interval of doubles halves it each step: ~60 steps reach adjacent doubles
    /// from any bracket inside [0, 1e300]; 2100 covers any pair of doubles.
    static let settleBisectionLimit = 2100
    /// A turning point is located to this fraction of its interval: |u| is flat there, so an
    /// error δ in its time changes |u| by ~½|u''|δ², far below the ODE's 1e−13·D.
    static let turningPointResolution = 1e-10

    /// The true ε-settle time: the last time |x − T| ≥ ε for the motion from 0 to `target`
    /// starting with `initialVelocity` (0 when |x − T| < ε throughout).
    ///
    /// Found on the reference by dense sampling (a quarter of a half-period, or two slow time
    /// constants when overdamped), then bisection of the last crossing; see the file comment
    /// for why no crossing can be missed.
    ///
    /// - Parameters:
    ///   - mass, stiffness: m > 0, k > 0.
    ///   - damping: c; 0 gives 0 or `.infinity` (the amplitude √(T² + (v0/ω)²) is < ε or not),
    ///     c < 0 gives `.infinity` unless the motion is identically at rest.
    ///   - epsilon: ε > 0, absolute.
    ///   - horizon: bounds the search to [0, horizon]. If the motion has provably settled by
    ///     then, the answer is exact; if |x − T| < ε at the horizon but it has not provably
    ///     settled, the answer is the last crossing before the horizon; if |x − T| ≥ ε at the
    ///     horizon, ``ReferenceError/notSettled(horizon:deviation:)``. nil searches until the
    ///     motion provably settles (up to ``settleGridBudget`` grid points).
    /// - Returns: the settle time in seconds.
    /// - Complexity: one reference solve over the settle span plus ~100 short ones.
    public static func settleTime(
        mass: Double = 1, stiffness: Double, damping: Double, target: Double = 1,
        initialVelocity: Double = 0, epsilon: Double = 0.001, horizon: Double? = nil
    ) throws -> Double {
        try settleTimeTyped(
            mass: mass, stiffness: stiffness, damping: damping, target: target,
            initialVelocity: initialVelocity, epsilon: epsilon, horizon: horizon)
    }

    private static func settleTimeTyped(
        mass: Double, stiffness: Double, damping: Double, target: Double,
        initialVelocity: Double, epsilon: Double, horizon: Double?
    ) throws(ReferenceError) -> Double {
        try requirePositive(mass, "mass")
        try requirePositive(stiffness, "stiffness")
        try requireFinite(damping, "damping")
        try requireFinite(target, "target")
        try requireFinite(initialVelocity, "initialVelocity")
        try requirePositive(epsilon, "epsilon")
        if let horizon { try requirePositive(horizon, "horizon") }

        let search = SettleSearch(
            mass: mass, stiffness: stiffness, damping: damping, target: target, epsilon: epsilon)
        let start = SettleState(time: 0, position: 0, velocity: initialVelocity)
        if damping < 0 {
            return target == 0 && initialVelocity == 0 ? 0 : .infinity
        }
        if damping == 0 {
            return search.energy(start) < epsilon ? 0 : .infinity
        }
        return try search.run(from: start, horizon: horizon)
    }
}

/// What ``OscillatorReference/settleEstimate(mass:stiffness:damping:target:initialVelocity:epsilon:)``
/// can say about a spring's ε-settle time.
public enum SettleEstimate: Equatable, Sendable {
    /// The exact settle time, found on the reference.
    case settled(Double)
    /// The motion never settles (undamped, with an amplitude ≥ ε).
    case never
    /// Beyond the search limit (more than ``OscillatorReference/settleGridBudget`` grid points,
    /// damping ratios below ~1e−5): the settle time lies in [atLeast, atMost], bounds from the
    /// closed-form envelope (`atMost` infinite and `atLeast` the largest Double when the bound
    /// ln(R/ε)/(ζω) itself overflows).
    case beyondSearch(atLeast: Double, atMost: Double)
}

extension OscillatorReference {
    /// The ε-settle time for every damped spring: exact on the reference when the search fits its
    /// budget of grid points, otherwise bounds from the closed form, never an error for valid
    /// input.
    ///
    /// The bounds, for an underdamped spring (ζ < 1, ω = √(k/m), ω_d = ω√(1 − ζ²)): with u = x − T,
    /// u(t) = R e^{−ζωt} cos(ω_d t − φ), R = √(u0² + ((v0 + ζω u0)/ω_d)²). So |u| < ε for every t
    /// after U = ln(R/ε)/(ζω) (the settle time is ≤ U), and at the times where cos(ω_d t − φ) = ±1,
    /// π/ω_d apart, |u| = R e^{−ζωt}: one of them lies in [U − π/ω_d, U] and has |u| ≥ ε, so the
    /// settle time is ≥ U − π/ω_d. The search walks ~4 grid points per half period up to U, so it
    /// costs ~4·ln(R/ε)/(πζ) points: the budget is exceeded below ζ ≈ 1e−5 (for R/ε = 1000).
    ///
    /// - Parameters: as ``settleTime(mass:stiffness:damping:target:initialVelocity:epsilon:horizon:)``,
    ///   with damping ≥ 0.
    public static func settleEstimate(
        mass: Double = 1, stiffness: Double, damping: Double, target: Double = 1,
        initialVelocity: Double = 0, epsilon: Double = 0.001
    ) throws -> SettleEstimate {
        if let bounds = settleBounds(mass: mass, stiffness: stiffness, damping: damping, target: target,
                                     initialVelocity: initialVelocity, epsilon: epsilon) {
            let omega = (stiffness / mass).squareRoot()
            let zeta = damping / (2 * (stiffness * mass).squareRoot())
            let gridStep = min(bounds.halfPeriod / 4, 2 / (zeta * omega))
            if !bounds.atMost.isFinite || bounds.atMost / gridStep > Double(settleGridBudget) * 0.9 {
                return .beyondSearch(atLeast: bounds.atLeast, atMost: bounds.atMost)
            }
        }
        let time = try settleTime(mass: mass, stiffness: stiffness, damping: damping, target: target,
                                  initialVelocity: initialVelocity, epsilon: epsilon)
        return time.isFinite ? .settled(time) : .never
    }
}

extension OscillatorReference {
    /// Bounds on the ε-settle time of an underdamped spring (0 < ζ < 1) from its closed-form
    /// envelope, and its half period π/ω_d; nil for other springs or when the amplitude R ≤ ε.
    /// See ``settleEstimate(mass:stiffness:damping:target:initialVelocity:epsilon:)`` for the
    /// argument. When ln(R/ε)/(ζω) overflows, `atMost` is infinite and `atLeast` the largest Double.
    public static func settleBounds(
        mass: Double = 1, stiffness: Double, damping: Double, target: Double = 1,
        initialVelocity: Double = 0, epsilon: Double = 0.001
    ) -> (atLeast: Double, atMost: Double, halfPeriod: Double)? {
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        guard damping > 0, zeta < 1 else { return nil }
        let dampedOmega = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
        let u0 = -target
        let b = (initialVelocity + zeta * omega * u0) / dampedOmega
        let scale = max(abs(u0), abs(b))
        guard scale > 0 else { return nil }
        let amplitude = scale * ((u0 / scale) * (u0 / scale) + (b / scale) * (b / scale)).squareRoot()
        guard amplitude > epsilon else { return nil }
        let upper = Glibc.log(amplitude / epsilon) / (zeta * omega)
        let halfPeriod = Double.pi / dampedOmega
        guard upper.isFinite else { return (.greatestFiniteMagnitude, .infinity, halfPeriod) }
        return (max(0, upper - halfPeriod), upper, halfPeriod)
    }
}

/// One point of the motion.
struct SettleState {
    var time: Double
    var position: Double
    var velocity: Double
}

/// The settle search for one spring; see the file comment.
private struct SettleSearch {
    let mass: Double, stiffness: Double, damping: Double, target: Double, epsilon: Double
    let omega: Double
    let gridStep: Double

    init(mass: Double, stiffness: Double, damping: Double, target: Double, epsilon: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.target = target
        self.epsilon = epsilon
        omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            // Turning points are π/ω_d apart; ω_d = ω√((1 − ζ)(1 + ζ)) avoids cancellation.
            let halfPeriod = Double.pi / (omega * ((1 - zeta) * (1 + zeta)).squareRoot())
            let decay = zeta * omega
            gridStep = decay > 0 ? min(halfPeriod / 4, 2 / decay) : halfPeriod / 4
        } else {
            // Any grid is exact here (at most one turning point); two slow time constants
            // keep the point count at ~ln(D/ε)/2.
            let p = damping / mass, q = stiffness / mass
            let r = (q / p) / p
            let slow = 2 * (q / p) / (1 + max(0, 1 - 4 * r).squareRoot())
            gridStep = 2 / slow
        }
    }

    /// √(u² + (x'/ω)²): an upper bound on |x − T| from this state on (c ≥ 0).
    func energy(_ s: SettleState) -> Double {
        let u = s.position - target
        let scaledVelocity = s.velocity / omega
        let scale = max(abs(u), abs(scaledVelocity))
        guard scale > 0 else { return 0 }
        let a = u / scale, b = scaledVelocity / scale
        return scale * (a * a + b * b).squareRoot()
    }

    func deviation(_ s: SettleState) -> Double { abs(s.position - target) }

    /// The reference from state `s` to each of `times` (absolute, ≥ s.time).
    func propagate(_ s: SettleState, to times: [Double]) throws(ReferenceError) -> [SettleState] {
        let problem = OscillatorProblem(
            mass: mass, stiffness: stiffness, damping: damping, initialPosition: s.position,
            initialVelocity: s.velocity, target: target)
        let offsets = times.map { max(0, $0 - s.time) }
        let solution = try OscillatorReference.solveTyped(
            problem, at: offsets, tolerance: OscillatorReference.defaultTolerance, stepper: nil)
        return times.indices.map {
            SettleState(
                time: times[$0], position: solution.positions[$0], velocity: solution.velocities[$0])
        }
    }

    func propagate(_ s: SettleState, to time: Double) throws(ReferenceError) -> SettleState {
        try propagate(s, to: [time])[0]
    }

    func run(from start: SettleState, horizon: Double?) throws(ReferenceError) -> Double {
        if energy(start) < epsilon { return 0 }
        // 1. Walk the grid in chunks until the energy stop (or the horizon).
        let chunk = 512
        var grid = [start]
        var stop: Int?
        var index = 0
        walk: while stop == nil {
            var times: [Double] = []
            var reachedHorizon = false
            for _ in 0..<chunk {
                index += 1
                var t = Double(index) * gridStep
                if let horizon, t >= horizon {
                    t = horizon
                    reachedHorizon = true
                }
                times.append(t)
                if reachedHorizon { break }
            }
            for state in try propagate(grid[grid.count - 1], to: times) {
                grid.append(state)
                if energy(state) < epsilon {
                    stop = grid.count - 1
                    break walk
                }
            }
            if reachedHorizon {
                let last = grid[grid.count - 1]
                guard deviation(last) < epsilon else {
                    throw .notSettled(horizon: last.time, deviation: deviation(last))
                }
                stop = grid.count - 1
            } else if grid.count > OscillatorReference.settleGridBudget {
                let last = grid[grid.count - 1]
                throw .notSettled(horizon: last.time, deviation: deviation(last))
            }
        }
        // 2–3. Scan backward for the last interval where |u| reaches ε.
        var j = stop! - 1
        while j >= 0 {
            if let crossing = try lastCrossing(from: grid[j], to: grid[j + 1]) { return crossing }
            j -= 1
        }
        return 0
    }

    /// The last time in [a.time, b.time] with |u| ≥ ε, given |u(b)| < ε; nil if there is none.
    func lastCrossing(from a: SettleState, to b: SettleState) throws(ReferenceError) -> Double? {
        var rightEnd = b
        if a.velocity != 0, b.velocity != 0, (a.velocity < 0) != (b.velocity < 0) {
            // One turning point inside: bracket it by bisection on the sign of x'.
            let (before, after) = try bisect(
                from: a, to: b.time, limit: (b.time - a.time) * OscillatorReference.turningPointResolution
            ) { ($0.velocity < 0) == (a.velocity < 0) }
            let peak = deviation(after) >= deviation(before) ? after : before
            if deviation(peak) >= epsilon {
                // u is monotone from the turning point to b.
                return try crossing(from: peak, to: b.time)
            }
            rightEnd = before  // |u| < ε there; u is monotone on [a, before].
        }
        guard deviation(a) >= epsilon else { return nil }
        return try crossing(from: a, to: rightEnd.time)
    }

    /// Bisection of |u| − ε on a monotone piece, from a state with |u| ≥ ε to a time with
    /// |u| < ε, down to adjacent doubles; returns the last time found with |u| ≥ ε.
    func crossing(from start: SettleState, to end: Double) throws(ReferenceError) -> Double {
        let (inside, _) = try bisect(from: start, to: end, limit: 0) { deviation($0) >= epsilon }
        return inside.time
    }

    /// Shrinks [lo, hi] while keeping `holds(lo)` true and `holds(hi)` false, carrying the state
    /// at lo forward so each evaluation is a short integration. Stops when the width is ≤ `limit`
    /// or the midpoint is no longer strictly inside.
    func bisect(
        from start: SettleState, to end: Double, limit: Double, holds: (SettleState) -> Bool
    ) throws(ReferenceError) -> (lo: SettleState, hi: SettleState) {
        var lo = start
        var hi = try propagate(start, to: end)
        for _ in 0..<OscillatorReference.settleBisectionLimit {
            guard hi.time - lo.time > limit else { break }
            let mid = lo.time + (hi.time - lo.time) / 2
            guard mid > lo.time, mid < hi.time else { break }
            let s = try propagate(lo, to: mid)
            if holds(s) { lo = s } else { hi = s }
        }
        return (lo, hi)
    }
}
