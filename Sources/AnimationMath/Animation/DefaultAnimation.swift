/// SwiftUI's `Animation.default`, what a transaction uses when it asks for "an animation" without
/// naming one: its own type, as in SwiftUI, where `Animation.default.description` is
/// `"DefaultAnimation()"` and `.default` equals only itself — not the `.spring` it behaves like.
///
/// It behaves as `spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)`: Apple documents
/// `default` as that spring (unverified on a device; one open-source re-implementation uses a
/// response of 0.5 — we keep Apple's 0.55). It runs the `.spring` integrator on the same state, so it
/// merges like a `.spring`: it takes over whatever runs, a `.spring` interrupting it keeps its
/// offset, velocity and force, and a blend starts from its response 0.55
/// (`FluidSpringAnimation.shouldMerge(previous:value:time:context:)`).
///
/// Printing follows SwiftUI's: `description` is `"DefaultAnimation()"`; `debugDescription` is the
/// module-qualified name, which `Animation.debugDescription` wraps — SwiftUI prints
/// `AnyAnimator(SwiftUI.DefaultAnimation())` (OpenSwiftUI's compatibility tests, run on SwiftUI), Hooke
/// `AnyAnimator(AnimationMath.DefaultAnimation())`.
@usableFromInline package struct DefaultAnimation: CustomAnimation, CustomStringConvertible, CustomDebugStringConvertible {
    @usableFromInline package init() {}

    /// The `.spring` this animation behaves as: response 0.55, damping fraction 1, no blend.
    @inlinable
    package var spring: FluidSpringAnimation { FluidSpringAnimation(response: 0.55, dampingFraction: 1, blendDuration: 0) }

    @usableFromInline package var description: String { "DefaultAnimation()" }

    /// `"AnimationMath.DefaultAnimation()"`: the type's qualified name, as Swift reflects a plain struct.
    @usableFromInline package var debugDescription: String { String(reflecting: Self.self) + "()" }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        spring.animate(value: value, time: time, context: &context)
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        spring.velocity(value: value, time: time, context: context)
    }

    /// Always `true`, exactly as `spring.shouldMerge`.
    @inlinable
    package func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
    ) -> Bool {
        spring.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}

extension Animation {
    /// `DefaultAnimation()`: behaves as `spring(response: 0.55, dampingFraction: 1, blendDuration: 0)`
    /// but is its own (internal) animation type, `DefaultAnimation`; see <doc:SpringAnimationIntegrator>.
    public static var `default`: Animation { Animation(DefaultAnimation()) }
}
