// ReferenceTrajectory.swift — the output of a reference solve.

/// Positions and velocities of a reference solve at the requested times.
///
/// `times[i]`, `positions[i]`, `velocities[i]` describe one sample; the arrays have equal length
/// and `times` is the array that was asked for, unchanged.
public struct ReferenceTrajectory: Sendable {
    /// The sample times (s), as requested.
    public var times: [Double]
    /// x at each sample time.
    public var positions: [Double]
    /// x' at each sample time.
    public var velocities: [Double]
    /// The stepper that integrated the problem (chosen automatically unless one was requested).
    public var stepper: ReferenceStepper
    /// Right-hand-side evaluations GSL asked for (Jacobian evaluations not included), for reports.
    public var evaluations: Int
}
