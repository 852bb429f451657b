// SwiftUIGeometryTests.swift — Angle, EdgeInsets, UnitPoint and UnitCurve's control points, with
// values worked by hand and SwiftUI's published ones.

import AnimationMath
import Foundation  // CGFloat
import Testing

@Suite("SwiftUI geometry: Angle, EdgeInsets, UnitPoint")
struct SwiftUIGeometryTests {
    /// Degrees ↔ radians go through one multiplication by a rounded π/180 or 180/π: half an ulp
    /// each, so a few ulps of the result.
    static let conversionTolerance = 4 * Double.ulpOfOne

    @Test("Angle: animatableData is radians × 128 (SwiftUI's compatibility test: radians 1 → 128)")
    func angleAnimatableData() {
        #expect(Angle(radians: 1).animatableData == 128)
        #expect(Angle.degrees(180).animatableData == Double.pi * 128)
        var angle = Angle.zero
        angle.animatableData = 64
        #expect(angle.radians == 0.5)
        angle.animatableData = -128 * 3
        #expect(angle == .radians(-3))
    }

    @Test("Angle: degrees and radians, worked by hand")
    func angleConversions() {
        #expect(abs(Angle(degrees: 180).radians - Double.pi) <= Self.conversionTolerance * Double.pi)
        #expect(abs(Angle(radians: Double.pi / 2).degrees - 90) <= Self.conversionTolerance * 90)
        #expect(abs(Angle.degrees(-45).radians + Double.pi / 4) <= Self.conversionTolerance)
        var angle = Angle()
        angle.degrees = 360
        #expect(abs(angle.radians - 2 * Double.pi) <= Self.conversionTolerance * 2 * Double.pi)
        #expect(Angle.zero.radians == 0 && Angle().degrees == 0)
        #expect(Angle.degrees(10) < .degrees(20) && !(Angle.radians(1) < .radians(1)))
    }

    /// An angle animated through its data: a linear animation halfway from 0° to 90° is 45°.
    @Test("Angle animates through its data: halfway from 0° to 90° is 45°")
    func angleAnimates() throws {
        let from = Angle.degrees(0), to = Angle.degrees(90)
        var animator = Animator(value: from.animatableData)
        animator.setValue(to.animatableData, animation: .linear(duration: 1), at: 0)
        var mid = Angle()
        mid.animatableData = animator.frame(at: 0.5).value
        #expect(abs(mid.degrees - 45) <= Self.conversionTolerance * 45)
    }

    @Test("EdgeInsets: animatableData is top, (leading, (bottom, trailing))")
    func edgeInsets() {
        var insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let data = insets.animatableData
        #expect(data.first == 1 && data.second.first == 2 && data.second.second.first == 3 && data.second.second.second == 4)
        #expect(data.magnitudeSquared == 1 + 4 + 9 + 16)
        insets.animatableData = AnimatablePair(10, AnimatablePair(20, AnimatablePair(30, 40)))
        #expect(insets == EdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40))
        #expect(EdgeInsets() == EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
        // Halfway between two insets, component by component.
        let from = EdgeInsets().animatableData, to = EdgeInsets(top: 8, leading: -4, bottom: 2, trailing: 6).animatableData
        var mid = EdgeInsets()
        mid.animatableData = from + (to - from).scaled(by: 0.5)
        #expect(mid == EdgeInsets(top: 4, leading: -2, bottom: 1, trailing: 3))
    }

    @Test("UnitPoint: the named points, topLeading (0, 0) … bottomTrailing (1, 1)")
    func namedPoints() {
        let expected: [(UnitPoint, Double, Double)] = [
            (.zero, 0, 0), (.center, 0.5, 0.5), (.leading, 0, 0.5), (.trailing, 1, 0.5), (.top, 0.5, 0),
            (.bottom, 0.5, 1), (.topLeading, 0, 0), (.topTrailing, 1, 0), (.bottomLeading, 0, 1),
            (.bottomTrailing, 1, 1),
        ]
        for (point, x, y) in expected { #expect(point.x == x && point.y == y, "\(point)") }
        #expect(UnitPoint() == .zero)
    }

    @Test("UnitPoint: animatableData is (128·x, 128·y)")
    func unitPointAnimatableData() {
        var point = UnitPoint.bottomTrailing
        #expect(point.animatableData == AnimatablePair(CGFloat(128), CGFloat(128)))
        #expect(UnitPoint.center.animatableData == AnimatablePair(CGFloat(64), CGFloat(64)))
        point.animatableData = AnimatablePair(32, -128)
        #expect(point == UnitPoint(x: 0.25, y: -1))
    }

    @Test("UnitCurve: a Bézier's control points read back as given; nil for the other curves")
    func controlPoints() {
        #expect(UnitCurve.easeInOut.startControlPoint == UnitPoint(x: 0.42, y: 0))
        #expect(UnitCurve.easeInOut.endControlPoint == UnitPoint(x: 0.58, y: 1))
        #expect(UnitCurve.easeIn.endControlPoint == UnitPoint(x: 1, y: 1))
        // As given, before the x clamp evaluation applies.
        let wild = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 2), endControlPoint: UnitPoint(x: 1.5, y: -1))
        #expect(wild.startControlPoint == UnitPoint(x: -0.5, y: 2))
        #expect(wild.endControlPoint == UnitPoint(x: 1.5, y: -1))
        #expect(wild.inverse.startControlPoint == UnitPoint(x: 2, y: -0.5))
        for curve in [UnitCurve.linear, .circularEaseIn, .circularEaseOut, .circularEaseInOut] {
            #expect(curve.startControlPoint == nil && curve.endControlPoint == nil)
        }
    }
}
