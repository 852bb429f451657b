/// How a change is applied (SwiftUI's `Transaction`): the animation, whether animations are
/// disabled, an optional completion, and custom values read through ``TransactionKey``.
///
/// An ``Animator`` reads the animation, the flag and the completion of one value's change. How a
/// transaction travels down a view tree — which modifiers replace or transform it before each value
/// reads it — is ``ViewNode``'s resolution (<doc:Transactions>).
public struct Transaction {
    /// The animation of the change; `nil` applies the change without animation.
    public var animation: Animation?

    /// When `true` the change is applied without animation even if `animation` is set.
    ///
    /// In SwiftUI this flag stops implicit `.animation(_:value:)` modifiers from *replacing* the
    /// transaction's animation; that is how ``ViewNode``'s resolution reads it. Handed straight to an
    /// ``Animator`` (no view tree), it is read the only way that has an observable effect on one
    /// value: the change is not animated.
    public var disablesAnimations: Bool

    /// The completion to report for this change, if any.
    public var completion: AnimationCompletion?

    /// The values of custom ``TransactionKey``s set on this transaction, by key type; a key not here
    /// reads as its `defaultValue`.
    var customValues: [ObjectIdentifier: Any] = [:]

    public init(animation: Animation? = nil, disablesAnimations: Bool = false, completion: AnimationCompletion? = nil) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
        self.completion = completion
    }

    /// The animation the change actually runs: `nil` when there is none or animations are disabled.
    @inlinable
    public var effectiveAnimation: Animation? { disablesAnimations ? nil : animation }
}
