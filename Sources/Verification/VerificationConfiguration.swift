import AnimationMath
import Foundation

/// How a verification run is set up.
public struct VerificationConfiguration: Sendable {
    /// Only the quick set of checks (each identical to its full-run counterpart).
    public var quick: Bool
    /// The seed of the random cases.
    public var seed: UInt64
    /// The directory holding the real SwiftUI recordings; nil skips that suite.
    public var recordingsDirectory: URL?
    /// The spring implementations that go through the spring checks.
    public var springImplementations: [SpringImplementation]
    /// The cubic timing Bézier under test: control points → progress → value.
    public var bezier: @Sendable (Double, Double, Double, Double) -> @Sendable (Double) -> Double
    /// `.spring(response:dampingFraction:blendDuration:)` under test.
    public var fluidSpring: @Sendable (Double, Double, Double) -> Animation
    /// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)` under test.
    public var interpolatingSpring: @Sendable (Double, Double, Double, Double) -> Animation
    /// The `delay`, `speed` and `repeatCount(_:autoreverses:)` modifiers under test (nil count: forever).
    public var delay: @Sendable (Animation, Double) -> Animation
    public var speed: @Sendable (Animation, Double) -> Animation
    public var repeatCount: @Sendable (Animation, Int?, Bool) -> Animation
    /// `Spring.settlingDuration` under test.
    public var settlingDuration: @Sendable (Spring) -> Double
    /// The animator under test (merges and chains).
    public var animator: AnimatorImplementation

    /// The seed used when `--seed` is not given.
    public static let defaultSeed: UInt64 = 0x484F_4F4B_45  // "HOOKE"

    /// The library's implementations in every slot.
    public init(quick: Bool = false, seed: UInt64 = VerificationConfiguration.defaultSeed,
                recordingsDirectory: URL? = nil,
                springImplementations: [SpringImplementation] = SpringImplementation.standard) {
        self.quick = quick
        self.seed = seed
        self.recordingsDirectory = recordingsDirectory
        self.springImplementations = springImplementations
        bezier = { x1, y1, x2, y2 in
            let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
            return { curve.value(at: $0) }
        }
        fluidSpring = { .spring(response: $0, dampingFraction: $1, blendDuration: $2) }
        interpolatingSpring = { .interpolatingSpring(mass: $0, stiffness: $1, damping: $2, initialVelocity: $3) }
        delay = { $0.delay($1) }
        speed = { $0.speed($1) }
        repeatCount = { base, count, autoreverses in
            count.map { base.repeatCount($0, autoreverses: autoreverses) } ?? base.repeatForever(autoreverses: autoreverses)
        }
        settlingDuration = { $0.settlingDuration }
        animator = .library
    }
}
