// DoubleDouble.swift — unevaluated sums hi + lo of two Doubles (about 106 significant bits), for
// the high-precision references: the verifier's oscillator, and the tests' Bézier bisection where
// there is no Float80 (arm64). Portable: only IEEE add, multiply and fused multiply-add, so it
// runs the same on x86_64 and arm64.
//
// Algorithms (facts, not code, from the literature): Knuth's TwoSum, Dekker's Fast2Sum and the
// FMA-based TwoProduct; add/multiply/divide as in Hida, Li & Bailey's "sloppy" double-double
// (error a few units of 2⁻¹⁰⁴ relative), which is ~10⁻³¹: far below one ulp of a Double.

package struct DoubleDouble: Sendable {
    package var hi: Double
    package var lo: Double

    package init(_ value: Double) {
        hi = value
        lo = 0
    }

    package init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    package static let zero = DoubleDouble(0)
    package static let one = DoubleDouble(1)

    /// The nearest Double.
    package var double: Double { hi + lo }

    /// s + e = a + b exactly (|a| ≥ |b| not required).
    @inline(__always)
    package static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(hi: s, lo: (a - (s - bb)) + (b - bb))
    }

    /// s + e = a + b exactly, for |a| ≥ |b|.
    @inline(__always)
    package static func fastTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(hi: s, lo: b - (s - a))
    }

    /// p + e = a·b exactly (FMA).
    @inline(__always)
    package static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(hi: p, lo: (-p).addingProduct(a, b))
    }

    package static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        var s = twoSum(x.hi, y.hi)
        let t = twoSum(x.lo, y.lo)
        s.lo += t.hi
        s = fastTwoSum(s.hi, s.lo)
        s.lo += t.lo
        return fastTwoSum(s.hi, s.lo)
    }

    package static prefix func - (x: DoubleDouble) -> DoubleDouble { DoubleDouble(hi: -x.hi, lo: -x.lo) }

    package static func - (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble { x + (-y) }

    package static func * (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        var p = twoProduct(x.hi, y.hi)
        p.lo += x.hi * y.lo + x.lo * y.hi
        return fastTwoSum(p.hi, p.lo)
    }

    package static func / (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let q1 = x.hi / y.hi
        var r = x - y * DoubleDouble(q1)
        let q2 = r.hi / y.hi
        r = r - y * DoubleDouble(q2)
        let q3 = r.hi / y.hi
        return fastTwoSum(q1, q2) + DoubleDouble(q3)
    }

    /// |x|, by the sign of the leading part.
    package var magnitude: DoubleDouble { hi < 0 ? -self : self }

    /// 2π to double-double precision: the Double nearest 2π plus the Double nearest the rest.
    package static let twoPi = DoubleDouble(hi: 6.283185307179586, lo: 2.4492935982947064e-16)
}
