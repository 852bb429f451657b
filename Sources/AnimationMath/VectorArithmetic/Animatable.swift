/// A type whose state can be animated through a vector-valued view of it, as in SwiftUI.
///
/// An animation never touches the type itself: it reads `animatableData`, interpolates between two
/// such vectors, and writes the result back.
public protocol Animatable {
    /// The vector that represents the animatable state.
    associatedtype AnimatableData: VectorArithmetic

    /// The animatable state, read before an animation and written on every frame.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing to animate: reads as the empty value, and writes are ignored.
    @inlinable
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// A vector is its own animatable data.
    @inlinable
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}
