/// A modifier that can change the transaction the values below it see: SwiftUI's
/// `.animation(_:value:)`, `.animation(_:body:)`, `.transaction(_:)` and `.transaction(value:_:)`.
///
/// A ``ViewNode`` lists its modifiers outermost first — the order a transaction meets them on its
/// way down, which is the reverse of the order they are written in Swift (a modifier written later
/// wraps the ones before it). Each case's rule is stated, with its source, on the function that
/// applies it; ``ViewNode/resolve(_:changed:)`` walks the tree and calls them.
///
/// A monitored `value` is named: it is one of the tree's values or a plain piece of state, and it
/// "changed" in a transaction when the change sets it to something other than what it was.
public enum TransactionModifier: Sendable {
    /// `.animation(_:value:)`: see ``applyImplicitAnimation(_:value:changed:to:)``.
    case animation(Animation?, value: String)

    /// `.animation(_:body:)`: the animation applies only to the values of `body`, the modifiers
    /// written inside the closure; see ``applyScopedAnimation(_:to:)``.
    case scopedAnimation(Animation?, body: [String])

    /// `.transaction(_:)`: see ``applyTransform(_:to:)``.
    case transaction(@Sendable (inout Transaction) -> Void)

    /// `.transaction(value:_:)`: see ``applyValueTransform(_:value:changed:to:)``.
    case valueTransaction(value: String, @Sendable (inout Transaction) -> Void)

    /// `.animation(animation, value: value)`: when `value` changed in this transaction and the
    /// transaction does not disable animations, its animation becomes `animation` — `nil` included;
    /// otherwise the transaction passes unchanged.
    ///
    /// Apple (developer.apple.com/documentation/swiftui/view/animation(_:value:)): "Applies the
    /// given animation to this view when the specified value changes", and "If animation is nil,
    /// the view doesn't animate." On `disablesAnimations`
    /// (developer.apple.com/documentation/swiftui/transaction/disablesanimations): it is set "to
    /// prevent animation(_:) from inserting new animations into the transaction". OpenSwiftUI's
    /// `_AnimationModifier` (its `ChildTransaction` rule) does exactly this: nothing when animations
    /// are disabled, else the animation replaced when the monitored value changed in this
    /// transaction.
    public static func applyImplicitAnimation(
        _ animation: Animation?, value: String, changed: (String) -> Bool, to transaction: inout Transaction
    ) {
        guard !transaction.disablesAnimations, changed(value) else { return }
        transaction.animation = animation
    }

    /// `.animation(animation) { body }`: the values of `body` see the transaction with its animation
    /// replaced by `animation` (unless animations are disabled); the view the modifier is applied to,
    /// and everything else below, see the transaction as it arrived.
    ///
    /// Apple (developer.apple.com/documentation/swiftui/view/animation(_:body:)): "Any modifiers
    /// applied to the content of body will be applied to this view, and the animation will only be
    /// used on the modifiers defined in the body", with the example of an opacity animated by
    /// `easeInOut` "while the contents of MyView are animated with the implicit transaction's
    /// animation". Unlike `.animation(_:value:)` it monitors no value: the replacement applies to
    /// every change of the body's values. That it yields to `disablesAnimations` is OpenSwiftUI's
    /// reading (it builds the scope from `{ if !$0.disablesAnimations { $0.animation = animation } }`,
    /// the body of `ViewModifier.animation(_:)`); *unverified* on a device.
    public static func applyScopedAnimation(_ animation: Animation?, to transaction: inout Transaction) {
        guard !transaction.disablesAnimations else { return }
        transaction.animation = animation
    }

    /// `.transaction(transform)`: every change below sees the transaction after `transform`.
    ///
    /// Apple (developer.apple.com/documentation/swiftui/view/transaction(_:)): "Applies the given
    /// transaction mutation function to all animations used within the view", e.g. `view.animation =
    /// view.animation?.delay(2.0).speed(2)`, or a replacement animation. A transform that sets
    /// `animation = nil` freezes the subtree: its values jump to their new values at once.
    public static func applyTransform(_ transform: (inout Transaction) -> Void, to transaction: inout Transaction) {
        transform(&transaction)
    }

    /// `.transaction(value: value, transform)`: as `.transaction(_:)`, but only in a transaction in
    /// which `value` changed; otherwise the transaction passes unchanged.
    ///
    /// Apple (developer.apple.com/documentation/swiftui/view/transaction(value:_:)): "A view that
    /// wraps this view and applies a transformation to all transactions used within the view
    /// whenever value changes."
    public static func applyValueTransform(
        _ transform: (inout Transaction) -> Void, value: String, changed: (String) -> Bool,
        to transaction: inout Transaction
    ) {
        guard changed(value) else { return }
        transform(&transaction)
    }
}
