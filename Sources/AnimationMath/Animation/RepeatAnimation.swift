/// An animation that plays its base several times, or forever (SwiftUI's `repeatCount(_:autoreverses:)`
/// and `repeatForever(autoreverses:)`).
///
/// Semantics (AnimationMath.docc/Modifiers.md, Apple's documentation of `repeatCount`):
/// - Every pass counts, forward or back: `repeatCount(2, autoreverses: true)` plays forward, then
///   back, then stops. A count ≤ 1 plays once.
/// - A reversed pass (odd pass index, with `autoreverses`) shows Δ − base(t).
/// - A pass ends on the frame where the base returns `nil`. That frame shows the end of the pass
///   (Δ for a forward pass, zero for a reversed one), and the next pass starts at that frame's
///   time with a fresh context, so each pass lasts its duration plus up to one frame.
/// - After the last pass the animation finishes, and the animator shows the model value: an even
///   count with `autoreverses` ends at the start, then jumps to the end.
/// - Logically complete when the last pass's base is; never for `repeatForever`.
/// - It never merges (SwiftUI's default): an interruption chains.
///
/// State: the pass index and the pass start time, and the base's own context, fresh for each pass.
/// - When the base reads and writes nothing of its context (`Animation.ignoresContext`: a timing
///   curve, delayed or sped up) it needs no context of its own: it runs on this animation's, and the
///   pass lives inline in it (`AnimationContext.inlineSlot`), read and written in place — no lookup
///   by key, no heap. A fresh context per pass changes nothing for such a base, and it never
///   reports logical completion itself, so the results are those of the keyed form below.
/// - Otherwise (or when the slot holds a `.spring`'s blend, or this context already keeps the pass
///   by key) all three live in `context.state`, updated in place each frame (`AnimationState.update`),
///   so the base context's storage stays uniquely referenced and a running pass allocates nothing; a
///   fresh context is made once per pass.
@usableFromInline package struct RepeatAnimation: CustomAnimation, CustomStringConvertible {
    @usableFromInline package let base: Animation
    /// The number of passes; `nil` repeats forever.
    @usableFromInline package var repeatCount: Int?
    @usableFromInline package var autoreverses: Bool
    /// `base.ignoresContext`, worked out once: whether the pass may live inline.
    @usableFromInline let baseIgnoresContext: Bool

    @usableFromInline package init(base: Animation, repeatCount: Int?, autoreverses: Bool) {
        self.base = base
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        baseIgnoresContext = base.ignoresContext
    }

    @usableFromInline package var description: String {
        if let repeatCount {
            return "\(base).repeatCount(\(repeatCount), autoreverses: \(autoreverses))"
        }
        return "\(base).repeatForever(autoreverses: \(autoreverses))"
    }

    @inlinable
    func isReversed(pass: Int) -> Bool { autoreverses && pass & 1 != 0 }

    @inlinable
    func isLastPass(_ pass: Int) -> Bool {
        guard let repeatCount else { return false }
        return pass >= Swift.max(repeatCount, 1) - 1
    }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        animateThenVelocity(value: value, time: time, context: &context, wantsVelocity: false)?.value
    }

    /// `animate`, then `velocity` when asked, with the state updated in place (inline, or one lookup
    /// by key): the base's combined step within a pass; when a pass ends, the next pass's velocity at
    /// its start.
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        if baseIgnoresContext {
            switch context.inlineSlot {
            case .repeatPass(let pass):
                return inlineStep(pass, value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
            case .empty where !context.state.contains(RepeatStateKey<V>.self):
                context.inlineSlot = .repeatPass(RepeatPass())
                return inlineStep(RepeatPass(), value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
            default:
                break
            }
        }
        return keyedStep(value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
    }

    /// The step with the pass inline (`pass`, as the slot holds it), for a base that ignores its
    /// context: the base runs on `context`, which it leaves alone, and never completes logically
    /// itself (so this animation does only as it finishes). The same operations as `keyedStep`.
    @inlinable @inline(__always)
    func inlineStep<V: VectorArithmetic>(
        _ pass: RepeatPass, value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        let reversed = isReversed(pass: pass.index)
        if let step = base.animateThenVelocity(
            value: value, time: time - pass.start, context: &context, wantsVelocity: wantsVelocity) {
            return reversed ? (value - step.value, step.velocity.map { .zero - $0 }) : step
        }
        if isLastPass(pass.index) {
            context.isLogicallyComplete = true
            return nil
        }
        let next = RepeatPass(index: pass.index + 1, start: time)
        context.inlineSlot = .repeatPass(next)
        // The new pass's velocity at its start (its base has not run yet).
        let velocity = wantsVelocity ? base.velocity(value: value, time: time - next.start, context: context) : nil
        return (reversed ? .zero : value, velocity.map { isReversed(pass: next.index) ? .zero - $0 : $0 })
    }

    /// The step with the pass and the base's context in `context.state`.
    @inlinable @inline(__always)
    func keyedStep<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        let (result, isLogicallyComplete) = context.state.update(RepeatStateKey<V>.self) {
            state -> ((value: V, velocity: V?)?, Bool) in
            let reversed = isReversed(pass: state.pass)
            if let step = base.animateThenVelocity(
                value: value, time: time - state.passStart, context: &state.baseContext, wantsVelocity: wantsVelocity) {
                let result = reversed ? (value - step.value, step.velocity.map { .zero - $0 }) : step
                return (result, isLastPass(state.pass) && state.baseContext.isLogicallyComplete)
            }
            if isLastPass(state.pass) { return (nil, true) }
            state.pass += 1
            state.passStart = time
            state.baseContext = AnimationContext()
            // The new pass's velocity at its start (its base has not run yet).
            let velocity = wantsVelocity
                ? base.velocity(value: value, time: time - state.passStart, context: state.baseContext) : nil
            return ((reversed ? .zero : value, velocity.map { isReversed(pass: state.pass) ? .zero - $0 : $0 }), false)
        }
        if isLogicallyComplete {
            context.isLogicallyComplete = true
        }
        return result
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        if baseIgnoresContext, case .repeatPass(let pass) = context.inlineSlot {
            guard let v = base.velocity(value: value, time: time - pass.start, context: context) else { return nil }
            return isReversed(pass: pass.index) ? .zero - v : v
        }
        let state = context.state[RepeatStateKey<V>.self]
        guard let v = base.velocity(value: value, time: time - state.passStart, context: state.baseContext) else {
            return nil
        }
        return isReversed(pass: state.pass) ? .zero - v : v
    }
}

@usableFromInline
struct RepeatState<V: VectorArithmetic> {
    /// The pass being played, from 0.
    @usableFromInline var pass = 0
    /// The time (on this modifier's clock) at which the pass started.
    @usableFromInline var passStart: Double = 0
    /// The base animation's context for this pass.
    @usableFromInline var baseContext = AnimationContext<V>()

    @usableFromInline init() {}
}

/// A repeat's pass held inline (`AnimationContext.inlineSlot`): its index and start, as in
/// `RepeatState`.
@usableFromInline
struct RepeatPass {
    /// The pass being played, from 0.
    @usableFromInline var index: Int
    /// The time (on this modifier's clock) at which the pass started.
    @usableFromInline var start: Double

    @inlinable init(index: Int = 0, start: Double = 0) {
        self.index = index
        self.start = start
    }
}

@usableFromInline
enum RepeatStateKey<V: VectorArithmetic>: AnimationStateKey {
    @usableFromInline static var defaultValue: RepeatState<V> { RepeatState() }
}

extension Animation {
    /// Whether evaluating this animation reads and writes nothing of its context, not even
    /// `isLogicallyComplete`: a timing curve, or a delay or speed of one.
    @usableFromInline var ignoresContext: Bool {
        switch box.kind {
        case .timingCurve: return true
        case .delay: return box.unbox(DelayAnimation.self).base.ignoresContext
        case .speed: return box.unbox(SpeedAnimation.self).base.ignoresContext
        default: return false
        }
    }

    /// This animation played `repeatCount` times; with `autoreverses` every other pass plays
    /// backwards, and each pass counts (2 means forward then back).
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: repeatCount, autoreverses: autoreverses))
    }

    /// This animation played again and again, never finishing on its own.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: nil, autoreverses: autoreverses))
    }
}
