// SpringSettlingTests.swift — SwiftUI's settling duration and the settling-duration initialiser.

import AnimationMath
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The underdamped settling time is one log and one division after the same roundings as the
/// hand formula: a few ulps of a number of order 1. 1e-14 relative.
private let settlingFormulaTolerance = 1e-14


@Suite("Spring: settling")
struct SpringSettlingTests {
    /// SwiftUI's number: the grid is accumulated, so the eighth point is 0.1 added 8 times.
    /// Exact equality is the contract here: the result is a grid point, computed by the same
    /// additions, not an approximation of one.
    @Test("the default spring settles at SwiftUI's grid point")
    func defaultSpringSettlesAtSwiftUIsGridPoint() {
        #expect(Spring().settlingDuration == 0.7999999999999999)
        var gridPoint = 0.0
        for _ in 0..<8 { gridPoint += 0.1 }
        #expect(Spring.smooth.settlingDuration == gridPoint)
    }

    /// Underdamped: t = −ln(ε / (|λT − v0| + |T|)) / λ.
    @Test("underdamped springs use SwiftUI's formula", arguments: [(0.3, 1.0, 0.0), (0.15, 2.0, 5.0), (0.8, -1.0, 3.0), (0.5, 0.0, 0.5)])
    func underdampedUsesSwiftUIsFormula(bounce: Double, target: Double, v0: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        let λ = (1 - bounce) * 4 * Double.pi
        let ε = 0.001
        let expected = max(0, -log(ε / (abs(λ * target - v0) + abs(target))) / λ)
        let actual = spring.settlingDuration(target: target, initialVelocity: v0, epsilon: ε)
        #expect(abs(actual - expected) <= settlingFormulaTolerance * expected, "\(actual) vs \(expected)")
    }

    @Test("generic settling uses magnitudes")
    func genericSettlingUsesMagnitudes() {
        let spring = Spring.bouncy
        let target = SpringTestVector(x: 3, y: 4), v0 = SpringTestVector(x: 0, y: 0)
        // |T| = 5, |λT − 0| = 5λ: the same as a scalar target 5.
        let vector = spring.settlingDuration(target: target, initialVelocity: v0, epsilon: 0.01)
        let scalar = spring.settlingDuration(target: 5.0, initialVelocity: 0, epsilon: 0.01)
        #expect(abs(vector - scalar) <= settlingFormulaTolerance * scalar)
        #expect(spring.settlingDuration(fromValue: 2.0, toValue: 7.0, epsilon: 0.01) == scalar)
    }

    @Test("undamped never settles, and no motion settles at once")
    func undampedNeverSettlesAndNoMotionSettlesAtOnce() {
        let undamped = Spring(duration: 0.5, bounce: 1)
        #expect(undamped.settlingDuration == .infinity)
        #expect(undamped.settlingDuration(target: 0.0, initialVelocity: 0, epsilon: 0.001) == 0)
        #expect(Spring(response: 1, dampingRatio: -0.2).settlingDuration == .infinity)
        #expect(Spring(response: 1, dampingRatio: -2).settlingDuration == .infinity)
        #expect(Spring(response: 1, dampingRatio: -2).settlingDuration(target: 0.0, epsilon: 0.001) == 0)
        #expect(Spring(duration: 0.5, bounce: -1).settlingDuration.isNaN)
    }

    /// ζ ≥ 1: the result is the first grid point after which |x − T| < ε holds for more than 1 s.
    /// Checked against that definition directly with `value`.
    @Test("the overdamped search meets its definition", arguments: [(1.0, 0.5, 0.0), (2.0, 0.5, 0.0), (1.0, 0.3, 8.0), (1.5, 1.2, -3.0), (1e-9 + 1, 0.4, 1.0)])
    func overdampedSearchMeetsItsDefinition(dampingRatio ζ: Double, response: Double, v0: Double) {
        let spring = Spring(response: response, dampingRatio: ζ)
        let ε = 0.001, target = 1.0
        let settled = spring.settlingDuration(target: target, initialVelocity: v0, epsilon: ε)
        var grid: [Double] = []
        var t = 0.0
        for _ in 0..<1024 { grid.append(t); t += 0.1 }
        guard let index = grid.firstIndex(of: settled) else {
            Issue.record("\(settled) is not a grid point")
            return
        }
        func isSettled(_ t: Double) -> Bool {
            abs(spring.value(target: target, initialVelocity: v0, time: t) - target) < ε
        }
        #expect(index == 0 || !isSettled(grid[index - 1]), "the point before \(settled) is settled too")
        let held = grid[index...].prefix { $0 - settled <= 1.0 }
        #expect(held.allSatisfy(isSettled), "not settled throughout the second after \(settled)")
    }

    @Test("the search returns 0 when nothing settles within 102 s")
    func searchReturnsZeroWhenNothingSettlesWithin102Seconds() {
        // ζ = 1000, response 1: the slow mode decays at ω0/(2ζ) ≈ 0.0031/s, e^{−0.32} at 102.3 s.
        #expect(Spring(response: 1, dampingRatio: 1000).settlingDuration == 0)
        // A slower critically damped spring: response 100 s, still at 1e-2 of the distance at 102 s.
        #expect(Spring(response: 100, dampingRatio: 1).settlingDuration == 0)
        // But a moderately slow one settles: ζ = 1, response 10 s settles in about 14 s.
        let slow = Spring(response: 10, dampingRatio: 1).settlingDuration
        #expect(slow > 10 && slow < 20)
    }

    /// SwiftUI's rule for ζ < 1 is Newton's iterate for ζ/√(1 − ζ²)·e^(−ζω0D) = ε, whose root has a
    /// closed form; the iterate stops at a step of at most ε on ω0, within 1.3e-10 of the root here
    /// (measured, ζ = 0.1). The getter does not read D back: its envelope is another one.
    @Test("the settling initialiser: near the closed-form root of SwiftUI's underdamped equation", arguments: [0.05, 0.1, 0.5, 0.9], [0.05, 0.5, 1, 5])
    func settlingInitialiserUnderdamped(dampingRatio ζ: Double, duration: Double) {
        let spring = Spring(settlingDuration: duration, dampingRatio: ζ)
        #expect(spring.regime == .underdamped)
        let root = log(ζ / ((1 - ζ * ζ).squareRoot() * 0.001)) / (ζ * duration)
        let newtonStop = 1.3e-9  // 10× the measured 1.29e-10 of the root
        #expect(abs(spring.naturalFrequency - root) <= newtonStop * root, "\(spring.naturalFrequency) vs \(root)")
        let roundTripRounding = 4e-16  // ζ through damping and back: a few ulps (achieved: exact)
        #expect(abs(spring.dampingRatio - ζ) <= roundTripRounding)
    }

    /// ζ = 1: the true settling time is D, so the grid search reads back the first grid point
    /// after D, at most 0.1 s later (plus the accumulated grid's rounding, below 1e-12 s).
    @Test("the settling initialiser, critically damped", arguments: [0.35, 1.0, 2.05, 7.5])
    func settlingInitialiserCriticallyDamped(duration: Double) {
        let spring = Spring(settlingDuration: duration, dampingRatio: 1)
        #expect(spring.regime == .criticallyDamped)
        let gridRounding = 1e-12
        let readBack = spring.settlingDuration
        #expect(readBack > duration - gridRounding && readBack <= duration + 0.1 + gridRounding, "\(readBack)")
        // And the displacement at D is ε, to where SwiftUI's Newton stops (a step of ε on ω0).
        let displacement = 1 - spring.value(target: 1.0, time: duration)
        let newtonStop = 5e-9  // 10× the measured 5.3e-10 (D = 2.05 and 7.5)
        #expect(abs(displacement - 0.001) <= newtonStop, "\(displacement)")
    }

    @Test("the settling initialiser clamps its inputs, and keeps SwiftUI's NaN and growing springs")
    func settlingInitialiserClampsItsInputs() {
        #expect(Spring(settlingDuration: 100, dampingRatio: 0.5) == Spring(settlingDuration: 10, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: 0, dampingRatio: 0.5) == Spring(settlingDuration: 0.01, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: 1, dampingRatio: 3) == Spring(settlingDuration: 1, dampingRatio: 1))
        // ζ ≤ 0 clamps to ulp, where the rule diverges: SwiftUI answers (0, 0) with a NaN spring
        // (Respring's tests, run against SwiftUI); the first step lands near −10²⁹, the next is NaN.
        #expect(Spring(settlingDuration: 0, dampingRatio: 0).naturalFrequency.isNaN)
        #expect(Spring(settlingDuration: 1, dampingRatio: -1).naturalFrequency.isNaN)
        // ζ well below ε: the root ln(ζ/(ε√(1 − ζ²)))/(ζD) is negative, −138.63 for D 10, ζ 5e-4.
        let growing = Spring(settlingDuration: 10, dampingRatio: 0.0005)
        #expect(growing.angularFrequency == 0)
        let root = log(0.0005 / ((1 - 0.0005 * 0.0005).squareRoot() * 0.001)) / (0.0005 * 10)
        #expect(abs(growing.decayConstant - root) <= 1e-12 * abs(root), "\(growing.decayConstant) vs \(root)")
    }
}
