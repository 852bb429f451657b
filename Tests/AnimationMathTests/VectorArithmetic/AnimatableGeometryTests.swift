import AnimationMath
import Foundation  // CGPoint, CGSize, CGRect
import Testing

@Suite("animatable geometry")
struct AnimatableGeometryTests {
    @Test("CGPoint's animatableData round-trips")
    func pointRoundTrips() {
        var point = CGPoint(x: 3, y: -4)
        #expect(point.animatableData == AnimatablePair(CGFloat(3), CGFloat(-4)))
        point.animatableData = AnimatablePair(1, 2)
        #expect(point == CGPoint(x: 1, y: 2))
    }

    @Test("CGSize's animatableData round-trips")
    func sizeRoundTrips() {
        var size = CGSize(width: 5, height: 6)
        #expect(size.animatableData == AnimatablePair(CGFloat(5), CGFloat(6)))
        size.animatableData = AnimatablePair(-1, 7)
        #expect(size.width == -1 && size.height == 7)
    }

    @Test("CGRect's animatableData is origin then size, not standardised")
    func rectIsOriginThenSizeAndIsNotStandardised() {
        var rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.animatableData == AnimatablePair(AnimatablePair(CGFloat(1), CGFloat(2)),
                                                      AnimatablePair(CGFloat(3), CGFloat(4))))
        rect.animatableData = AnimatablePair(AnimatablePair(10, 20), AnimatablePair(-30, 40))
        #expect(rect.origin == CGPoint(x: 10, y: 20))
        #expect(rect.size == CGSize(width: -30, height: 40))
    }

    /// Interpolating a rectangle's data halfway is the component-wise midpoint.
    @Test("CGRect interpolates component-wise")
    func rectInterpolatesComponentWise() {
        let from = CGRect(x: 0, y: 0, width: 10, height: 10).animatableData
        let to = CGRect(x: 100, y: -50, width: 20, height: 0).animatableData
        var mid = CGRect.zero
        mid.animatableData = from + (to - from).scaled(by: 0.5)
        #expect(mid == CGRect(x: 50, y: -25, width: 15, height: 5))
    }
}
