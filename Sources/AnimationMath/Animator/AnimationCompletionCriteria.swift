/// When a completion attached to an animated change fires (SwiftUI's `AnimationCompletionCriteria`).
///
/// Apple's documentation (developer.apple.com/documentation/swiftui/animationcompletioncriteria):
/// - `logicallyComplete`: "The animation has logically completed, but may still be in its long tail.
///   If a subsequent change occurs that creates additional animations [...], then those callbacks
///   will fire when the animations from the change that they were registered with logically complete,
///   ignoring the new animations."
/// - `removed`: "The entire animation is finished and will now be removed. If a subsequent change
///   occurs that creates additional animations [...], then those callbacks will only fire when *all*
///   of the created animations are complete."
///
/// How `Animator` applies these to merged and chained animations is documented on `Animator`.
public struct AnimationCompletionCriteria: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline enum Kind: UInt8, Hashable, Sendable {
        case logicallyComplete
        case removed
    }

    @usableFromInline let kind: Kind

    @inlinable init(_ kind: Kind) { self.kind = kind }

    /// Fires when the change's own animation reports `AnimationContext.isLogicallyComplete`, or
    /// when it finishes or leaves, whichever comes first. SwiftUI's default criteria.
    public static let logicallyComplete = AnimationCompletionCriteria(.logicallyComplete)

    /// Fires when every animation running on the value has finished and the presentation shows the
    /// model value again.
    public static let removed = AnimationCompletionCriteria(.removed)

    public var description: String {
        switch kind {
        case .logicallyComplete: "logicallyComplete"
        case .removed: "removed"
        }
    }
}
