// PresetAnimationTests.swift — the presets' parameters, equality, hashing and descriptions.

import AnimationMath
import Testing

@Suite("presets")
struct PresetAnimationTests {
    /// A preset's parameters from a short formula (2π/d, 1 − bounce, 2√k·ζ): a few roundings,
    /// relative to the value (achieved: exact).
    static let rounding = 1e-15
    func fluid(_ animation: Animation) -> FluidSpringAnimation? { animation.base as? FluidSpringAnimation }

    @Test("the spring presets' parameters")
    func springPresetParameters() throws {
        let spring = try #require(fluid(.spring))
        #expect(spring == FluidSpringAnimation(response: 0.5, dampingFraction: 1, blendDuration: 0))
        #expect(fluid(.spring()) == spring)
        #expect(fluid(.smooth) == spring)
        #expect(fluid(.spring(response: 0.5)) == FluidSpringAnimation(response: 0.5, dampingFraction: 0.825))
        #expect(fluid(.snappy)?.dampingFraction == 1 - 0.15)
        #expect(fluid(.bouncy)?.dampingFraction == 1 - 0.3)
        #expect(fluid(.bouncy(duration: 0.8, extraBounce: 0.1))
                == FluidSpringAnimation(response: 0.8, dampingFraction: 1 - (0.3 + 0.1)))
        #expect(fluid(.interactiveSpring)
                == FluidSpringAnimation(response: 0.15, dampingFraction: 1 - 0.15, blendDuration: 0.25))
        #expect(fluid(.interactiveSpring(response: 0.15))
                == FluidSpringAnimation(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25))
        #expect((Animation.default.base as? DefaultAnimation)?.spring
                == FluidSpringAnimation(response: 0.55, dampingFraction: 1, blendDuration: 0))
        let fromSpring = try #require(fluid(.spring(Spring(response: 0.7, dampingRatio: 0.4), blendDuration: 0.1)))
        #expect(abs(fromSpring.response - 0.7) <= Self.rounding && abs(fromSpring.dampingFraction - 0.4) <= Self.rounding)
        #expect(fromSpring.blendDuration == 0.1)
    }

    @Test("bounce maps to damping fraction without clamping", arguments: [(-0.5, 2.0), (-0.2, 1.25), (0.0, 1.0), (0.3, 0.7), (1.5, -0.5)])
    func bounceMapsToDampingFractionWithoutClamping(bounce: Double, dampingFraction: Double) {
        #expect(abs(fluid(.spring(duration: 0.5, bounce: bounce))!.dampingFraction - dampingFraction) <= Self.rounding)
    }

    @Test("the interpolating spring presets")
    func interpolatingSpringPresets() throws {
        let byDuration = try #require(Animation.interpolatingSpring(duration: 0.5, bounce: 0.3).base
                                      as? InterpolatingSpringAnimation)
        // k = (2π/0.5)² = 157.91367041742973, c = 2√k · 0.7 = 17.59291886010284 (Apple's example).
        #expect(abs(byDuration.stiffness - 157.91367041742973) <= Self.rounding * 157.91367041742973)
        #expect(abs(byDuration.damping - 17.59291886010284) <= Self.rounding * 17.59291886010284)
        #expect(byDuration.mass == 1)
        let fromSpring = try #require(Animation.interpolatingSpring(Spring(mass: 1, stiffness: 100, damping: 10),
                                                                    initialVelocity: 1).base as? InterpolatingSpringAnimation)
        #expect(abs(fromSpring.stiffness - 100) <= Self.rounding * 100 && abs(fromSpring.damping - 10) <= Self.rounding * 10)
        #expect(fromSpring.initialVelocity == 1)
    }

    @Test("equal presets are equal and hash alike")
    func equalPresetsAreEqualAndHashAlike() {
        let pairs: [(Animation, Animation)] = [
            (.spring, .spring(duration: 0.5, bounce: 0)),
            (.spring, .spring(response: 0.5, dampingFraction: 1, blendDuration: 0)),
            (.smooth, .spring),
            (.interactiveSpring, .spring(duration: 0.15, bounce: 0.15, blendDuration: 0.25)),
            (.default, Animation(DefaultAnimation())),
            (.easeInOut, .easeInOut(duration: 0.35)),
            (.easeInOut, .timingCurve(0.42, 0, 0.58, 1)),
            (.linear.delay(1).speed(2), .linear.delay(1).speed(2)),
            (.easeIn.repeatCount(3), .easeIn.repeatCount(3, autoreverses: true)),
            (.interpolatingSpring(stiffness: 100, damping: 10), .interpolatingSpring(mass: 1, stiffness: 100, damping: 10)),
        ]
        for (a, b) in pairs {
            #expect(a == b, "\(a) vs \(b)")
            #expect(a.hashValue == b.hashValue, "\(a) vs \(b)")
        }
    }

    @Test("different parameters differ")
    func differentParametersDiffer() {
        let distinct: [Animation] = [
            .spring, .snappy, .bouncy, .interactiveSpring, .default, .spring(response: 0.55, dampingFraction: 1),
            .spring(response: 0.5, dampingFraction: 0.825),
            .spring(duration: 0.5, bounce: 0, blendDuration: 0.1),
            .linear, .linear(duration: 1), .easeIn, .easeOut, .easeInOut, .timingCurve(0.1, 0.2, 0.3, 0.4),
            .interpolatingSpring(stiffness: 100, damping: 10), .interpolatingSpring(stiffness: 100, damping: 11),
            .linear.delay(1), .linear.delay(2), .linear.speed(2), .linear.delay(1).speed(2), .linear.speed(2).delay(1),
            .linear.repeatCount(2), .linear.repeatCount(2, autoreverses: false), .linear.repeatForever(),
            .linear.logicallyComplete(after: 0.1),
        ]
        for i in distinct.indices {
            for j in distinct.indices where j != i {
                #expect(distinct[i] != distinct[j], "\(distinct[i]) vs \(distinct[j])")
            }
        }
    }

    @Test("descriptions read like the call that built them")
    func descriptionsReadLikeTheCallThatBuiltThem() {
        #expect(Animation.spring(response: 0.5, dampingFraction: 0.825).description
                == "spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)")
        #expect(Animation.spring.description == "spring(response: 0.5, dampingFraction: 1, blendDuration: 0)")
        #expect(Animation.easeInOut.description == "easeInOut(duration: 0.35)")
        #expect(Animation.linear(duration: 2).description == "linear(duration: 2)")
        #expect(Animation.linear.delay(1).speed(2).description == "linear(duration: 0.35).delay(1).speed(2)")
        #expect(Animation.easeIn.repeatCount(3).description == "easeIn(duration: 0.35).repeatCount(3, autoreverses: true)")
        #expect(Animation.easeIn.repeatForever(autoreverses: false).description
                == "easeIn(duration: 0.35).repeatForever(autoreverses: false)")
        #expect(Animation.interpolatingSpring(stiffness: 100, damping: 10).description
                == "interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)")
        #expect(Animation.spring.logicallyComplete(after: 0.25).description
                == "spring(response: 0.5, dampingFraction: 1, blendDuration: 0).logicallyComplete(after: 0.25)")
        #expect(Animation.timingCurve(0.1, 0.2, 0.3, 0.4).description == "timingCurve(0.1, 0.2, 0.3, 0.4, duration: 0.35)")
        // Control points as given (x is clamped only when the curve is evaluated).
        #expect(Animation.timingCurve(UnitCurve.bezier(startControlPoint: UnitPoint(x: -1, y: 0.5),
                                                       endControlPoint: UnitPoint(x: 1.5, y: 1)), duration: 2).description
                == "timingCurve(-1, 0.5, 1.5, 1, duration: 2)")
        #expect(Animation.timingCurve(.circularEaseIn, duration: 0.5).description == "timingCurve(.circularEaseIn, duration: 0.5)")
        #expect(Animation.timingCurve(.circularEaseOut, duration: 1).description == "timingCurve(.circularEaseOut, duration: 1)")
        #expect(Animation.timingCurve(.circularEaseInOut.inverse, duration: 1).description
                == "timingCurve(.circularEaseInOut.inverse, duration: 1)")
    }

    /// SwiftUI, in OpenSwiftUI's compatibility tests run on SwiftUI itself:
    /// `Animation.default.description == "DefaultAnimation()"` and `debugDescription ==
    /// "AnyAnimator(SwiftUI.DefaultAnimation())"` — the module-qualified name; ours is AnimationMath.
    @Test(".default prints as SwiftUI prints it")
    func defaultPrintsAsSwiftUIPrintsIt() {
        #expect(DefaultAnimation().description == "DefaultAnimation()")
        #expect(Animation.default.description == "DefaultAnimation()")
        #expect(Animation.default.debugDescription == "AnyAnimator(AnimationMath.DefaultAnimation())")
        #expect(String(reflecting: Animation.default) == "AnyAnimator(AnimationMath.DefaultAnimation())")
        #expect(Animation.spring.debugDescription == "AnyAnimator(spring(response: 0.5, dampingFraction: 1, blendDuration: 0))")
    }
}
