// OscillatorIntegrator.swift — one GSL odeiv2 driver integrating one ScaledOscillator.
//
// Memory: the driver keeps pointers to the gsl_odeiv2_system and, through it, to the parameter
// block, so both live on the heap for the lifetime of the driver and are freed in deinit. One
// integrator per solve, never shared: concurrent solves touch disjoint memory, and GSL's ODE
// routines keep no global state (the error handler is switched off once, process-wide).

import CGSL

/// The parameter block the C callbacks receive through `params`.
struct OscillatorParameters {
    var rate: Double
    var coupling: Double
    var friction: Double
    var evaluations: Int
}

/// f(t, y) of the scaled system: du/dt = ω w, dw/dt = coupling·u + friction·w.
/// Returns GSL_EBADFUNC for a non-finite state, which makes the driver stop at once.
private func oscillatorDerivatives(
    _ t: Double, _ y: UnsafePointer<Double>?, _ dydt: UnsafeMutablePointer<Double>?,
    _ params: UnsafeMutableRawPointer?
) -> Int32 {
    guard let y, let dydt, let params else { return gslBadFunction }
    let p = params.assumingMemoryBound(to: OscillatorParameters.self)
    p.pointee.evaluations += 1
    let u = y[0], w = y[1]
    guard u.isFinite, w.isFinite else { return gslBadFunction }
    dydt[0] = p.pointee.rate * w
    dydt[1] = p.pointee.coupling * u + p.pointee.friction * w
    return 0  // GSL_SUCCESS imports as Int
}

/// The Jacobian [[0, ω], [coupling, friction]] (row-major) and ∂f/∂t = 0, for bsimp.
private func oscillatorJacobian(
    _ t: Double, _ y: UnsafePointer<Double>?, _ dfdy: UnsafeMutablePointer<Double>?,
    _ dfdt: UnsafeMutablePointer<Double>?, _ params: UnsafeMutableRawPointer?
) -> Int32 {
    guard let dfdy, let dfdt, let params else { return gslBadFunction }
    let p = params.assumingMemoryBound(to: OscillatorParameters.self).pointee
    dfdy[0] = 0
    dfdy[1] = p.rate
    dfdy[2] = p.coupling
    dfdy[3] = p.friction
    dfdt[0] = 0
    dfdt[1] = 0
    return 0
}

/// Integrates the scaled oscillator forward in time with a GSL driver, under a step budget.
final class OscillatorIntegrator {
    /// The most steps one solve may take (summed over all driver calls). rk8pd on this 2-D system
    /// costs ~0.4 µs per step here (release build), so the cap is under half a second of work,
    /// enough for ~25 000 periods of an undamped spring (~40 steps per period at 1e−13). A
    /// problem that needs more (an undamped fast spring sampled at t = 1e6) throws
    /// ``ReferenceError/budgetExceeded(steps:reachedTime:requestedTime:)``.
    static let stepBudget = 1_000_000

    /// The decay cutoff, as a fraction of the tolerance: once the true state is provably below
    /// `decayedFraction · tolerance` (in units of D), it is set to exactly the target with zero
    /// velocity and no longer integrated. The proof is ``ScaledOscillator/decayTime(from:below:)``,
    /// an a-priori bound on ‖e^{At}‖, not the numerical state: below ~tolerance, GSL's absolute
    /// error control lets the numerical state hover at ~1e−15…1e−13 instead of decaying
    /// (measured), so a test on it would never fire. The cutoff error is 1000× below the tolerance.
    static let decayedFraction = 1e-3

    /// Chunk length, in damped periods, for oscillating springs. Each driver call runs on a
    /// local clock that starts at 0, because GSL's own clock (t ← t + h, rounded every step)
    /// drifts from the span it actually integrated by up to ½ulp(t) per step, a phase error
    /// that grew to ~1e−12 over 40 periods of an undamped spring on an absolute clock. With
    /// chunks of one period the drift is bounded by ½ulp(period) per step instead.
    static let clockChunkPeriods = 1.0

    let model: ScaledOscillator
    let stepper: ReferenceStepper
    private let parameters: UnsafeMutablePointer<OscillatorParameters>
    private let system: UnsafeMutablePointer<gsl_odeiv2_system>
    private let driver: UnsafeMutablePointer<gsl_odeiv2_driver>
    private let state: UnsafeMutablePointer<Double>
    /// The longest span one driver call covers (one damped period), or nil.
    private let chunkLength: Double?
    /// The cutoff level ``decayedFraction`` · tolerance.
    private let decayedLevel: Double
    /// When the current segment (since t = 0 or the last retarget) has provably decayed below
    /// `decayedLevel`; nil when the problem does not decay.
    private var decayDeadline: Double?

    /// The time the state belongs to.
    private(set) var time: Double = 0
    /// Steps taken so far, over all driver calls.
    private(set) var steps = 0
    /// True once the state has been set to exactly the target by the decay cutoff.
    private(set) var hasDecayed = false

    /// Allocates the system and a driver for `stepper` at epsabs = epsrel = `tolerance`, starting
    /// at t = 0 from the scaled state (u, w).
    init(model: ScaledOscillator, stepper: ReferenceStepper, tolerance: Double, u: Double, w: Double)
        throws(ReferenceError)
    {
        self.model = model
        self.stepper = stepper
        parameters = .allocate(capacity: 1)
        parameters.initialize(
            to: OscillatorParameters(
                rate: model.rate, coupling: model.coupling, friction: model.friction, evaluations: 0))
        system = .allocate(capacity: 1)
        system.initialize(
            to: gsl_odeiv2_system(
                function: oscillatorDerivatives, jacobian: oscillatorJacobian, dimension: 2,
                params: UnsafeMutableRawPointer(parameters)))
        state = .allocate(capacity: 2)
        state[0] = u
        state[1] = w
        chunkLength = model.dampedFrequency.map { Self.clockChunkPeriods * 2 * Double.pi / $0 }
        decayedLevel = Self.decayedFraction * tolerance

        let type = stepper == .bsimp ? hooke_step_bsimp() : hooke_step_rk8pd()
        guard let driver = gsl_odeiv2_driver_alloc_y_new(
            system, type, model.initialStep, tolerance, tolerance)
        else {
            state.deallocate()
            system.deallocate()
            parameters.deallocate()
            throw .gslFailure(
                function: "gsl_odeiv2_driver_alloc_y_new", status: gslOutOfMemory,
                reason: "could not allocate the \(stepper.rawValue) driver "
                    + "(epsabs = epsrel = \(tolerance), hstart = \(model.initialStep))")
        }
        self.driver = driver
        startSegment()
    }

    deinit {
        gsl_odeiv2_driver_free(driver)
        state.deallocate()
        system.deallocate()
        parameters.deallocate()
    }

    /// Scaled position u = (x − target) / D.
    var u: Double { state[0] }
    /// Scaled velocity w = x' / (D ω).
    var w: Double { state[1] }
    /// Right-hand-side evaluations so far.
    var evaluations: Int { parameters.pointee.evaluations }

    /// Integrates to `end` (≥ `time`). The driver never steps past `end`, so the state is the
    /// solution at exactly `end` afterwards.
    func advance(to end: Double) throws(ReferenceError) {
        guard end > time else { return }
        if let decayDeadline, end >= decayDeadline {
            state[0] = 0
            state[1] = 0
            hasDecayed = true
        }
        if hasDecayed {
            time = end
            return
        }
        while time < end {
            var chunkEnd = end
            if let chunkLength, time + chunkLength < end, time + chunkLength > time {
                chunkEnd = time + chunkLength
            }
            let remaining = Self.stepBudget - steps
            guard remaining > 0 else {
                throw .budgetExceeded(steps: Self.stepBudget, reachedTime: time, requestedTime: end)
            }
            _ = gsl_odeiv2_driver_set_nmax(driver, UInt(remaining))
            // The local clock: the system is autonomous between retargets, so only the span
            // matters. chunkEnd − time is exact whenever time ≥ chunkEnd / 2 (Sterbenz).
            var local = 0.0
            let span = chunkEnd - time
            let status = gsl_odeiv2_driver_apply(driver, &local, span, state)
            steps += Int(driver.pointee.n)
            switch status {
            case gslSuccess:
                time = chunkEnd
            case gslMaxIterations:
                throw .budgetExceeded(
                    steps: Self.stepBudget, reachedTime: time + local, requestedTime: end)
            case gslBadFunction:
                throw .nonFiniteSolution(time: time + local)
            default:
                throw .gslFailure(
                    function: "gsl_odeiv2_driver_apply", status: status,
                    reason: gslReason(status)
                        + " (\(stepper.rawValue), t = \(time + local) on the way to \(end))")
            }
            guard state[0].isFinite, state[1].isFinite else {
                throw .nonFiniteSolution(time: time)
            }
        }
    }

    /// A retarget: u jumps by `shift` (= (T_old − T_new) / D), the velocity is unchanged. The
    /// driver is reset (AnimationMath.docc/AccuracyContracts.md) and restarts from its initial step, because the step size
    /// that suited the motion before the jump may be far too large for the new transient.
    func shiftPosition(by shift: Double) throws(ReferenceError) {
        guard shift != 0 else { return }
        state[0] += shift
        hasDecayed = false
        let status = gsl_odeiv2_driver_reset_hstart(driver, model.initialStep)
        guard status == gslSuccess else {
            throw .gslFailure(
                function: "gsl_odeiv2_driver_reset_hstart", status: status, reason: gslReason(status))
        }
        startSegment()
    }

    /// The numerical state carries a global error of ~1e−13 (measured ≤ 1e−12 in the worst
    /// tests); the decay bound starts from ‖state‖ plus this much, so it bounds the true state.
    /// Being generous costs only ln(margin)/α of extra integration.
    static let stateErrorMargin = 1e-9

    /// Sets the decay deadline for a segment starting now from the current state.
    private func startSegment() {
        guard let delay = model.decayTime(
            from: (state[0] * state[0] + state[1] * state[1]).squareRoot() + Self.stateErrorMargin,
            below: decayedLevel)
        else {
            decayDeadline = nil
            return
        }
        decayDeadline = time + delay
    }
}
