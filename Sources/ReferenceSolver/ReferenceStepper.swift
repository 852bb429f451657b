// ReferenceStepper.swift — which GSL stepper integrated a reference trajectory.

/// The GSL `odeiv2` stepper used for a reference solve.
///
/// - `rk8pd`: explicit Runge–Kutta Prince–Dormand (8, 9). The reference for ordinary springs:
///   at epsabs = epsrel = 1e-13 it reaches ~1e-15 (AnimationMath.docc/AccuracyContracts.md).
/// - `bsimp`: implicit Bulirsch–Stoer (Bader–Deuflhard) with the analytic Jacobian. Used for stiff
///   springs (strongly overdamped), where rk8pd's step is bounded by stability, not accuracy,
///   and would need millions of evaluations.
public enum ReferenceStepper: String, Sendable, CaseIterable {
    case rk8pd
    case bsimp
}
