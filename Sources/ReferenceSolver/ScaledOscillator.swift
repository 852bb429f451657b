// ScaledOscillator.swift — the oscillator in the dimensionless coordinates the integrator uses.
//
// GSL's error control bounds each step's local error by epsabs + epsrel·|y_i| per component
// (gsl_odeiv2_control_y_new). That only means "1e-13 relative to the motion" when both
// components are O(1), so the integrator works with
//
//     u = (x − target) / D,     w = x' / (D·ω),
//     du/dt = ω·w,              dw/dt = −(k / (m ω))·u − (c / m)·w,
//
// where D is the distance scale of the problem and ω its rate scale. Time is not rescaled, so
// sample and event times reach GSL exactly as given. A retarget to T′ shifts u by (T − T′)/D.
//
// Goals, in order: 1. the tolerance means the same thing for every spring (relative to the
// distance, in position and in velocity / ω); 2. pick a stepper that is accurate and cheap;
// 3. know when the solution has provably decayed, so long spans cost nothing.

import Glibc

/// The problem's constants in scaled coordinates, and what the stepper choice needs to know.
struct ScaledOscillator {
    /// Rate scale ω (1/s): √(|k|/m) if k ≠ 0, else |c|/m if c ≠ 0, else 1.
    let rate: Double
    /// Distance scale D: the largest of |x0 − T0|, |v0|/ω and the target jumps; 1 when all are 0.
    let distance: Double
    /// −k / (m ω), the coefficient of u in dw/dt.
    let coupling: Double
    /// −c / m, the coefficient of w in dw/dt.
    let friction: Double
    /// The slowest decay rate (1/s) when every solution provably decays to the target
    /// (k > 0 and c > 0), else nil. For ζ ≤ 1 it is c/2m; for ζ > 1 the slow eigenvalue's size.
    let decayRate: Double?
    /// The largest eigenvalue magnitude of [[0, 1], [−k/m, −c/m]] (1/s), an upper bound on how
    /// fast anything in the solution moves.
    let fastRate: Double
    /// |λ_fast / λ_slow| for an overdamped spring (≈ 4ζ² for ζ ≫ 1), 1 otherwise.
    let stiffnessRatio: Double
    /// The damped angular frequency ω_d = √(k/m − (c/2m)²) (1/s) when the motion oscillates
    /// (complex eigenvalues), else nil.
    let dampedFrequency: Double?

    init(_ problem: OscillatorProblem) throws(ReferenceError) {
        let m = problem.mass, k = problem.stiffness, c = problem.damping
        let q = k / m  // ω0², signed
        let p = c / m  // 2λ, signed
        let rate: Double
        if q != 0 {
            rate = (abs(q)).squareRoot()
        } else if p != 0 {
            rate = abs(p)
        } else {
            rate = 1
        }
        guard rate.isFinite, rate > 0, q.isFinite, p.isFinite else {
            throw .invalidInput(
                field: "stiffness", value: k,
                expected: "k/m and c/m within the range of Double (mass \(m), damping \(c))")
        }
        self.rate = rate
        distance = try Self.distanceScale(problem, rate: rate)
        coupling = -q / rate
        friction = -p
        if q > 0 {
            let zeta = p / (2 * q.squareRoot())
            dampedFrequency = abs(zeta) < 1 ? q.squareRoot() * ((1 - zeta) * (1 + zeta)).squareRoot() : nil
        } else {
            dampedFrequency = nil
        }
        (decayRate, fastRate, stiffnessRatio) = Self.eigenvalueRates(q: q, p: p)
    }

    /// D: the largest of |x0 − T0|, |v0|/ω and the target jumps; 1 when all are 0.
    static func distanceScale(_ problem: OscillatorProblem, rate: Double) throws(ReferenceError) -> Double {
        var distance = abs(problem.initialPosition - problem.target)
        distance = max(distance, abs(problem.initialVelocity) / rate)
        var previous = problem.target
        for event in problem.retargets {
            distance = max(distance, abs(event.target - previous))
            previous = event.target
        }
        if distance == 0 { distance = 1 }
        guard distance.isFinite, (distance * rate).isFinite else {
            throw .invalidInput(
                field: "initialVelocity", value: problem.initialVelocity,
                expected: "distances and velocities within the range of Double")
        }
        return distance
    }

    /// For λ² + pλ + q = 0 (p = c/m, q = k/m): the slowest decay rate when every solution decays
    /// (q > 0, p > 0), the largest eigenvalue magnitude (or a bound on it), and |λ_fast / λ_slow|.
    static func eigenvalueRates(q: Double, p: Double) -> (decay: Double?, fast: Double, stiffnessRatio: Double) {
        guard q > 0 && p > 0 else {
            // |λ| ≤ |p| + √|q| for both roots: a bound is enough here.
            return (nil, abs(p) + abs(q).squareRoot(), 1)
        }
        // Overdamped iff p² > 4q, written as 4r < 1 with r = q/p² so that nothing overflows for
        // extreme springs.
        let r = (q / p) / p
        guard 4 * r < 1 else { return (p / 2, q.squareRoot(), 1) }
        let s = 1 + (1 - 4 * r).squareRoot()  // in (1, 2]: no cancellation
        let fast = p * s / 2
        let slow = 2 * (q / p) / s  // = q / fast, the product of the roots is q
        return (slow, fast, fast / slow)
    }
}

extension ScaledOscillator {
    /// Above this stiffness ratio bsimp is always used. 1000 is ζ ≈ 16: rk8pd's step there is
    /// already set by stability on every span longer than a few slow time constants.
    static let stiffRatioThreshold = 1e3
    /// Between `stiffRatioSecondary` and `stiffRatioThreshold` (ζ ≈ 1.7 … 16), bsimp is used when
    /// rk8pd would need more than this many stability-bound steps (≈ 13 evaluations each): about
    /// 0.3 M evaluations, a few tens of milliseconds.
    static let stabilityStepThreshold = 2e4
    static let stiffRatioSecondary = 10.0
    /// The extent of rk8pd's stability region along the negative real axis, roughly 5 (in units of
    /// h·|λ|); only used in the step estimate above, so its exact value does not matter.
    static let rk8pdStabilityRadius = 5.0
    /// After ~50 slow time constants (e^−50 ≈ 2e−22) a segment is past the decay cutoff
    /// (``OscillatorIntegrator/decayedFraction`` · tolerance ≈ 1e−16) and costs nothing more.
    static let decayTimeConstants = 50.0

    /// The stepper for a problem whose segments between retargets (clipped to the last sample)
    /// last `segmentLengths`.
    ///
    /// bsimp when the spring is stiff — a large stiffness ratio, or rk8pd's stability-bound step
    /// count over the span where the solution is still non-negligible would be large — else
    /// rk8pd, the more accurate reference on ordinary springs.
    func recommendedStepper(segmentLengths: [Double]) -> ReferenceStepper {
        guard let decayRate, stiffnessRatio > Self.stiffRatioSecondary else { return .rk8pd }
        if stiffnessRatio >= Self.stiffRatioThreshold { return .bsimp }
        let activeSpan = Self.decayTimeConstants / decayRate
        var estimatedSteps = 0.0
        for length in segmentLengths {
            estimatedSteps += fastRate * min(length, activeSpan) / Self.rk8pdStabilityRadius
        }
        return estimatedSteps > Self.stabilityStepThreshold ? .bsimp : .rk8pd
    }

    /// A first step (s) that is accurate for either stepper: 1% of the fastest time scale.
    /// The step control grows it by up to 5× per step, so a small start costs only a few steps.
    var initialStep: Double { 0.01 / max(rate, fastRate) }
}

extension ScaledOscillator {
    /// How long until every solution starting from a scaled state of norm ≤ `norm` is provably
    /// below `level` (same units), or nil when the problem does not decay (k ≤ 0 or c ≤ 0).
    ///
    /// The bound: with α = c/2m, A the scaled system matrix and B = A + αI, Cayley–Hamilton
    /// gives B² = (α² − k/m) I =: β² I, hence
    ///     e^{At} = e^{−αt} (cosh βt · I + (sinh βt / β) · B)
    /// (cos and sin of |β|t when β² < 0, I + tB when β = 0). With cosh x ≤ e^x and
    /// sinh x / x ≤ cosh x this gives, for every regime,
    ///     ‖e^{At}‖₂ ≤ e^{−α_s t} (1 + ‖B‖_F t),
    /// α_s the slowest decay rate (α − β, or α when underdamped). The time solves
    /// norm · e^{−α_s t}(1 + ‖B‖_F t) = level by fixed-point iteration on
    /// t = (ln(norm/level) + ln(1 + ‖B‖_F t)) / α_s, which increases monotonically to the root.
    func decayTime(from norm: Double, below level: Double) -> Double? {
        guard let slow = decayRate, norm.isFinite else { return nil }
        guard norm > level else { return 0 }
        let alpha = -friction / 2
        let b = (2 * alpha * alpha + rate * rate + coupling * coupling).squareRoot()
        let logRatio = Glibc.log(norm / level)
        var t = logRatio / slow
        for _ in 0..<100 {
            let next = (logRatio + Glibc.log(1 + b * t)) / slow
            if next <= t { break }
            t = next
        }
        // The iteration stops at (or just below) the root; a 1% margin puts it past the root.
        return t * 1.01
    }
}
