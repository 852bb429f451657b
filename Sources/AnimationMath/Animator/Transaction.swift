/// How a change is applied (SwiftUI's `Transaction`, reduced to what an animator reads): the
/// animation, whether animations are disabled, and an optional completion.
public struct Transaction {
    /// The animation of the change; `nil` applies the change without animation.
    public var animation: Animation?

    /// When `true` the change is applied without animation even if `animation` is set.
    ///
    /// In SwiftUI this flag stops implicit `.animation(_:value:)` modifiers from *replacing* the
    /// transaction's animation; Hooke has no view tree, so it reads the flag the only way that has an
    /// observable effect on one value: the change is not animated.
    public var disablesAnimations: Bool

    /// The completion to report for this change, if any.
    public var completion: AnimationCompletion?

    public init(animation: Animation? = nil, disablesAnimations: Bool = false, completion: AnimationCompletion? = nil) {
        self.animation = animation
        self.disablesAnimations = disablesAnimations
        self.completion = completion
    }

    /// The animation the change actually runs: `nil` when there is none or animations are disabled.
    @inlinable
    public var effectiveAnimation: Animation? { disablesAnimations ? nil : animation }
}
