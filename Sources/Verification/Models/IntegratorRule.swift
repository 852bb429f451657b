// IntegratorRule.swift — SwiftUI's `.spring` update rule with the step as a parameter, for the
// convergence study. Each step is the library's own step function
// (`SpringIntegratorState.step(…, duration:)`, the rule's one definition), looped here without
// `advance`'s clock; at h = 1/300 the verifier checks the loop against `advance` bit for bit, so
// what is learned at h/2, h/4, h/8 is about the same rule. (The independent reference for the rule
// is ReferenceSolver's `FixedStepSpringReference`.)
//
// The rule, per step h (SpringAnimationIntegrator.md): f = F·h/2 + v; x += f·h; F = −2√k·ζ·f + k(Δ − x);
// v = F·h/2 + f. It is velocity Verlet (kick, drift, kick) except that the damping force at the
// new position is evaluated with the half-step velocity f instead of the new velocity — an O(h)
// error in the acceleration.

import AnimationMath

/// The `.spring` update rule with a free step.
public struct IntegratorRule: Sendable {
    typealias Library = SpringIntegratorState<Double>

    public var stiffness: Double
    public var dampingRatio: Double
    public var step: Double

    /// How the force starts.
    public enum InitialForce: String, Sendable {
        /// F = 0, as SwiftUI starts (an inconsistent initial acceleration).
        case zero
        /// F = k·Δ − c·v0, the true initial acceleration (c = 2√k·ζ).
        case consistent
    }

    public init(stiffness: Double, dampingRatio: Double, step: Double) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        self.step = step
    }

    /// Positions and velocities at every `stride`-th step, for `count` samples, from rest toward Δ.
    public func run(interval: Double, initialForce: InitialForce, stride: Int, count: Int) -> (x: [Double], v: [Double]) {
        let damping = Library.damping(stiffness: stiffness, dampingRatio: dampingRatio)
        var x = 0.0, v = 0.0
        var force = initialForce == .zero ? 0 : stiffness * interval
        var xs = [x], vs = [v]
        xs.reserveCapacity(count)
        vs.reserveCapacity(count)
        while xs.count < count {
            for _ in 0..<stride {
                Library.step(offset: &x, velocity: &v, force: &force, interval: interval,
                             stiffness: stiffness, damping: damping, duration: step)
            }
            xs.append(x)
            vs.append(v)
        }
        return (xs, vs)
    }
}
