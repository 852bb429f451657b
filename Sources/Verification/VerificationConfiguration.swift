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
    /// The cubic timing Bézier under test.
    public var bezier: BezierFactory
    /// `.spring(response:dampingFraction:blendDuration:)` under test.
    public var fluidSpring: FluidSpringFactory
    /// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)` under test.
    public var interpolatingSpring: InterpolatingSpringFactory
    /// The `delay`, `speed` and `repeatCount(_:autoreverses:)` modifiers under test.
    public var delay: DelayModifier
    public var speed: SpeedModifier
    public var repeatCount: RepeatModifier
    /// `Spring.settlingDuration` under test.
    public var settlingDuration: SettlingDurationFunction
    /// The animator under test (merges and chains).
    public var animator: AnimatorImplementation
    /// Whether the preconditions suite may start child `hooke` processes (the planted faults, which
    /// replace implementations in this process only, switch it off).
    public var probesPreconditions = true

    /// The seed of the random cases when the user names none.
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

// The slots of `VerificationConfiguration`, each a factory named for what it makes; the planted
// faults (`MutationTesting`) replace one slot at a time with a wrong implementation.

/// Makes the cubic timing Bézier with control points (x1, y1), (x2, y2): progress → value.
public typealias BezierFactory = @Sendable (_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> @Sendable (_ progress: Double) -> Double
/// Makes `.spring(response:dampingFraction:blendDuration:)`.
public typealias FluidSpringFactory = @Sendable (_ response: Double, _ dampingFraction: Double, _ blendDuration: Double)
    -> Animation
/// Makes `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`.
public typealias InterpolatingSpringFactory = @Sendable (_ mass: Double, _ stiffness: Double, _ damping: Double,
                                                         _ initialVelocity: Double) -> Animation
/// `base.delay(seconds)`.
public typealias DelayModifier = @Sendable (_ base: Animation, _ seconds: Double) -> Animation
/// `base.speed(factor)`.
public typealias SpeedModifier = @Sendable (_ base: Animation, _ factor: Double) -> Animation
/// `base.repeatCount(count, autoreverses:)`, or `repeatForever(autoreverses:)` when `count` is nil.
public typealias RepeatModifier = @Sendable (_ base: Animation, _ count: Int?, _ autoreverses: Bool) -> Animation
/// `spring.settlingDuration`.
public typealias SettlingDurationFunction = @Sendable (_ spring: Spring) -> Double
