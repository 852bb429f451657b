// VectorLawSuite.swift — the value types animations move, and the gesture sampler that starts them:
// every `VectorArithmetic` type's +, −, scaling and magnitude against the same arithmetic done here on
// its components as plain Doubles (a law of the API: a vector's arithmetic is its components'), the
// animatable shapes' `animatableData` against their fields, equality and hashing, and
// `VelocitySampler` against the figures SwiftUI's own sampler gives; and the rest of the value types'
// API — Angle's units, `Animatable`'s defaults, component access — against its documented laws.

import AnimationMath
import Foundation

enum VectorLawSuite {
    static let name = "vector-laws"

    /// The components are binary fractions (1.5, −2.25, …) small enough that every sum, difference,
    /// product and square is exact, in Float too; only Angle's degree conversion rounds.
    static let componentTolerance = Tolerance(
        name: "componentArithmetic", metric: "maxRelError", value: 1e-15,
        reason: "exact binary fractions: every operation exact but Angle's ×180/π (ulps); measured identical")
    static let samplerTolerance = Tolerance(
        name: "samplerFigures", metric: "maxAbsError", value: 1e-13,
        reason: "a few divisions and one blend of numbers ≤ 10: ulps of 10 (measured 1.8e-14)")

    static let samplerSource = "SwiftUI's VelocitySampler figures, as OpenSwiftUI's dual tests record them from SwiftUI "
        + "(one sample 0; (1, 1)(1.1, 2) 10; (1, 1)(2, 2)(3, 4) 1.25; (1, 1)(2, 2)(4, 4) 1; (1, 1)(1, 3)(2, 4) 1); "
        + "the three-sample window is unverified beyond these; the replacement rule's boundary as VelocitySampler documents it"

    static let suite = VerificationSuite(name: name, summary: "VectorArithmetic = component arithmetic; animatableData; VelocitySampler figures") { _ in
        [componentCheck(), samplerCheck(), accessCheck()]
    }

    /// A type under the law: how to build it from components and read them back.
    struct Shape {
        var label: String
        var count: Int
        var check: (_ a: [Double], _ b: [Double], _ s: Double, _ stats: inout ErrorStatistics) -> Void
    }

    static func shape<V: VectorArithmetic>(_ label: String, count: Int, make: @escaping ([Double]) -> V,
                                          read: @escaping (V) -> [Double]) -> Shape {
        Shape(label: label, count: count) { a, b, s, stats in
            let x = make(a), y = make(b)
            let ca = read(x), cb = read(y)  // the components as the type holds them (Float rounds)
            func compare(_ what: String, _ got: [Double], _ expected: [Double]) {
                for (index, (g, e)) in zip(got, expected).enumerated() {
                    stats.add(g, e, scale: Swift.max(Swift.abs(e), 1), location: WorstCase("\(label) \(what)[\(index)]"))
                }
                if got.count != expected.count { stats.add(.nan, 0, scale: 1, location: WorstCase("\(label) \(what): component count")) }
            }
            compare("a + b", read(x + y), zip(ca, cb).map { $0 + $1 })
            compare("a − b", read(x - y), zip(ca, cb).map { $0 - $1 })
            compare("a·s", read(x.scaled(by: s)), ca.map { $0 * s })
            var z = x
            z += y
            z -= y
            compare("a + b − b", read(z), ca)
            compare("zero + a", read(.zero + x), ca)
            let squares = ca.reduce(0) { $0 + $1 * $1 }
            stats.add(x.magnitudeSquared, squares, scale: Swift.max(squares, 1), location: WorstCase("\(label) |a|²"))
            stats.require(x == make(a), WorstCase("\(label) a == a"))
            stats.add(x == y ? 1 : 0, 0, scale: 1, location: WorstCase("\(label) a ≠ b"))
        }
    }

    static func componentCheck() -> CheckReport {
        typealias Pair = AnimatablePair<Double, Double>
        let shapes: [Shape] = [
            shape("Double", count: 1, make: { $0[0] }, read: { [$0] }),
            shape("CGFloat", count: 1, make: { CGFloat($0[0]) }, read: { [Double($0)] }),
            shape("Float", count: 1, make: { Float($0[0]) }, read: { [Double($0)] }),
            shape("AnimatablePair<Double, Double>", count: 2, make: { Pair($0[0], $0[1]) }, read: { [$0.first, $0.second] }),
            shape("AnimatablePair<CGFloat, AnimatablePair<Double, Float>>", count: 3,
                  make: { AnimatablePair(CGFloat($0[0]), AnimatablePair($0[1], Float($0[2]))) },
                  read: { [Double($0.first), $0.second.first, Double($0.second.second)] }),
            shape("AnimatableVector", count: 4, make: { AnimatableVector($0) }, read: { $0.values }),
            shape("CGPoint.animatableData", count: 2, make: { CGPoint(x: $0[0], y: $0[1]).animatableData },
                  read: { var p = CGPoint.zero; p.animatableData = $0; return [Double(p.x), Double(p.y)] }),
            shape("CGSize.animatableData", count: 2, make: { CGSize(width: $0[0], height: $0[1]).animatableData },
                  read: { var p = CGSize.zero; p.animatableData = $0; return [Double(p.width), Double(p.height)] }),
            shape("CGRect.animatableData", count: 4, make: { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]).animatableData },
                  read: { var r = CGRect.zero; r.animatableData = $0
                          return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)] }),
            shape("EdgeInsets.animatableData", count: 4,
                  make: { EdgeInsets(top: CGFloat($0[0]), leading: CGFloat($0[1]), bottom: CGFloat($0[2]), trailing: CGFloat($0[3])).animatableData },
                  read: { var e = EdgeInsets(); e.animatableData = $0
                          return [Double(e.top), Double(e.leading), Double(e.bottom), Double(e.trailing)] }),
            // SwiftUI animates a UnitPoint as (128x, 128y) (open re-implementations; unverified).
            shape("UnitPoint.animatableData", count: 2, make: { UnitPoint(x: $0[0] / 128, y: $0[1] / 128).animatableData },
                  read: { [Double($0.first), Double($0.second)] }),
            shape("Angle.animatableData (radians)", count: 1, make: { Angle(degrees: $0[0] * 180 / Double.pi).animatableData },
                  read: { [$0] }),
        ]
        var stats = ErrorStatistics()
        let a = [1.5, -2.25, 3.125, 0.4375], b = [0.75, 4.5, -1.0625, 2.5]
        for shape in shapes {
            shape.check(Array(a.prefix(shape.count)), Array(b.prefix(shape.count)), -1.75, &stats)
        }
        // EmptyAnimatableData: everything is zero.
        let empty = EmptyAnimatableData()
        stats.add((empty + empty).magnitudeSquared + (empty - empty).scaled(by: 3).magnitudeSquared, 0, scale: 1,
                  location: WorstCase("EmptyAnimatableData"))
        stats.add(Angle(degrees: 90).radians, Double.pi / 2, scale: 1, location: WorstCase("Angle(degrees: 90).radians = π/2"))
        stats.add(Angle(radians: 1).degrees, 180 / Double.pi, scale: 60, location: WorstCase("Angle(radians: 1).degrees = 180/π"))
        return gatedCheck(CheckSubject(suite: name, name: "VectorArithmetic of every animatable type = arithmetic on its components",
                          kind: .invariant, source: CheckSource.api + ": a vector's +, −, scaling and |·|² are its components'",
                          implementation: "VectorArithmetic types", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: componentTolerance)
    }

    static func samplerCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let figures: [(samples: [(Double, Double)], velocity: Double)] = [
            ([(1, 1)], 0), ([(1, 1), (1.1, 2)], 10), ([(1, 1), (2, 2), (3, 4)], 1.25), ([(1, 1), (2, 2), (4, 4)], 1),
            ([(1, 1), (1, 3), (2, 4)], 1),
        ]
        for (samples, expected) in figures {
            var sampler = VelocitySampler<Double>()
            for (time, value) in samples { sampler.addSample(value, time: time) }
            stats.add(sampler.velocity, expected, scale: 1, location: WorstCase("samples \(samples)"))
            // A vector sampler moves each component as the scalar one does.
            var pair = VelocitySampler<AnimatablePair<Double, Double>>()
            for (time, value) in samples { pair.addSample(AnimatablePair(value, -2 * value), time: time) }
            stats.add(pair.velocity.first, expected, scale: 1, location: WorstCase("pair samples \(samples)"))
            stats.add(pair.velocity.second, -2 * expected, scale: 1, location: WorstCase("pair samples \(samples), second"))
            sampler.reset()
            stats.add(sampler.velocity, 0, scale: 1, location: WorstCase("after reset"))
        }
        // An earlier sample is ignored.
        var sampler = VelocitySampler<Double>()
        for (time, value) in [(1.0, 1.0), (2.0, 3.0), (1.5, 100.0)] { sampler.addSample(value, time: time) }
        stats.add(sampler.velocity, 2, scale: 1, location: WorstCase("an earlier sample ignored"))
        // The documented replacement rule at its boundary: a sample exactly ulpOfOne after the
        // newest is a new one (only one less than that apart replaces it): slope ulp/ulp = 1.
        var boundary = VelocitySampler<Double>()
        for (time, value) in [(0.0, 0.0), (Double.ulpOfOne, Double.ulpOfOne)] { boundary.addSample(value, time: time) }
        stats.add(boundary.velocity, 1, scale: 1, location: WorstCase("samples exactly ulpOfOne apart"))
        return gatedCheck(CheckSubject(suite: name, name: "VelocitySampler = SwiftUI's sampler figures", kind: .reference, source: samplerSource,
                          implementation: "VelocitySampler", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: samplerTolerance)
    }

    /// A user's vector type that takes `Animatable`'s default `animatableData` (itself).
    struct Meters: VectorArithmetic, Animatable {
        var value: Double
        static var zero: Meters { Meters(value: 0) }
        static func + (lhs: Meters, rhs: Meters) -> Meters { Meters(value: lhs.value + rhs.value) }
        static func - (lhs: Meters, rhs: Meters) -> Meters { Meters(value: lhs.value - rhs.value) }
        mutating func scale(by rhs: Double) { value *= rhs }
        var magnitudeSquared: Double { value * value }
    }

    /// A user's type with nothing to animate: `Animatable`'s default reads the empty value and ignores writes.
    struct Inert: Animatable {
        typealias AnimatableData = EmptyAnimatableData
        var label = "inert"
    }

    /// The documented API of the value types beyond their arithmetic: Angle's degrees ↔ radians
    /// (×180/π and back), its presets, order and ×128 animatable data; `Animatable`'s two defaults;
    /// `AnimatableVector`'s count, subscript and growing `-=`; `EmptyAnimatableData`'s in-place
    /// operations; `UnitPoint`'s ×128 animatable data written back; the geometry types' data in
    /// its declared order, and written back unchanged.
    static func accessCheck() -> CheckReport {
        var stats = ErrorStatistics()
        func law(_ holds: Bool, _ label: String) { stats.require(holds, WorstCase(label)) }
        // Angle: degrees = radians · 180/π both ways (a few ulps), ×128 data exactly.
        var angle = Angle()
        law(angle == .zero && Angle.radians(0.5) == Angle(radians: 0.5) && Angle.degrees(30) == Angle(degrees: 30), "Angle presets and factories")
        angle.degrees = 135
        stats.add(angle.radians, 3 * Double.pi / 4, scale: 3, location: WorstCase("Angle.degrees = 135 sets radians 3π/4"))
        stats.add(angle.degrees, 135, scale: 135, location: WorstCase("Angle degrees round trip"))
        law(Angle(degrees: 30) < Angle(degrees: 45) && !(Angle(radians: 1) < Angle(radians: 1)), "Angle order is the radians'")
        angle.animatableData = 64
        law(angle.radians == 0.5 && angle.animatableData == 64, "Angle animatableData = 128·radians, set divides exactly")
        // Animatable's defaults.
        var meters = Meters(value: 2)
        meters.animatableData = Meters(value: -3)
        law(meters.value == -3 && meters.animatableData.value == -3, "a vector is its own animatableData")
        var inert = Inert()
        inert.animatableData = EmptyAnimatableData()
        law(inert.animatableData == EmptyAnimatableData() && inert.label == "inert", "EmptyAnimatableData default: reads empty, writes ignored")
        // EmptyAnimatableData: everything is the empty value.
        var empty = EmptyAnimatableData()
        empty += .zero
        empty -= EmptyAnimatableData()
        empty.scale(by: 3)
        law(empty == .zero && empty.magnitudeSquared == 0, "EmptyAnimatableData in-place operations")
        // AnimatableVector: count, subscript, and -= growing to the longer operand (missing components are 0).
        var vector = AnimatableVector([1, 2])
        vector[1] = 5
        law(vector.count == 2 && vector[0] == 1 && vector[1] == 5, "AnimatableVector count and subscript")
        vector -= AnimatableVector([0.5, 1, 4])
        law(vector.values == [0.5, 4, -4], "AnimatableVector -= a longer vector pads with zeros")
        // UnitPoint: animatableData (128x, 128y), written back divided by 128 exactly.
        var point = UnitPoint()
        law(point == .zero, "UnitPoint() is .zero")
        point.animatableData = AnimatablePair(64, -32)
        law(point.x == 0.5 && point.y == -0.25, "UnitPoint animatableData set divides by 128")
        let read = UnitPoint(x: 0.75, y: -1.5).animatableData
        law(read.first == 96 && read.second == -192, "UnitPoint animatableData reads (128x, 128y)")
        // Fields → animatableData → fields is the identity for the geometry types (the arithmetic
        // check above goes data → fields only, so a getter that listed two fields in the wrong
        // order would pass it), and the data's components follow the declared AnimatableData:
        // EdgeInsets (top, (leading, (bottom, trailing))), CGRect ((x, y), (width, height)).
        let insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        var insetsBack = EdgeInsets()
        insetsBack.animatableData = insets.animatableData
        let insetData = insets.animatableData
        law(insetsBack == insets && insetData.first == 1 && insetData.second.first == 2
                && insetData.second.second.first == 3 && insetData.second.second.second == 4,
            "EdgeInsets animatableData: (top, (leading, (bottom, trailing))), written back unchanged")
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        var rectBack = CGRect.zero
        rectBack.animatableData = rect.animatableData
        let rectData = rect.animatableData
        law(rectBack == rect && rectData.first.first == 1 && rectData.first.second == 2
                && rectData.second.first == 3 && rectData.second.second == 4,
            "CGRect animatableData: ((x, y), (width, height)), written back unchanged")
        var pointBack = CGPoint.zero, sizeBack = CGSize.zero
        pointBack.animatableData = CGPoint(x: 1, y: 2).animatableData
        sizeBack.animatableData = CGSize(width: 3, height: 4).animatableData
        law(pointBack == CGPoint(x: 1, y: 2) && sizeBack == CGSize(width: 3, height: 4),
            "CGPoint and CGSize animatableData written back unchanged")
        // VelocitySampler keeps the last three samples: a fourth drops the first.
        var four = VelocitySampler<Double>(), lastThree = VelocitySampler<Double>()
        for (time, value) in [(1.0, 1.0), (2.0, 2.0), (3.0, 4.0), (4.0, 8.0)] { four.addSample(value, time: time) }
        for (time, value) in [(2.0, 2.0), (3.0, 4.0), (4.0, 8.0)] { lastThree.addSample(value, time: time) }
        law(four.velocity == lastThree.velocity && four.velocity != 0, "VelocitySampler: four samples = the last three")
        return gatedCheck(CheckSubject(suite: name, name: "Angle units, Animatable defaults, component access", kind: .invariant,
                          source: CheckSource.api + ": degrees = radians·180/π; animatableData ×128 (Angle, UnitPoint); a vector is its own data",
                          implementation: "value types", quickSet: true), metrics: stats.metrics(), worst: stats.worst,
                          tolerance: componentTolerance)
    }
}
