// SpringConversionTests.swift — SwiftUI's parameterisations of Spring, Apple's documented numbers,
// the bounce mapping, presets, the mass initialiser's clamp, SwiftUI's stiffness erratum, regimes.

import AnimationMath
import Testing
import _TestSupport

/// Apple's documented numbers were printed by SwiftUI, which forms them with its own order of
/// operations (for example m(ω² + λ²) for the stiffness, one ulp from m·ω0²). Four ulps covers two
/// roundings on each side.
private let documentedNumberULPs = 4.0

/// Round trips through a parameterisation (a getter after an initialiser) round 2–6 times, each
/// within half an ulp of numbers of order 1 to 10: 1e-14 relative leaves a factor ~10 of margin.
private let roundTripTolerance = 1e-14

private func expectClose(
    _ actual: Double, _ expected: Double, ulps: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = ulpDistance(actual, expected)
    #expect(error <= ulps, "\(actual) vs \(expected): \(error) ulps", sourceLocation: sourceLocation)
}

private func expectRelative(
    _ actual: Double, _ expected: Double, within tolerance: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = relativeError(actual, expected)
    #expect(error <= tolerance, "\(actual) vs \(expected): relative \(error)", sourceLocation: sourceLocation)
}

@Suite("Spring: parameter conversions")
struct SpringConversionTests {
    @Test("Apple's documented duration and bounce example")
    func appleDocumentedDurationBounceExample() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1.0)
        expectClose(spring.stiffness, 157.91367041742973, ulps: documentedNumberULPs)
        expectClose(spring.damping, 17.59291886010284, ulps: documentedNumberULPs)
    }

    @Test("Apple's documented mass, stiffness and damping example")
    func appleDocumentedMassStiffnessDampingExample() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.duration, 0.6283185307179586, ulps: documentedNumberULPs)
        expectClose(spring.bounce, 0.5, ulps: documentedNumberULPs)
        expectClose(spring.response, 0.6283185307179586, ulps: documentedNumberULPs)
        expectClose(spring.dampingRatio, 0.5, ulps: documentedNumberULPs)
    }

    /// SwiftUI's `stiffness` getter returns m(ω² + λ²); overdamped that is m(2λ² − ω0²).
    /// Duration 0.5, bounce −0.2: ζ = 1.25, ω0 = 4π, so the erratum reads 2.125·(4π)² = 335.57…
    @Test("SwiftUI's stiffness erratum for overdamped springs")
    func swiftUIStiffnessErratumForOverdampedSprings() {
        let spring = Spring(duration: 0.5, bounce: -0.2)
        let ω0Squared = 157.91367041742973  // (4π)², as documented for the same duration
        expectClose(spring.stiffness, ω0Squared, ulps: documentedNumberULPs)
        expectRelative(spring.swiftUIStiffness, 2.125 * ω0Squared, within: roundTripTolerance)
        #expect(spring.regime == .overdamped)
        // Underdamped, the erratum and the physical stiffness agree.
        let bouncy = Spring(duration: 0.5, bounce: 0.3)
        expectRelative(bouncy.swiftUIStiffness, bouncy.stiffness, within: roundTripTolerance)
    }

    /// (bounce, expected damping ratio, expected bounce read back); NaN means NaN.
    static let bounceTable: [(Double, Double, Double)] = [
        (0, 1, 0), (0.3, 0.7, 0.3), (0.15, 0.85, 0.15), (1, 0, 1), (1.5, 0, 1), (100, 0, 1),
        (-0.2, 1.25, -0.2), (-0.5, 2, -0.5), (-0.9, 10, -0.9),
        (-1, .nan, .nan), (-2, .nan, .nan), (.nan, .nan, .nan),
    ]

    @Test("bounce maps to damping ratio as SwiftUI does", arguments: bounceTable)
    func bounceMapsToDampingRatioAsSwiftUIDoes(bounce: Double, ζ: Double, readBack: Double) {
        let spring = Spring(duration: 0.7, bounce: bounce)
        if ζ.isNaN {
            #expect(spring.dampingRatio.isNaN)
            #expect(spring.bounce.isNaN)
            #expect(spring.value(target: 1.0, time: 0.3).isNaN)
            #expect(spring.regime == .overdamped)
        } else {
            if ζ == 0 {
                #expect(spring.dampingRatio == 0)
            } else {
                expectRelative(spring.dampingRatio, ζ, within: roundTripTolerance)
            }
            #expect(abs(spring.bounce - readBack) <= roundTripTolerance)
            expectRelative(spring.duration, 0.7, within: roundTripTolerance)
        }
    }

    @Test("response and damping ratio round trip", arguments: [1e-4, 0.01, 0.5, 1, 3.7, 1e4], [0.0, 0.25, 0.7, 1, 1.5, 1000, -0.3])
    func responseAndDampingRatioRoundTrip(response: Double, dampingRatio ζ: Double) {
        let spring = Spring(response: response, dampingRatio: ζ)
        expectRelative(spring.response, response, within: roundTripTolerance)
        expectRelative(spring.duration, response, within: roundTripTolerance)
        #expect(abs(spring.dampingRatio - ζ) <= roundTripTolerance * max(1, abs(ζ)))
        let ω0 = 2 * Double.pi / response
        // k = m(2π/r)², c = 4πζm/r with m = 1.
        expectRelative(spring.stiffness, ω0 * ω0, within: roundTripTolerance)
        if ζ != 0 {
            expectRelative(spring.damping, 4 * Double.pi * ζ / response, within: roundTripTolerance)
        } else {
            #expect(spring.damping == 0)
        }
        // Going through mass/stiffness/damping gives the same spring back (overdamping allowed).
        let again = Spring(mass: 1, stiffness: spring.stiffness, damping: spring.damping, allowOverDamping: true)
        expectRelative(again.response, response, within: roundTripTolerance)
        #expect(abs(again.dampingRatio - ζ) <= roundTripTolerance * max(1, abs(ζ)))
    }

    @Test("mass, stiffness and damping clamp to critical unless overdamping is allowed")
    func massStiffnessDampingClampsToCriticalUnlessOverdampingIsAllowed() {
        // ω0 = √(50/2) = 5, λ = 100/4 = 25: ζ = 5.
        let clamped = Spring(mass: 2, stiffness: 50, damping: 100)
        #expect(clamped.regime == .criticallyDamped)
        #expect(clamped.dampingRatio == 1)
        #expect(clamped.mass == 2)
        expectRelative(clamped.stiffness, 50, within: roundTripTolerance)
        expectRelative(clamped.damping, 20, within: roundTripTolerance)  // 2√(km) = 2·10

        let over = Spring(mass: 2, stiffness: 50, damping: 100, allowOverDamping: true)
        #expect(over.regime == .overdamped)
        expectRelative(over.dampingRatio, 5, within: roundTripTolerance)
        expectRelative(over.stiffness, 50, within: roundTripTolerance)   // physical, not SwiftUI's
        expectRelative(over.damping, 100, within: roundTripTolerance)
        expectRelative(over.angularFrequency, -(625.0 - 25.0).squareRoot(), within: roundTripTolerance)
        // SwiftUI's getter would give m(ω² + λ²) = 2(600 + 625) = 2450.
        expectRelative(over.swiftUIStiffness, 2450, within: roundTripTolerance)

        // Exactly critical is critical either way; negative damping is never clamped.
        #expect(Spring(mass: 1, stiffness: 100, damping: 20).angularFrequency == 0)
        #expect(Spring(mass: 1, stiffness: 100, damping: -30).regime == .negativeDamping)
        #expect(Spring(mass: 1, stiffness: 100, damping: -30).angularFrequency < 0)
    }

    @Test("presets match SwiftUI")
    func presetsMatchSwiftUI() {
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring() == Spring.smooth)
        #expect(Spring.smooth.regime == .criticallyDamped)
        #expect(Spring.snappy(duration: 0.3, extraBounce: 0.1) == Spring(duration: 0.3, bounce: 0.15 + 0.1))
        // extraBounce is added without clamping: 0.3 + 0.8 = 1.1 > 1 is undamped, reads back 1.
        let wild = Spring.bouncy(extraBounce: 0.8)
        #expect(wild.regime == .undamped)
        #expect(wild.bounce == 1)
        let heavy = Spring.smooth(duration: 2, extraBounce: -0.5)
        expectRelative(heavy.dampingRatio, 2, within: roundTripTolerance)
        expectRelative(heavy.duration, 2, within: roundTripTolerance)
    }

    static let regimeTable: [(Spring, Spring.Regime)] = [
        (Spring(response: 1, dampingRatio: 0), .undamped),
        (Spring(response: 1, dampingRatio: 0.5), .underdamped),
        (Spring(response: 1, dampingRatio: 1 - 1e-12), .underdamped),
        (Spring(response: 1, dampingRatio: 1), .criticallyDamped),
        (Spring(response: 1, dampingRatio: 1 + 1e-12), .overdamped),
        (Spring(response: 1, dampingRatio: 1000), .overdamped),
        (Spring(response: 1, dampingRatio: -0.2), .negativeDamping),
        (Spring(response: 1, dampingRatio: -3), .negativeDamping),
        (Spring(mass: 1, stiffness: 0, damping: 0), .criticallyDamped),
        // The damping ratio decides whatever the natural frequency: a zero response (ω0 = ∞) too.
        (Spring(response: 0, dampingRatio: 1), .criticallyDamped),
        (Spring(duration: 0, bounce: 0), .criticallyDamped),
        (Spring(response: 0, dampingRatio: -1), .negativeDamping),
        (Spring(response: 0, dampingRatio: 0.5), .underdamped),
        // A NaN parameter is overdamped whatever the damping ratio (ζ = 1 too).
        (Spring(response: .nan, dampingRatio: 1), .overdamped),
        (Spring(duration: .nan, bounce: 0), .overdamped),
        (Spring(response: .nan, dampingRatio: -1), .overdamped),
        (Spring(response: 1, dampingRatio: .nan), .overdamped),
        (Spring(mass: .nan, stiffness: 100, damping: 20), .overdamped),
    ]

    @Test("the regime follows the damping ratio", arguments: regimeTable)
    func regimeFollowsDampingRatio(spring: Spring, regime: Spring.Regime) {
        #expect(spring.regime == regime, "\(spring)")
    }

    /// Critical damping stores ω = 0 exactly, whatever the natural frequency (a zero response too).
    @Test("critical damping stores ω = 0, whatever the natural frequency")
    func criticalDampingStoresZeroAngularFrequency() {
        for spring in [Spring(response: 1, dampingRatio: 1), Spring(response: 0, dampingRatio: 1),
                       Spring(response: 0, dampingRatio: -1), Spring(duration: 0, bounce: 0)] {
            #expect(spring.angularFrequency == 0, "\(spring)")
        }
    }

    @Test("equality and hashing follow the stored representation")
    func equalityAndHashingFollowTheStoredRepresentation() {
        // bounce 0.3 gives ζ = 1 − 0.3, the same double as 0.7.
        let a = Spring(duration: 0.5, bounce: 0.3)
        let b = Spring(response: 0.5, dampingRatio: 0.7)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != Spring(response: 0.5, dampingRatio: 0.7 + 1e-9))
        #expect(Set([a, b, .smooth, .snappy]).count == 3)
    }

    @Test("the description names the parameters")
    func descriptionNamesTheParameters() {
        let text = Spring(response: 0.5, dampingRatio: 0.25).description
        #expect(text.hasPrefix("Spring(response: 0.5, dampingRatio: 0.25"), "\(text)")
        #expect(text.contains("mass: 1.0"), "\(text)")
    }
}
