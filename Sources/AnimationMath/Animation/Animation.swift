/// A type-erased animation, SwiftUI's `Animation`: any `CustomAnimation`, with value equality.
///
/// Presets (`Animation+Presets.swift` and friends) and modifiers (`DelayAnimation.swift`, ...) build
/// on `init(_:)`. Dispatch goes through one class vtable call per frame; the frame harness measures
/// what that costs against concrete types.
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
        box.animate(value: value, time: time, context: &context)
    }

    @inlinable
    public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        box.velocity(value: value, time: time, context: context)
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

    init(_ base: Base) { self.base = base }

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
