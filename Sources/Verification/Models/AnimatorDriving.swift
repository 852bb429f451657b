// AnimatorDriving.swift — the animator as the checks see it: changes and frames of one Double.
// The library's `Animator` is the standard one; the planted faults bring alternative animators
// (`ChainingAnimator`) that run through the same checks.

import AnimationMath

/// An animator of one scalar value.
public protocol AnimatorDriving {
    /// `withAnimation(animation) { value = newValue }` at `time`.
    mutating func setValue(_ newValue: Double, animation: Animation, at time: Double)
    /// The presentation at `time` and its velocity (nil when the animator cannot say).
    mutating func frame(at time: Double) -> (value: Double, velocity: Double?)
    /// Whether any animation is still running.
    var isAnimating: Bool { get }
}

/// A named way of making an animator from its initial value.
public struct AnimatorImplementation: Sendable {
    public var name: String
    public var make: @Sendable (Double) -> any AnimatorDriving

    public init(name: String, make: @escaping @Sendable (Double) -> any AnimatorDriving) {
        self.name = name
        self.make = make
    }

    /// AnimationMath's `Animator<Double>`.
    public static let library = AnimatorImplementation(name: "Animator") { LibraryAnimator(value: $0) }
}

/// AnimationMath's `Animator<Double>` behind `AnimatorDriving`.
struct LibraryAnimator: AnimatorDriving {
    var animator: Animator<Double>

    init(value: Double) { animator = Animator(value: value) }

    mutating func setValue(_ newValue: Double, animation: Animation, at time: Double) {
        animator.setValue(newValue, animation: animation, at: time)
    }

    mutating func frame(at time: Double) -> (value: Double, velocity: Double?) {
        let frame = animator.frame(at: time)
        return (frame.value, frame.velocity)
    }

    var isAnimating: Bool { animator.isAnimating }
}
