// OscillatorProblem.swift — the input of the reference: a damped oscillator pulled toward a
// piecewise-constant target.
//
//     m x'' + c x' + k (x − target(t)) = 0,   x(0) = initialPosition, x'(0) = initialVelocity,
//
// with target(t) = `target` for t < retargets[0].time, then retargets[i].target from
// retargets[i].time on. Position and velocity are continuous at a retarget; only the
// acceleration jumps.

import HookeSupport

/// A damped harmonic oscillator with a piecewise-constant target, as solved by
/// ``OscillatorReference/solve(_:at:tolerance:stepper:)``.
///
/// The fields are validated when the problem is solved, not here, so a problem can be built up
/// field by field: `mass` must be positive, every number finite, retarget times finite, ≥ 0 and
/// sorted (equal times are allowed and apply in order, so the last one wins).
public struct OscillatorProblem: Sendable, Hashable {
    /// The mass m (> 0).
    public var mass: Double
    /// The stiffness k. Negative values make an unstable (growing) problem; they are allowed.
    public var stiffness: Double
    /// The damping coefficient c. Negative values make a growing problem; they are allowed.
    public var damping: Double
    /// x(0).
    public var initialPosition: Double
    /// x'(0).
    public var initialVelocity: Double
    /// The target from t = 0 until the first retarget.
    public var target: Double
    /// Target changes, sorted by time.
    public var retargets: [Retarget]

    /// A change of target: from `time` on, the oscillator is pulled toward `target`.
    public typealias Retarget = HookeSupport.Retarget

    public init(
        mass: Double = 1, stiffness: Double, damping: Double,
        initialPosition: Double = 0, initialVelocity: Double = 0,
        target: Double, retargets: [Retarget] = []
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialPosition = initialPosition
        self.initialVelocity = initialVelocity
        self.target = target
        self.retargets = retargets
    }
}

extension OscillatorProblem {
    /// Throws ``ReferenceError/invalidInput(field:value:expected:)`` naming the first bad field.
    func validate() throws(ReferenceError) {
        try requirePositive(mass, "mass")
        try requireFinite(stiffness, "stiffness")
        try requireFinite(damping, "damping")
        try requireFinite(initialPosition, "initialPosition")
        try requireFinite(initialVelocity, "initialVelocity")
        try requireFinite(target, "target")
        try validateSampleTimes(retargets.map(\.time), field: "retargets", suffix: ".time")
        for (i, event) in retargets.enumerated() { try requireFinite(event.target, "retargets[\(i)].target") }
    }
}

func requireFinite(_ value: Double, _ field: String) throws(ReferenceError) {
    guard value.isFinite else {
        throw .invalidInput(field: field, value: value, expected: "a finite number")
    }
}

func requirePositive(_ value: Double, _ field: String) throws(ReferenceError) {
    guard value.isFinite, value > 0 else {
        throw .invalidInput(field: field, value: value, expected: "a finite number > 0")
    }
}

/// Checks that `times` are finite, ≥ 0 and sorted (non-decreasing); names the first bad one as
/// `field[i]suffix` (e.g. `times[3]`, `retargets[1].time`).
func validateSampleTimes(_ times: [Double], field: String = "times", suffix: String = "") throws(ReferenceError) {
    var previous = 0.0
    for (i, t) in times.enumerated() {
        guard t.isFinite, t >= 0 else {
            throw .invalidInput(field: "\(field)[\(i)]\(suffix)", value: t, expected: "a finite time ≥ 0")
        }
        guard t >= previous else {
            throw .invalidInput(
                field: "\(field)[\(i)]\(suffix)", value: t,
                expected: "\(field) sorted by time (≥ the previous time \(previous))")
        }
        previous = t
    }
}
