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
/// State: the pass index, the pass start time and the base's own context live in `context.state`.
/// Each frame the base context is moved out of the state and back, so its storage stays uniquely
/// referenced and a running pass allocates nothing; a fresh context is made once per pass.
@usableFromInline package struct RepeatAnimation: CustomAnimation, CustomStringConvertible {
    @usableFromInline package var base: Animation
    /// The number of passes; `nil` repeats forever.
    @usableFromInline package var repeatCount: Int?
    @usableFromInline package var autoreverses: Bool

    @usableFromInline package init(base: Animation, repeatCount: Int?, autoreverses: Bool) {
        self.base = base
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
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
        var state = context.state[RepeatStateKey<V>.self]
        if state.baseContext.state.storage != nil {
            // Move the base context out so `state` holds the only reference to its storage.
            context.state[RepeatStateKey<V>.self].baseContext = AnimationContext()
        }
        let reversed = isReversed(pass: state.pass)
        let result: V?
        if let covered = base.animate(value: value, time: time - state.passStart, context: &state.baseContext) {
            result = reversed ? value - covered : covered
            if isLastPass(state.pass), state.baseContext.isLogicallyComplete {
                context.isLogicallyComplete = true
            }
        } else if isLastPass(state.pass) {
            context.isLogicallyComplete = true
            result = nil
        } else {
            result = reversed ? .zero : value
            state.pass += 1
            state.passStart = time
            state.baseContext = AnimationContext()
        }
        context.state[RepeatStateKey<V>.self] = state
        return result
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
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

@usableFromInline
enum RepeatStateKey<V: VectorArithmetic>: AnimationStateKey {
    @usableFromInline static var defaultValue: RepeatState<V> { RepeatState() }
}

extension Animation {
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
