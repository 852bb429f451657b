import AnimationMath

/// `LaneVector.scalarCount` `Double`s as one `VectorArithmetic` value, so that code written for one
/// value (SwiftUI's integrator step) runs on that many animations at once: every operation is the
/// lane-wise IEEE operation `Double` performs (`+`, `−` and `scale(by:)`, a multiplication by the
/// same scalar), so each lane's result is bit-identical to the scalar code's. (`magnitudeSquared`
/// is the whole vector's, as `VectorArithmetic` defines it; kernels never use it on lanes.)
struct Lanes: VectorArithmetic {
    var lanes: LaneVector
    static let width = LaneVector.scalarCount

    @inline(__always) init(_ lanes: LaneVector) { self.lanes = lanes }

    static var zero: Lanes { Lanes(.zero) }
    @inline(__always) static func + (a: Lanes, b: Lanes) -> Lanes { Lanes(a.lanes + b.lanes) }
    @inline(__always) static func - (a: Lanes, b: Lanes) -> Lanes { Lanes(a.lanes - b.lanes) }
    @inline(__always) static func += (a: inout Lanes, b: Lanes) { a.lanes += b.lanes }
    @inline(__always) static func -= (a: inout Lanes, b: Lanes) { a.lanes -= b.lanes }
    @inline(__always) mutating func scale(by rhs: Double) { lanes *= rhs }
    var magnitudeSquared: Double { (lanes * lanes).sum() }
}
