import AnimationMath

extension Scenario {
    /// The first transaction whose animation has a `.spring` outside the stable region of
    /// SwiftUI's 1/300 s integrator (`FluidSpringAnimation.isStable`): its values grow without
    /// bound, as the rule runs them. Nil when every spring is stable.
    package var firstUnstableSpring: (transaction: Int, spring: FluidSpringAnimation)? {
        for (index, transaction) in transactions.enumerated() {
            if let spring = transaction.animation.flatMap(Self.unstableSpring) { return (index, spring) }
        }
        return nil
    }

    /// The first `.spring` in `animation` (looking through delay, speed, repeat and
    /// logicallyComplete) that is not stable.
    static func unstableSpring(in animation: Animation) -> FluidSpringAnimation? {
        switch animation.base {
        case let spring as FluidSpringAnimation: return spring.isStable ? nil : spring
        case let modifier as DelayAnimation: return unstableSpring(in: modifier.base)
        case let modifier as SpeedAnimation: return unstableSpring(in: modifier.base)
        case let modifier as RepeatAnimation: return unstableSpring(in: modifier.base)
        case let modifier as LogicallyCompleteAnimation: return unstableSpring(in: modifier.base)
        default: return nil
        }
    }
}
