/// A type-erased animation, SwiftUI's `Animation`: any `CustomAnimation`, with value equality.
///
/// Presets (`Animation+Spring.swift` and friends) and modifiers (`DelayAnimation.swift`, ...) build
/// on `init(_:)`.
///
/// Cost: a generic requirement called through a box runs the animation's *unspecialised* body, where
/// every `+` and `scale(by:)` on the value is a witness-table call (≈1 µs per frame for a `.spring`).
/// So the box also keeps functions for `Double` values, created where `init(_:)` is specialised for
/// the concrete animation type; `animate`, `velocity`, `shouldMerge` and the animator's combined
/// animate-then-velocity step on `Double` take that path: one indirect call into specialised code.
/// The functions capture nothing — they are handed the box and read the animation from it in place —
/// so a call neither copies the animation nor retains a closure context. Other value types take the
/// generic path.
public struct Animation: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    @usableFromInline let box: AnimationBoxBase

    /// Wraps `base`. Wrapping an `Animation` returns it unchanged.
    public init<A: CustomAnimation>(_ base: A) {
        if let animation = base as? Animation {
            self = animation
        } else {
            box = AnimationBox(base)
        }
    }

    /// The wrapped animation.
    @usableFromInline package var base: any CustomAnimation { box.anyBase }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        if V.self == Double.self {
            // V is Double, so AnimationContext<V> is AnimationContext<Double>: same type, same layout.
            let result = withUnsafeMutablePointer(to: &context) { pointer in
                pointer.withMemoryRebound(to: AnimationContext<Double>.self, capacity: 1) { scalarContext in
                    box.animateScalar(box, unsafeBitCast(value, to: Double.self), time, &scalarContext.pointee)
                }
            }
            return result.map { unsafeBitCast($0, to: V.self) }
        }
        return box.animate(value: value, time: time, context: &context)
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        if V.self == Double.self {
            let result = box.velocityScalar(
                box, unsafeBitCast(value, to: Double.self), time, unsafeBitCast(context, to: AnimationContext<Double>.self))
            return result.map { unsafeBitCast($0, to: V.self) }
        }
        return box.velocity(value: value, time: time, context: context)
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        if V.self == Double.self {
            return withUnsafeMutablePointer(to: &context) { pointer in
                pointer.withMemoryRebound(to: AnimationContext<Double>.self, capacity: 1) { scalarContext in
                    box.shouldMergeScalar(box, previous, unsafeBitCast(value, to: Double.self), time, &scalarContext.pointee)
                }
            }
        }
        return box.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    /// `animate`, then — when `wantsVelocity` and the animation has not finished — `velocity` with the
    /// context `animate` left: exactly the two calls in that order, in one indirect call for `Double`.
    /// The animator's frame uses it. Returns `nil` when the animation has finished; `velocity` is `nil`
    /// when not asked for or when the animation cannot say.
    @inlinable
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        if V.self == Double.self {
            let result = withUnsafeMutablePointer(to: &context) { pointer in
                pointer.withMemoryRebound(to: AnimationContext<Double>.self, capacity: 1) { scalarContext in
                    box.animateThenVelocityScalar(
                        box, unsafeBitCast(value, to: Double.self), time, &scalarContext.pointee, wantsVelocity)
                }
            }
            return result.map { (unsafeBitCast($0.value, to: V.self), $0.velocity.map { unsafeBitCast($0, to: V.self) }) }
        }
        guard let covered = box.animate(value: value, time: time, context: &context) else { return nil }
        return (covered, wantsVelocity ? box.velocity(value: value, time: time, context: context) : nil)
    }

    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
    }

    public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }

    public var description: String { String(describing: box.anyBase) }

    /// As SwiftUI prints it: `AnyAnimator(` + the wrapped animation's debug description + `)`, e.g.
    /// `AnyAnimator(AnimationMath.DefaultAnimation())` for `.default` (SwiftUI:
    /// `AnyAnimator(SwiftUI.DefaultAnimation())`) and `AnyAnimator(spring(response: 0.5, …))`.
    public var debugDescription: String { "AnyAnimator(\(String(reflecting: box.anyBase)))" }
}

extension Animation: CustomAnimation {}

@usableFromInline
class AnimationBoxBase: @unchecked Sendable {
    // The `Double` fast path (see `Animation`). Each function is handed the box it is stored in (an
    // `AnimationBox<Base>` for the `Base` it was specialised for) and captures nothing.
    @usableFromInline typealias AnimateScalar = (AnimationBoxBase, Double, Double, inout AnimationContext<Double>) -> Double?
    @usableFromInline typealias VelocityScalar = (AnimationBoxBase, Double, Double, AnimationContext<Double>) -> Double?
    @usableFromInline typealias ShouldMergeScalar =
        (AnimationBoxBase, Animation, Double, Double, inout AnimationContext<Double>) -> Bool
    @usableFromInline typealias AnimateThenVelocityScalar =
        (AnimationBoxBase, Double, Double, inout AnimationContext<Double>, Bool) -> (value: Double, velocity: Double?)?

    /// `animate` for `Double` values, specialised for the concrete animation.
    @usableFromInline let animateScalar: AnimateScalar
    /// `velocity` for `Double` values, specialised for the concrete animation.
    @usableFromInline let velocityScalar: VelocityScalar
    /// `shouldMerge` for `Double` values, specialised for the concrete animation.
    @usableFromInline let shouldMergeScalar: ShouldMergeScalar
    /// `Animation.animateThenVelocity` for `Double` values, specialised for the concrete animation.
    @usableFromInline let animateThenVelocityScalar: AnimateThenVelocityScalar

    init(animateScalar: @escaping AnimateScalar, velocityScalar: @escaping VelocityScalar,
         shouldMergeScalar: @escaping ShouldMergeScalar, animateThenVelocityScalar: @escaping AnimateThenVelocityScalar) {
        self.animateScalar = animateScalar
        self.velocityScalar = velocityScalar
        self.shouldMergeScalar = shouldMergeScalar
        self.animateThenVelocityScalar = animateThenVelocityScalar
    }

    var anyBase: any CustomAnimation { fatalError("AnimationBoxBase is abstract") }

    @usableFromInline
    func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        fatalError("AnimationBoxBase is abstract")
    }

    @usableFromInline
    func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        fatalError("AnimationBoxBase is abstract")
    }

    @usableFromInline
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        fatalError("AnimationBoxBase is abstract")
    }

    func isEqual(to other: AnimationBoxBase) -> Bool { fatalError("AnimationBoxBase is abstract") }
    func hash(into hasher: inout Hasher) { fatalError("AnimationBoxBase is abstract") }
}

@usableFromInline
final class AnimationBox<Base: CustomAnimation>: AnimationBoxBase, @unchecked Sendable {
    let base: Base

    init(_ base: Base) {
        self.base = base
        super.init(
            animateScalar: { box, value, time, context in
                unsafeDowncast(box, to: AnimationBox<Base>.self).base.animate(value: value, time: time, context: &context)
            },
            velocityScalar: { box, value, time, context in
                unsafeDowncast(box, to: AnimationBox<Base>.self).base.velocity(value: value, time: time, context: context)
            },
            shouldMergeScalar: { box, previous, value, time, context in
                unsafeDowncast(box, to: AnimationBox<Base>.self).base.shouldMerge(
                    previous: previous, value: value, time: time, context: &context)
            },
            animateThenVelocityScalar: { box, value, time, context, wantsVelocity in
                let base = unsafeDowncast(box, to: AnimationBox<Base>.self).base
                // A timing curve or an interpolating spring gives both from one evaluation (the casts fold
                // away once specialised).
                if let curve = base as? TimingCurveAnimation {
                    return curve.animateThenVelocity(value: value, time: time, wantsVelocity: wantsVelocity)
                }
                if let spring = base as? InterpolatingSpringAnimation {
                    return spring.animateThenVelocity(value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
                }
                guard let covered = base.animate(value: value, time: time, context: &context) else { return nil }
                return (covered, wantsVelocity ? base.velocity(value: value, time: time, context: context) : nil)
            })
    }

    override var anyBase: any CustomAnimation { base }

    @usableFromInline
    override func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }

    @usableFromInline
    override func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    @usableFromInline
    override func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    override func isEqual(to other: AnimationBoxBase) -> Bool {
        guard let other = other as? AnimationBox<Base> else { return false }
        return base == other.base
    }

    override func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Base.self))
        hasher.combine(base)
    }
}
