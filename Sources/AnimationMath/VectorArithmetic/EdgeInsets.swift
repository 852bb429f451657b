// `CGFloat` lives in Foundation on Linux; see CGFloat+VectorArithmetic.swift.
import Foundation

/// The inset distances of a rectangle's four edges, SwiftUI's `EdgeInsets`.
///
/// `animatableData` is the nested pair top, (leading, (bottom, trailing)) — SwiftUI's own
/// `AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>>`, unscaled —
/// so an animation moves the four edges together, and a `.spring` finishes when the four taken
/// together are at rest (the squared magnitude sums all four).
public struct EdgeInsets: Hashable, Sendable, Animatable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    @inlinable
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// All four insets zero.
    @inlinable
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public typealias AnimatableData = AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>>

    /// (top, (leading, (bottom, trailing))).
    @inlinable
    public var animatableData: AnimatableData {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first
            leading = newValue.second.first
            bottom = newValue.second.second.first
            trailing = newValue.second.second.second
        }
    }
}
