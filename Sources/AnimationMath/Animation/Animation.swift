/// A type-erased animation, SwiftUI's `Animation`: any `CustomAnimation`, with value equality.
///
/// Presets (`Animation+Spring.swift` and friends) and modifiers (`DelayAnimation.swift`, ...) build
/// on `init(_:)`.
///
/// Evaluation. The box records which of the library's own animations it holds (`AnimationKind`: the
/// `.spring` family, `.default`, timing curves, interpolating springs, the delay, speed, repeat and
/// logical-completion modifiers). The animator's per-frame step (`animateThenVelocity`) switches on
/// that kind into one direct call per kind (`step`), whose code is specialised with the caller for
/// the value type and reads the animation in place from the box: no indirect call, no existential,
/// no copy. A modifier evaluates its base the same way, so `.easeIn.delay(0.1)` is two direct calls.
///
/// A user's `CustomAnimation` (kind `.custom`) goes through the box, as do the public `animate`,
/// `velocity` and `shouldMerge` of every kind. A generic requirement called through it runs the
/// animation's *unspecialised* body, where every `+` and `scale(by:)` on the value is a witness-table
/// call (≈1 µs per frame for a `.spring`). So the box also keeps functions for `Double` values,
/// created where `init(_:)` is specialised for the concrete animation type; those three calls, and
/// a `.custom` animation's combined step, on `Double` take that path: one indirect call into
/// specialised code. The functions capture nothing — they are handed the box and
/// read the animation from it in place — so a call neither copies the animation nor retains a
/// closure context. Other value types take the generic path.
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
    /// context `animate` left: exactly the two calls in that order. The animator's frame uses it.
    /// Returns `nil` when the animation has finished; `velocity` is `nil` when not asked for or when
    /// the animation cannot say.
    ///
    /// The library's own animations (`AnimationKind`) are evaluated by a switch on the box's kind into
    /// a direct call of their concrete code (`step`), read in place from the box, and specialised
    /// with the caller for `V`: no indirect call, no existential, no copy of the animation. The
    /// `.spring` family's step (a few loads, its 1/300 s steps and stores) is inlined here instead,
    /// into the animator's frame: the most common animation pays no call and no packing of its result. A
    /// modifier's base is evaluated the same way (one direct, recursive call). Only a user's
    /// `CustomAnimation` takes the box's path.
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        switch box.kind {
        case .fluidSpring:
            return box.unbox(FluidSpringAnimation.self).animateThenVelocity(
                value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
        case .defaultSpring:
            return DefaultAnimation().spring.animateThenVelocity(
                value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
        case .timingCurve:
            return Self.step(TimingCurveAnimation.self, in: box, value: value, time: time, context: &context,
                             wantsVelocity: wantsVelocity)
        case .interpolatingSpring:
            return Self.step(InterpolatingSpringAnimation.self, in: box, value: value, time: time, context: &context,
                             wantsVelocity: wantsVelocity)
        case .delay:
            return Self.step(DelayAnimation.self, in: box, value: value, time: time, context: &context,
                             wantsVelocity: wantsVelocity)
        case .speed:
            return Self.step(SpeedAnimation.self, in: box, value: value, time: time, context: &context,
                             wantsVelocity: wantsVelocity)
        case .repeating:
            return Self.step(RepeatAnimation.self, in: box, value: value, time: time, context: &context,
                             wantsVelocity: wantsVelocity)
        case .logicallyComplete:
            return box.unbox(LogicallyCompleteAnimation.self).animateThenVelocity(
                value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
        case .custom:
            return customAnimateThenVelocity(value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
        }
    }

    /// `animateThenVelocity` for a user's `CustomAnimation`: for `Double` one indirect call into code
    /// specialised for the animation, otherwise the box's generic requirements.
    @inlinable
    func customAnimateThenVelocity<V: VectorArithmetic>(
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

    /// The combined step of the library's animation `A`, held by `box`, out of line: one call per
    /// kind, into code that reads the animation from the box in place (no copy of it), specialised
    /// for `V`. Out of line so that the animator's frame keeps only the switch; each kind's step is
    /// then compiled as a unit of its own, whatever the others cost.
    @inlinable @inline(never)
    static func step<A: SteppedAnimation, V: VectorArithmetic>(
        _: A.Type, in box: AnimationBoxBase, value: V, time: Double, context: inout AnimationContext<V>,
        wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        box.unbox(A.self).animateThenVelocity(value: value, time: time, context: &context, wantsVelocity: wantsVelocity)
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

    /// Which of the library's animations the box holds (`.custom`: any other).
    @usableFromInline let kind: AnimationKind

    init(animateScalar: @escaping AnimateScalar, velocityScalar: @escaping VelocityScalar,
         shouldMergeScalar: @escaping ShouldMergeScalar, animateThenVelocityScalar: @escaping AnimateThenVelocityScalar,
         kind: AnimationKind) {
        self.animateScalar = animateScalar
        self.velocityScalar = velocityScalar
        self.shouldMergeScalar = shouldMergeScalar
        self.animateThenVelocityScalar = animateThenVelocityScalar
        self.kind = kind
    }

    /// The animation held by this box, which must be an `AnimationBox<A>` (the kind says which),
    /// read in place.
    @inlinable @inline(__always)
    final func unbox<A: CustomAnimation>(_: A.Type) -> A {
        unsafeDowncast(self, to: AnimationBox<A>.self).base
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
    @usableFromInline let base: Base

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
                guard let covered = base.animate(value: value, time: time, context: &context) else { return nil }
                return (covered, wantsVelocity ? base.velocity(value: value, time: time, context: context) : nil)
            },
            kind: AnimationKind(of: Base.self))
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

/// The library's own animations, which `Animation` evaluates by a switch into concrete code
/// (`Animation.animateThenVelocity`); `.custom` is any other `CustomAnimation`, evaluated through its
/// box.
@usableFromInline
enum AnimationKind: UInt8, Sendable {
    case fluidSpring, defaultSpring, timingCurve, interpolatingSpring, delay, speed, repeating, logicallyComplete
    case custom

    /// The kind of `type`.
    init<A: CustomAnimation>(of type: A.Type) {
        switch type {
        case is FluidSpringAnimation.Type: self = .fluidSpring
        case is DefaultAnimation.Type: self = .defaultSpring
        case is TimingCurveAnimation.Type: self = .timingCurve
        case is InterpolatingSpringAnimation.Type: self = .interpolatingSpring
        case is DelayAnimation.Type: self = .delay
        case is SpeedAnimation.Type: self = .speed
        case is RepeatAnimation.Type: self = .repeating
        case is LogicallyCompleteAnimation.Type: self = .logicallyComplete
        default: self = .custom
        }
    }
}

/// The library's animations with a combined `animate`-then-`velocity` step (`Animation.step`).
@usableFromInline
protocol SteppedAnimation: CustomAnimation {
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)?
}

extension FluidSpringAnimation: SteppedAnimation {}
extension InterpolatingSpringAnimation: SteppedAnimation {}
extension DelayAnimation: SteppedAnimation {}
extension SpeedAnimation: SteppedAnimation {}
extension RepeatAnimation: SteppedAnimation {}
extension TimingCurveAnimation: SteppedAnimation {
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(
        value: V, time: Double, context: inout AnimationContext<V>, wantsVelocity: Bool
    ) -> (value: V, velocity: V?)? {
        animateThenVelocity(value: value, time: time, wantsVelocity: wantsVelocity)
    }
}
