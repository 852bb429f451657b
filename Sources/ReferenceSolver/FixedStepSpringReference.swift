// FixedStepSpringReference.swift — SwiftUI's 1/300 s `.spring` rule in closed form: the state
// after n steps as the n-th power of the rule's step matrix, formed with GSL's BLAS.
//
// The rule, per step h (AnimationMath's `SpringIntegratorState.advance`):
//
//     f = F·h/2 + v;   x += f·h;   F = −2√k·ζ·f + k(Δ − x);   v = F·h/2 + f
//
// is linear in the homogeneous state s = (x, v, F, Δ) (Δ, the target, is carried along unchanged),
// so one step is s ← M·s with M = K₂·P·D·K₁ — the half-step kick into f, the drift of x, the new
// force, the second kick — and n steps are Mⁿ·s, formed by binary powering (⌈log₂ n⌉ squarings and
// as many products, `gsl_blas_dgemm`).
//
// What is independent of AnimationMath: the evaluation. The rule is written down here from its
// formula, not called, and evaluated as a matrix power instead of n sequential updates: a different
// order of every operation, different rounding, and exact divisions by 2 and by 1/h where the
// integrator multiplies by rounded reciprocals. Agreement to ~1e-13 of the distance therefore shows
// that the integrator computes the rule, and — given the same events — that whatever drives it
// (the animator's merge) runs the steps it should, toward the target it should, in the order it
// should. What is *not* independent: the rule itself (the formula above is SwiftUI's, matched to real
// recordings elsewhere; the stiffness cap, the restart after a gap and the rest test below come from
// the open re-implementations only, and are unverified on a device) and its clock (`stepCount`: the steps are taken while the accumulated clock
// is below the requested time, and that clock is summed in floating point as the rule sums it —
// which step a frame lands on is part of the rule, not of the arithmetic). A continuous solution of
// the ODE m·x'' + c·x' + k(x − Δ) = 0 cannot serve as this reference: the rule departs from it by
// O(h) (0.4 % of Δ for response 0.5 from its zero initial force alone), nine orders above what is
// checked here; `OscillatorReference` measures that departure.

import CGSL

/// SwiftUI's fixed-step `.spring` rule evaluated as powers of its step matrix (see the file header).
public struct FixedStepSpringReference: Sendable {
    /// Position, velocity and force of the rule's state (the same three numbers as the integrator's).
    public struct State: Sendable, Hashable {
        public var position: Double
        public var velocity: Double
        public var force: Double

        public init(position: Double = 0, velocity: Double = 0, force: Double = 0) {
            self.position = position
            self.velocity = velocity
            self.force = force
        }
    }

    /// k, already capped as the rule caps it.
    public var stiffness: Double
    /// ζ.
    public var dampingRatio: Double
    /// h.
    public var step: Double

    public init(stiffness: Double, dampingRatio: Double, step: Double = 1.0 / 300.0) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        self.step = step
    }

    /// The rule's cap on the stiffness (2π/response)² (unverified: SwiftUI's, as the open
    /// re-implementations have it; responses below 2π/√45000 ≈ 0.0296 s all run at the cap).
    public static let stiffnessCap = 45_000.0
    /// A gap longer than this (s) between the clock and the requested time restarts the clock …
    public static let restartGap = 1.0
    /// … this long (s) before the requested time: one frame at 60 Hz (unverified, as the cap).
    public static let restartLead = 1.0 / 60.0
    /// The rule's rest thresholds (unverified, as the cap): it finishes when both the velocity and
    /// the force are at most 0.06 in size and the offset is within 1 % of the target (any offset
    /// when the target is 0) — absolute figures, so when a motion finishes depends on its size.
    public static let restSpeed = 0.06
    public static let restFraction = 0.01

    /// k for `response`: (2π/response)², capped at `stiffnessCap`.
    public static func stiffness(response: Double) -> Double {
        let omega = 2 * Double.pi / response
        return Swift.min(omega * omega, stiffnessCap)
    }

    /// Whether the rule stops at `state` with target `interval`.
    public static func isAtRest(_ state: State, interval: Double) -> Bool {
        let still = Swift.max(state.velocity * state.velocity, state.force * state.force) <= restSpeed * restSpeed
        return still && (interval == 0 || Swift.abs(interval - state.position) <= Swift.abs(restFraction * interval))
    }

    /// The number of steps the rule takes to bring its clock from `clock` to at least `time`, and
    /// the clock it then reads: the clock is summed `clock + h + h + …` in floating point while it
    /// is below `time`, exactly as the rule sums it. After a gap longer than `restartGap` the clock
    /// first restarts at `time − restartLead`.
    public static func stepCount(from clock: Double, to time: Double, step: Double = 1.0 / 300.0) -> (steps: Int, clock: Double) {
        var t = time - clock > restartGap ? time - restartLead : clock, n = 0
        while t < time {
            t += step
            n += 1
        }
        return (n, t)
    }

    /// The state after `steps` steps toward `interval` from `state`.
    /// - Throws: ``ReferenceError/invalidInput(field:value:expected:)`` for a non-finite input or a
    ///   negative count; ``ReferenceError/gslFailure(function:status:reason:)`` if BLAS fails.
    public func advance(_ state: State, toward interval: Double, steps: Int) throws(ReferenceError) -> State {
        prepareGSL()
        for (field, value) in [("stiffness", stiffness), ("dampingRatio", dampingRatio), ("step", step),
                               ("interval", interval), ("state.position", state.position),
                               ("state.velocity", state.velocity), ("state.force", state.force)]
        where !value.isFinite {
            throw .invalidInput(field: field, value: value, expected: "a finite number")
        }
        guard steps >= 0 else { throw .invalidInput(field: "steps", value: Double(steps), expected: "a count ≥ 0") }
        let power = try Self.power(stepMatrix(), steps)
        let s = [state.position, state.velocity, state.force, interval]
        func row(_ i: Int) -> Double { (0..<4).reduce(0) { $0 + power[4 * i + $1] * s[$1] } }
        return State(position: row(0), velocity: row(1), force: row(2))
    }

    /// The spectral radius of one step with the target at 0: the largest |μ| over the eigenvalues μ
    /// of the upper-left 3×3 block of the step matrix (the rule on (x − Δ, v, F)), the roots of its
    /// characteristic polynomial by `gsl_poly_complex_solve`. Below 1 the rule decays, above
    /// 1 it grows.
    public func spectralRadius() throws(ReferenceError) -> Double {
        prepareGSL()
        let m = try stepMatrix()
        func a(_ i: Int, _ j: Int) -> Double { m[4 * i + j] }
        let trace: Double = a(0, 0) + a(1, 1) + a(2, 2)
        func minor(_ i: Int, _ j: Int, _ k: Int, _ l: Int) -> Double { a(i, k) * a(j, l) - a(i, l) * a(j, k) }
        let minors: Double = minor(0, 1, 0, 1) + minor(0, 2, 0, 2) + minor(1, 2, 1, 2)
        let first: Double = a(0, 0) * minor(1, 2, 1, 2)
        let second: Double = a(0, 1) * minor(1, 2, 0, 2)
        let third: Double = a(0, 2) * minor(1, 2, 0, 1)
        let determinant: Double = first - second + third
        // μ³ − trace·μ² + minors·μ − determinant, lowest power first.
        var coefficients = [-determinant, minors, -trace, 1]
        var roots = [Double](repeating: .nan, count: 6)  // (re, im) × 3
        guard let workspace = gsl_poly_complex_workspace_alloc(4) else {
            throw .gslFailure(function: "gsl_poly_complex_workspace_alloc", status: gslOutOfMemory, reason: "no memory")
        }
        defer { gsl_poly_complex_workspace_free(workspace) }
        let status = gsl_poly_complex_solve(&coefficients, 4, workspace, &roots)
        guard status == gslSuccess else {
            throw .gslFailure(function: "gsl_poly_complex_solve", status: status, reason: gslReason(status))
        }
        var radius = 0.0
        for i in 0..<3 {
            let re = roots[2 * i], im = roots[2 * i + 1]
            radius = Swift.max(radius, (re * re + im * im).squareRoot())
        }
        return radius
    }

    /// The largest damping ratio at which the rule at stiffness `stiffness` still decays: the ζ where
    /// the step's spectral radius (`spectralRadius()`) crosses 1, by bisection between a decaying ζ
    /// (0.001) and a growing one (doubled from 1 until it grows), to a bracket of four ulps.
    public static func largestStableDampingRatio(stiffness: Double, step: Double = 1.0 / 300.0) throws(ReferenceError) -> Double {
        func grows(_ ζ: Double) throws(ReferenceError) -> Bool {
            try FixedStepSpringReference(stiffness: stiffness, dampingRatio: ζ, step: step).spectralRadius() > 1
        }
        var lo = 1e-3, hi = 1.0
        guard try !grows(lo) else {
            throw .invalidInput(field: "stiffness", value: stiffness, expected: "a stiffness at which ζ = 0.001 decays")
        }
        while try !grows(hi) {
            lo = hi
            hi *= 2
            guard hi < 1e12 else { throw .invalidInput(field: "stiffness", value: stiffness, expected: "a bounded stable range") }
        }
        while hi - lo > 4 * lo.ulp {
            let mid = lo + (hi - lo) / 2
            if try grows(mid) { hi = mid } else { lo = mid }
        }
        return lo
    }

    /// M = K₂·P·D·K₁ on (x, v, F, Δ), row-major 4×4; the velocity slot holds f between the kicks.
    func stepMatrix() throws(ReferenceError) -> [Double] {
        let h = step, k = stiffness, c = -2 * stiffness.squareRoot() * dampingRatio
        // K₁: f = v + F·h/2.
        let kick1: [Double] = [1, 0, 0, 0,  0, 1, h / 2, 0,  0, 0, 1, 0,  0, 0, 0, 1]
        // D: x = x + f·h.
        let drift: [Double] = [1, h, 0, 0,  0, 1, 0, 0,  0, 0, 1, 0,  0, 0, 0, 1]
        // P: F = c·f + k·(Δ − x).
        let force: [Double] = [1, 0, 0, 0,  0, 1, 0, 0,  -k, c, 0, k,  0, 0, 0, 1]
        // K₂: v = f + F·h/2.
        let kick2 = kick1
        return try Self.multiply(kick2, Self.multiply(force, Self.multiply(drift, kick1)))
    }

    /// Aⁿ by binary powering.
    static func power(_ matrix: [Double], _ n: Int) throws(ReferenceError) -> [Double] {
        var result: [Double] = [1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, 0,  0, 0, 0, 1]
        var base = matrix, n = n
        while n > 0 {
            if n & 1 == 1 { result = try multiply(result, base) }
            n >>= 1
            if n > 0 { base = try multiply(base, base) }
        }
        return result
    }

    /// A·B for row-major 4×4 matrices, with `gsl_blas_dgemm`.
    static func multiply(_ a: [Double], _ b: [Double]) throws(ReferenceError) -> [Double] {
        var a = a, b = b
        var c = [Double](repeating: 0, count: 16)
        let status = a.withUnsafeMutableBufferPointer { pa in
            b.withUnsafeMutableBufferPointer { pb in
                c.withUnsafeMutableBufferPointer { pc in
                    var va = gsl_matrix_view_array(pa.baseAddress, 4, 4)
                    var vb = gsl_matrix_view_array(pb.baseAddress, 4, 4)
                    var vc = gsl_matrix_view_array(pc.baseAddress, 4, 4)
                    return gsl_blas_dgemm(CblasNoTrans, CblasNoTrans, 1, &va.matrix, &vb.matrix, 0, &vc.matrix)
                }
            }
        }
        guard status == gslSuccess else {
            throw .gslFailure(function: "gsl_blas_dgemm", status: status, reason: gslReason(status))
        }
        return c
    }
}
