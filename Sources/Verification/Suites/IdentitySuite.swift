// IdentitySuite.swift — what makes two values the same, and how they print: `Hashable` of every
// value type a user compares (animations of every kind, curves, pairs, vectors, angles, points,
// completion criteria and events) against its laws — the same value built twice is equal and hashes
// alike, different parameters are unequal, and `AnimatableVector`'s documented padding (trailing
// zeros do not count) — and every animation's `description` against the call that built it, its
// numbers read back exactly, with `.default` printed as SwiftUI prints it.

import AnimationMath

enum IdentitySuite {
    static let name = "identity"

    /// A law holds or it does not: every failure counts 1.
    static let tolerance = Tolerance(
        name: "identityLaws", metric: "maxAbsError", value: 0,
        reason: "equality, hashing and printing are exact: no failure is allowed")

    static let suite = VerificationSuite(
        name: name, summary: "Hashable laws of every value type; descriptions read as the call that built them"
    ) { _ in
        [hashCheck(), descriptionCheck()]
    }

    /// Values of one type, built by `make` twice: each equals its twin and hashes alike, and differs
    /// from every other value of the list.
    static func laws<T: Hashable>(_ label: String, _ make: () -> [T], _ stats: inout ErrorStatistics) {
        let first = make(), second = make()
        for (i, a) in first.enumerated() {
            for (j, b) in second.enumerated() {
                let equal = a == b
                stats.require(equal == (i == j),
                              WorstCase("\(label) #\(i) \(equal ? "==" : "!=") #\(j)"))
                if equal {
                    stats.require(a.hashValue == b.hashValue, WorstCase("\(label) #\(i): equal values hash apart"))
                }
            }
        }
    }

    static func animations() -> [Animation] {
        let base = Animation.linear(duration: 0.3)
        return [
            base, .linear(duration: 0.4), .easeIn(duration: 0.3), .easeOut(duration: 0.3), .easeInOut(duration: 0.3),
            .timingCurve(0.1, 0.2, 0.3, 0.4, duration: 0.3), .timingCurve(0.1, 0.2, 0.3, 0.5, duration: 0.3),
            .timingCurve(.circularEaseIn, duration: 0.3),
            .spring(response: 0.5, dampingFraction: 0.8), .spring(response: 0.5, dampingFraction: 0.8, blendDuration: 0.1),
            .interpolatingSpring(stiffness: 100, damping: 10), .interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: 1),
            .default, base.delay(0.1), base.delay(0.2), base.speed(2), base.repeatCount(2), base.repeatCount(2, autoreverses: false),
            base.repeatForever(), base.logicallyComplete(after: 0.1), base.delay(0.1).speed(2), base.speed(2).delay(0.1),
            Animation(CustomAnimationSuite.Ramp(duration: 1)), Animation(CustomAnimationSuite.Ramp(duration: 2)),
        ]
    }

    static func hashCheck() -> CheckReport {
        var stats = ErrorStatistics()
        laws("Animation", animations, &stats)
        // Documented aliases are the animation they stand for: `.interpolatingSpring` is
        // `interpolatingSpring(duration: 0.5, bounce: 0)` and `spring(_:blendDuration:)` takes a Spring's
        // response and damping ratio (Apple's pages for both).
        let spring = Spring(response: 0.4, dampingRatio: 0.7)
        stats.require(Animation.interpolatingSpring == .interpolatingSpring(duration: 0.5, bounce: 0),
                      WorstCase(".interpolatingSpring = interpolatingSpring(duration: 0.5, bounce: 0)"))
        stats.require(Animation.spring(spring, blendDuration: 0.1) == .spring(response: 0.4, dampingFraction: 0.7, blendDuration: 0.1),
                      WorstCase(".spring(Spring(response: 0.4, dampingRatio: 0.7), blendDuration: 0.1) = spring(response:dampingFraction:blendDuration:)"))
        laws("UnitCurve", {
            [UnitCurve.linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
             .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.2), endControlPoint: UnitPoint(x: 0.3, y: 0.4)),
             .bezier(startControlPoint: UnitPoint(x: 0.1, y: 0.2), endControlPoint: UnitPoint(x: 0.3, y: 0.5))]
        }, &stats)
        laws("AnimatablePair", { [AnimatablePair(1.0, 2.0), AnimatablePair(2.0, 1.0), AnimatablePair(1.0, -2.0)] }, &stats)
        laws("AnimatableVector", { [AnimatableVector([1, 2]), AnimatableVector([1, 2, 3]), AnimatableVector([]), AnimatableVector([0, 2])] }, &stats)
        laws("Angle", { [Angle(degrees: 90), Angle(radians: 1), Angle()] }, &stats)
        laws("UnitPoint", { [UnitPoint.center, .topTrailing, UnitPoint(x: 0.25, y: 1)] }, &stats)
        laws("AnimationCompletionCriteria", { [AnimationCompletionCriteria.logicallyComplete, .removed] }, &stats)
        laws("AnimationCompletionEvent", {
            [AnimationCompletionEvent(id: 1, time: 0.5, criteria: .removed), AnimationCompletionEvent(id: 2, time: 0.5, criteria: .removed),
             AnimationCompletionEvent(id: 1, time: 0.5, criteria: .logicallyComplete)]
        }, &stats)
        // AnimatableVector behaves as if padded with zeros: [1, 2, 0] is [1, 2], hashes alike, and a − a is .zero.
        let padded = AnimatableVector([1, 2, 0, -0.0]), plain = AnimatableVector([1, 2])
        stats.require(padded == plain && padded.hashValue == plain.hashValue,
                      WorstCase("AnimatableVector [1, 2, 0, −0] == [1, 2], same hash"))
        stats.require(padded - padded == .zero && (padded - padded).hashValue == AnimatableVector.zero.hashValue,
                      WorstCase("AnimatableVector a − a == .zero, same hash"))
        return gatedCheck(CheckSubject(suite: name, name: "Hashable: equal values hash alike, different parameters are unequal", kind: .invariant,
                          source: CheckSource.api + ": Hashable's law (a == b ⇒ equal hashes); AnimatableVector's documented zero padding",
                          implementation: "Hashable conformances", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance,
                          detail: "\(stats.count) comparisons, \(Int(stats.maxAbsolute)) failed")
    }

    /// Each animation prints as the call that built it (the documented form: integral numbers
    /// without a fraction, others in Swift's shortest round-tripping form), and every number in it
    /// reads back to the parameter exactly. `.default` prints as SwiftUI's does: `DefaultAnimation()`,
    /// and `AnyAnimator(SwiftUI.DefaultAnimation())` as its debug description (OpenSwiftUI's
    /// compatibility tests, run on SwiftUI), here with this module's name.
    static func descriptionCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let third = 0.1 + 0.2  // 0.30000000000000004: the shortest form that reads back
        let base = Animation.linear(duration: third)
        let expected: [(Animation, String)] = [
            (base, "linear(duration: 0.30000000000000004)"),
            (.easeIn(duration: 2), "easeIn(duration: 2)"),
            (.easeOut(duration: 0.25), "easeOut(duration: 0.25)"),
            (.easeInOut(duration: 1e-3), "easeInOut(duration: 0.001)"),
            (.spring(response: 0.5, dampingFraction: 0.825), "spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)"),
            (.interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: -2.5),
             "interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: -2.5)"),
            // From 1e15 on an integral number prints in Swift's own form, which reads back too;
            // the largest integral Double below it still prints without a fraction.
            (base.delay(1e15).speed(2), "linear(duration: 0.30000000000000004).delay(\(1e15)).speed(2)"),
            (base.delay(999_999_999_999_999), "linear(duration: 0.30000000000000004).delay(999999999999999)"),
            (base.repeatCount(3, autoreverses: false), "linear(duration: 0.30000000000000004).repeatCount(3, autoreverses: false)"),
            (base.repeatForever(), "linear(duration: 0.30000000000000004).repeatForever(autoreverses: true)"),
            (base.logicallyComplete(after: 0.5), "linear(duration: 0.30000000000000004).logicallyComplete(after: 0.5)"),
            (.default, "DefaultAnimation()"),
            // A timing curve that is not a Bézier prints by its name (circularEaseInOut's inverse as
            // the expression that builds it).
            (.timingCurve(.circularEaseOut, duration: 0.5), "timingCurve(.circularEaseOut, duration: 0.5)"),
            (.timingCurve(UnitCurve.circularEaseInOut.inverse, duration: 0.5), "timingCurve(.circularEaseInOut.inverse, duration: 0.5)"),
        ]
        for (animation, text) in expected {
            stats.require(animation.description == text, WorstCase("\"\(animation)\", expected \"\(text)\""))
            let wrapped = text == "DefaultAnimation()" ? "AnimationMath.DefaultAnimation()" : text
            stats.require(animation.debugDescription == "AnyAnimator(\(wrapped))", WorstCase("debugDescription \"\(animation.debugDescription)\""))
        }
        stats.require(Double("\(1e15)") == 1e15, WorstCase("\(1e15) does not read back"))
        // A Bézier timing curve names its duration and its control points, which read back.
        let curve = Animation.timingCurve(0.1, 0.2, 0.3, 0.4, duration: third).description
        let numbers = curve.split(whereSeparator: { !"0123456789.-e+".contains($0) }).compactMap { Double($0) }
        for parameter in [0.1, 0.2, 0.3, 0.4, third] {
            stats.require(numbers.contains(parameter), WorstCase("\"\(curve)\" lacks \(parameter)"))
        }
        stats.require(curve.hasPrefix("timingCurve("), WorstCase("\"\(curve)\" is not a timingCurve call"))
        for (criteria, text) in [(AnimationCompletionCriteria.logicallyComplete, "logicallyComplete"), (.removed, "removed")] {
            stats.require(criteria.description == text, WorstCase("criteria \(criteria)"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "descriptions read as the call that built them; numbers read back", kind: .invariant,
                          source: CheckSource.api + ": a description is the call that built the animation (numbers round-trip); "
                              + "SwiftUI's printing of DefaultAnimation (OpenSwiftUI's compatibility tests, run on SwiftUI)",
                          implementation: "Animation.description", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance,
                          detail: "\(stats.count) texts, \(Int(stats.maxAbsolute)) wrong")
    }
}
