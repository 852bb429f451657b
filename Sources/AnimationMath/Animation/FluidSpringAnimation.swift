/// SwiftUI's `.spring` animation (also `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring`, and
/// the integrator behind `DefaultAnimation`): a fixed-step integrator that keeps running across interruptions.
///
/// Goals, in order: 1. reproduce SwiftUI frame for frame (real recordings match to ~1e-6 pt);
/// 2. keep offset, velocity *and* force when a new `.spring` takes over, blending the response;
/// 3. allocate nothing per frame once running.
///
/// The state (`SpringIntegratorState` plus the start, `FluidSpringState`, and the blend bookkeeping,
/// `FluidSpringBlend`) lives inline in the context (`AnimationContext.fluidSpring` and
/// `inlineSlot`) and starts at zero. For `animate(value: Δ, time: t)`:
/// 1. r = the response, blended after a merge (`blendedResponse`); k = min((2π/r)², 45 000).
/// 2. logically complete once t − start ≥ r.
/// 3. `SpringIntegratorState.advance` (the gap clamp, the 1/300 s steps, the finish rule).
/// It returns the offset x, or `nil` once at rest. Its velocity is the integrator's v.
///
/// **Stability.** The step is explicit in the damping force, so the rule stays bounded only while
/// ζ·a + a²/4 < 1 with a = √k · (1/300 s): ζ < 1.237 at the stiffness cap (responses ≤ 0.0296 s),
/// ζ < 23.86 at response 0.5, ζ < 105 at 2.2 (`SpringIntegratorState.maximumStableDampingRatio`).
/// Past the bound the motion flips sign every step and grows without limit (response 0.5 with
/// ζ = 50 reaches ~1e147 after 1 s). What SwiftUI shows there is unknown; Hooke runs the rule as is
/// and makes it visible instead (`isStable`, a warning from `hooke` when it evaluates or runs such a
/// spring, the stability map of its verifier).
///
/// Sources: AnimationMath.docc/SpringAnimationIntegrator.md; Apple's documentation of
/// `spring(response:dampingFraction:blendDuration:)`
/// ("each animation will be replaced by their successor, preserving velocity ... Optionally blends
/// the response values between springs over a time period"); OpenSwiftUI's audited re-implementation
/// of SwiftUI 6 (`FluidSpringAnimation`) for the merge and blend facts.
@usableFromInline package struct FluidSpringAnimation: CustomAnimation, CustomStringConvertible {
    /// The response in seconds: the period of the undamped spring; 0 asks for the stiffest spring.
    @usableFromInline package let response: Double
    /// ζ: 1 is critically damped, below 1 bounces; not clamped.
    @usableFromInline package let dampingFraction: Double
    /// The time over which a change of response, on merging, is blended in.
    @usableFromInline package let blendDuration: Double
    /// k for `response` and the step's damping coefficient −2√k·ζ, formed once here by the
    /// operations `SpringIntegratorState.advance` would perform on every frame (so the same
    /// numbers): a frame of a spring that is not blending its response runs the integrator's
    /// multiply-adds with no division or square root.
    @usableFromInline let stiffness: Double, damping: Double

    /// - Precondition: `response ≥ 0`, `blendDuration ≥ 0`, all finite.
    @usableFromInline package init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        precondition(response >= 0 && response.isFinite,
                     "spring response must be finite and >= 0 (got \(response)); 0 means the stiffest spring")
        precondition(dampingFraction.isFinite, "spring dampingFraction must be finite (got \(dampingFraction))")
        precondition(blendDuration >= 0 && blendDuration.isFinite,
                     "spring blendDuration must be finite and >= 0 (got \(blendDuration))")
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
        stiffness = SpringIntegratorState<Double>.stiffness(response: response)
        damping = SpringIntegratorState<Double>.damping(stiffness: stiffness, dampingRatio: dampingFraction)
    }

    /// Whether the 1/300 s rule stays bounded for this spring (see Stability above). The bound
    /// falls as the stiffness rises, so a blend between two stable springs of the same ζ, whose
    /// stiffness lies between theirs, is stable too.
    @usableFromInline package var isStable: Bool {
        SpringIntegratorState<Double>.isStable(
            stiffness: SpringIntegratorState<Double>.stiffness(response: response), dampingRatio: dampingFraction)
    }

    @usableFromInline package var description: String {
        "spring(response: \(animationDescription(response)), dampingFraction: "
            + "\(animationDescription(dampingFraction)), blendDuration: \(animationDescription(blendDuration)))"
    }

    /// The response in effect at `time` after a merge from a spring whose response was
    /// `response + blendInterval` at `blendStart`:
    ///
    ///     p = clamp((time − blendStart) / blendDuration, 0, 1)
    ///     r = response + blendInterval · (1 − p²(3 − 2p))
    ///
    /// a smoothstep from the old response (p = 0, zero slope) to the new one (p = 1, zero slope), so
    /// the stiffness changes without a kink at either end. The progress is clamped: past the blend
    /// the response stays at the new value. (OpenSwiftUI applies the clamp to `blendDuration` only,
    /// which lets p run past 1 where the cubic turns back; we take that as a slip, not a behaviour.)
    /// With `blendDuration == 0` or no pending blend the response is used as is.
    @inlinable
    package static func blendedResponse(
        response: Double, blendInterval: Double, blendStart: Double, blendDuration: Double, time: Double
    ) -> Double {
        guard blendDuration > 0, blendInterval != 0 else { return response }
        let p = Swift.min(Swift.max((time - blendStart) / blendDuration, 0), 1)
        return response + blendInterval * (1 - p * p * (3 - 2 * p))
    }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        animateThenVelocity(value: value, time: time, context: &context, wantsVelocity: false)?.value
    }

    /// The integrator's velocity v (zero before the first step).
    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        context.fluidSpring.integrator.velocity
    }

    /// `animate`, then `velocity` when asked. The state is the context's inline slot
    /// (`AnimationContext.fluidSpring`), updated in place.
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        // `blendedResponse` is `response` unless a blend is pending; then k and the damping follow it.
        let isBlending = blendDuration > 0 && context.fluidSpringBlend.interval != 0
        let r = isBlending ? Self.blendedResponse(
            response: response, blendInterval: context.fluidSpringBlend.interval,
            blendStart: context.fluidSpringBlend.start, blendDuration: blendDuration, time: time) : response
        if time - context.fluidSpring.startTime >= r {
            context.isLogicallyComplete = true
        }
        let k = isBlending ? SpringIntegratorState<V>.stiffness(response: r) : stiffness
        let d = isBlending ? SpringIntegratorState<V>.damping(stiffness: k, dampingRatio: dampingFraction) : damping
        let finished = context.fluidSpring.integrator.advance(interval: value, to: time, stiffness: k, damping: d)
        if finished { return nil }
        let integrator = context.fluidSpring.integrator
        return (integrator.offset, wantsVelocity ? integrator.velocity : nil)
    }

    /// Always `true`: a `.spring` takes over whatever was running.
    ///
    /// The order is SwiftUI's (a device recording of a retargeted `.spring`, not in this repository,
    /// matches it to ~2e-7 pt RMS; sampling with the new interval instead misses by 0.56 pt):
    /// 1. `previous` is sampled at `time` with `value`, the interval it animates *before* the change
    ///    (the animator adds the change only after this call): `animate`, then `velocity`. For a
    ///    previous `.spring` that advances its integrator — whose state is in `context` — through the
    ///    1/300 s steps between the last frame and the change *toward the old target*.
    /// 2. The integrator keeps that state — offset, velocity and force — and sets its time and start
    ///    time to `time`; the frames after the merge integrate toward the new total from there (the
    ///    new animation takes over the begin time, so its clock continues the previous one's).
    ///
    /// Continuity at the merge, by previous animation:
    /// - **`.spring`**: the state is kept whole, so position, velocity and force are continuous: the
    ///   first frame at the change time shows exactly what the previous spring would have shown.
    /// - **a timing curve, an interpolating spring, any other animation**: the integrator takes the
    ///   sampled offset and velocity — the previous animation's own position and velocity toward
    ///   its old target, so position and velocity are continuous — and the force the state holds,
    ///   zero unless a `.spring` ran in this context. The force is not the previous animation's
    ///   acceleration, so the acceleration jumps at the merge (the first step's half-kick uses F = 0).
    ///   A previous animation that cannot say its velocity leaves the state's velocity (zero for a
    ///   context no `.spring` ran in): then the velocity jumps to zero.
    /// - **a previous animation that has finished** (`animate` returned `nil` at `time`, before a
    ///   frame removed it): it covered its whole interval, so the offset becomes `value` — the
    ///   position it was showing — and the velocity is sampled as above.
    ///
    /// Then, when the previous `.spring`'s response *in effect at `time`* (blended, if it was itself
    /// blending) differs from this one's, the response blends from it to ours over `blendDuration`
    /// starting now. Using the response in effect, not the previous nominal one, keeps the stiffness
    /// continuous when a merge interrupts a blend; for the ordinary case (previous not blending) the
    /// two are the same. `context.isLogicallyComplete` is cleared: the merged spring completes
    /// logically `response` seconds after the merge.
    @inlinable
    package func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        let sampledOffset = previous.animate(value: value, time: time, context: &context)
        let sampledVelocity = previous.velocity(value: value, time: time, context: context)
        var state = context.fluidSpring, blend = context.fluidSpringBlend
        state.integrator.offset = sampledOffset ?? value
        if let sampledVelocity { state.integrator.velocity = sampledVelocity }
        if let previousSpring = Self.spring(of: previous) {
            let previousResponse = Self.blendedResponse(
                response: previousSpring.response, blendInterval: blend.interval,
                blendStart: blend.start, blendDuration: previousSpring.blendDuration, time: time)
            blend.interval = previousResponse - response
        } else {
            blend.interval = 0
        }
        blend.start = time
        state.integrator.time = time
        state.startTime = time
        context.fluidSpring = state
        context.setFluidSpringBlend(blend)
        // The merged animation is a new one: logically complete again only after its response.
        context.isLogicallyComplete = false
        return true
    }
}

extension FluidSpringAnimation {
    /// The `.spring` that `animation` runs: itself, or the one `DefaultAnimation` behaves as; `nil`
    /// for any other animation. The box's kind says which (no existential, no cast).
    @inlinable
    static func spring(of animation: Animation) -> FluidSpringAnimation? {
        switch animation.box.kind {
        case .fluidSpring: return animation.box.unbox(FluidSpringAnimation.self)
        case .defaultSpring: return DefaultAnimation().spring
        default: return nil
        }
    }
}

/// The `.spring` animation's per-animation state that every frame reads: the integrator and when it
/// (re)started. All zero at first. Held inline in `AnimationContext.fluidSpring`.
@usableFromInline
struct FluidSpringState<V: VectorArithmetic> {
    @usableFromInline var integrator = SpringIntegratorState<V>()
    /// When this animation started or last merged (for logical completion).
    @usableFromInline var startTime: Double = 0

    @inlinable init() {}
}

/// The `.spring` animation's pending response blend, which a frame reads only when its spring's
/// `blendDuration` is positive (merges write it). All zero at first. Held inline in
/// `AnimationContext.inlineSlot`, apart from `FluidSpringState`.
@usableFromInline
struct FluidSpringBlend {
    /// When the response blend started.
    @usableFromInline var start: Double = 0
    /// Previous response minus this one's at `start`; 0 when nothing blends.
    @usableFromInline var interval: Double = 0

    @inlinable init() {}
}
