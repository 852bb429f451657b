/// A type-erased animation, SwiftUI's `Animation`: any `CustomAnimation`, with value equality.
///
/// Presets (`Animation+Spring.swift` and friends) and modifiers (`DelayAnimation.swift`, ...) build
/// on `init(_:)`.
///
/// Cost: a generic requirement called through a box runs the animation's *unspecialised* body, where
/// every `+` and `scale(by:)` on the value is a witness-table call (≈1 µs per frame for a `.spring`).
/// So the box also keeps closures for `Double` values, created where `init(_:)` is specialised for
/// the concrete animation type; `animate` and `velocity` on `Double` take that path: one indirect
/// call into specialised code. Other value types take the generic path.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
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
    public var base: any CustomAnimation { box.anyBase }

    @inlinable
    public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        if V.self == Double.self {
            // V is Double, so AnimationContext<V> is AnimationContext<Double>: same type, same layout.
            let result = withUnsafeMutablePointer(to: &context) { pointer in
                pointer.withMemoryRebound(to: AnimationContext<Double>.self, capacity: 1) { scalarContext in
                    box.animateScalar(unsafeBitCast(value, to: Double.self), time, &scalarContext.pointee)
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
                unsafeBitCast(value, to: Double.self), time, unsafeBitCast(context, to: AnimationContext<Double>.self))
            return result.map { unsafeBitCast($0, to: V.self) }
        }
        return box.velocity(value: value, time: time, context: context)
    }

    @inlinable
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        box.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box)
    }

    public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }

    public var description: String { String(describing: box.anyBase) }
}

extension Animation: CustomAnimation {}

@usableFromInline
class AnimationBoxBase: @unchecked Sendable {
    /// `animate` for `Double` values, specialised for the concrete animation (see `Animation`).
    @usableFromInline let animateScalar: (Double, Double, inout AnimationContext<Double>) -> Double?
    /// `velocity` for `Double` values, specialised for the concrete animation.
    @usableFromInline let velocityScalar: (Double, Double, AnimationContext<Double>) -> Double?

    init(animateScalar: @escaping (Double, Double, inout AnimationContext<Double>) -> Double?,
         velocityScalar: @escaping (Double, Double, AnimationContext<Double>) -> Double?) {
        self.animateScalar = animateScalar
        self.velocityScalar = velocityScalar
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
            animateScalar: { value, time, context in base.animate(value: value, time: time, context: &context) },
            velocityScalar: { value, time, context in base.velocity(value: value, time: time, context: context) })
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
