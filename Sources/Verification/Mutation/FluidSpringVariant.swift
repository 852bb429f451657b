// FluidSpringVariant.swift — SwiftUI's `.spring` animation written a second time, from its
// documented rule (AnimationMath.docc: the 1/300 s step, the 45 000 stiffness cap, the smoothstep
// response blend, the merge that keeps offset, velocity and force), with the step, the cap, the
// blend and the force hand-over as switches. The step itself is the library's one definition
// (`SpringIntegratorState.step(…, duration:)`) run at the variant's h; the clock, cap, blend and
// merge around it are this file's. With every switch right it passes the checks the
// library's `FluidSpringAnimation` passes (the mutation tests run it as the control); each switch
// flipped is a planted fault. Scalar-only use is intended but it is generic like the real one.

import AnimationMath

struct FluidSpringVariant: CustomAnimation {
    enum Blend: Hashable, Sendable { case smoothstep, linear }

    var response: Double
    var dampingFraction: Double
    var blendDuration: Double
    var step: Double = 1.0 / 300.0
    var capsStiffness = true
    var keepsForceOnMerge = true
    var blend: Blend = .smoothstep

    struct State<V: VectorArithmetic> {
        var offset = V.zero, velocity = V.zero, force = V.zero
        var time = 0.0, startTime = 0.0, blendStart = 0.0, blendInterval = 0.0
    }

    enum StateKey<V: VectorArithmetic>: AnimationStateKey {
        static var defaultValue: State<V> { State() }
    }

    func stiffness(response r: Double) -> Double {
        let frequency = 2 * Double.pi / r
        return capsStiffness ? Swift.min(frequency * frequency, 45_000) : frequency * frequency
    }

    func blendedResponse(blendInterval: Double, blendStart: Double, time: Double) -> Double {
        guard blendDuration > 0, blendInterval != 0 else { return response }
        let p = Swift.min(Swift.max((time - blendStart) / blendDuration, 0), 1)
        let weight = blend == .smoothstep ? 1 - p * p * (3 - 2 * p) : 1 - p
        return response + blendInterval * weight
    }

    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        var state = context.state[StateKey<V>.self]
        let r = blendedResponse(blendInterval: state.blendInterval, blendStart: state.blendStart, time: time)
        if time - state.startTime >= r { context.isLogicallyComplete = true }
        let k = stiffness(response: r)
        let damping = -2 * k.squareRoot() * dampingFraction
        if time - state.time > 1 { state.time = time - 1.0 / 60.0 }
        if state.time < time, state.time + step == state.time { state.time = time }
        while state.time < time {
            SpringIntegratorState<V>.step(offset: &state.offset, velocity: &state.velocity, force: &state.force,
                                          interval: value, stiffness: k, damping: damping, duration: step)
            state.time += step
        }
        context.state[StateKey<V>.self] = state
        let atRest = Swift.max(state.velocity.magnitudeSquared, state.force.magnitudeSquared) <= 0.0036
        let tolerance = value.scaled(by: 0.01).magnitudeSquared
        let finished = atRest && (tolerance == 0 || (value - state.offset).magnitudeSquared <= tolerance)
        return finished ? nil : state.offset
    }

    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        context.state[StateKey<V>.self].velocity
    }

    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: Double,
                                          context: inout AnimationContext<V>) -> Bool {
        let sampledOffset = previous.animate(value: value, time: time, context: &context)
        let sampledVelocity = previous.velocity(value: value, time: time, context: context)
        var state = context.state[StateKey<V>.self]
        state.offset = sampledOffset ?? value
        if let sampledVelocity { state.velocity = sampledVelocity }
        if !keepsForceOnMerge { state.force = .zero }
        if let previousSpring = previous.base as? FluidSpringVariant {
            state.blendInterval = previousSpring.blendedResponse(
                blendInterval: state.blendInterval, blendStart: state.blendStart, time: time) - response
        } else {
            state.blendInterval = 0
        }
        state.blendStart = time
        state.time = time
        state.startTime = time
        context.state[StateKey<V>.self] = state
        context.isLogicallyComplete = false
        return true
    }
}
