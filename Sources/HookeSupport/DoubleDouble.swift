// DoubleDouble.swift — unevaluated sums hi + lo of two Doubles (about 106 significant bits), for
// the high-precision references. Portable: only IEEE add, multiply and fused multiply-add, so it
// runs the same on x86_64 and arm64 (no Float80).
//
// Algorithms (facts, not code, from the literature): Knuth's TwoSum, Dekker's Fast2Sum and the
// FMA-based TwoProduct; add/multiply/divide as in Hida, Li & Bailey's "sloppy" double-double
// (error a few units of 2⁻¹⁰⁴ relative), which is ~10⁻³¹: far below one ulp of a Double.

struct DoubleDouble: Sendable {
    var hi: Double
    var lo: Double

    init(_ value: Double) {
        hi = value
        lo = 0
    }

    init(hi: Double, lo: Double) {
        self.hi = hi
        self.lo = lo
    }

    static let zero = DoubleDouble(0)
    static let one = DoubleDouble(1)

    /// The nearest Double.
    var double: Double { hi + lo }

    /// s + e = a + b exactly (|a| ≥ |b| not required).
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(hi: s, lo: (a - (s - bb)) + (b - bb))
    }

    /// s + e = a + b exactly, for |a| ≥ |b|.
    @inline(__always)
    static func fastTwoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        return DoubleDouble(hi: s, lo: b - (s - a))
    }

    /// p + e = a·b exactly (FMA).
    @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        return DoubleDouble(hi: p, lo: (-p).addingProduct(a, b))
    }

    static func + (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        var s = twoSum(x.hi, y.hi)
        let t = twoSum(x.lo, y.lo)
        s.lo += t.hi
        s = fastTwoSum(s.hi, s.lo)
        s.lo += t.lo
        return fastTwoSum(s.hi, s.lo)
    }

    static prefix func - (x: DoubleDouble) -> DoubleDouble { DoubleDouble(hi: -x.hi, lo: -x.lo) }

    static func - (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble { x + (-y) }

    static func * (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        var p = twoProduct(x.hi, y.hi)
        p.lo += x.hi * y.lo + x.lo * y.hi
        return fastTwoSum(p.hi, p.lo)
    }

    static func / (x: DoubleDouble, y: DoubleDouble) -> DoubleDouble {
        let q1 = x.hi / y.hi
        var r = x - y * DoubleDouble(q1)
        let q2 = r.hi / y.hi
        r = r - y * DoubleDouble(q2)
        let q3 = r.hi / y.hi
        return fastTwoSum(q1, q2) + DoubleDouble(q3)
    }

    /// |x|, by the sign of the leading part.
    var magnitude: DoubleDouble { hi < 0 ? -self : self }

    /// 2π to double-double precision: the Double nearest 2π plus the Double nearest the rest.
    static let twoPi = DoubleDouble(hi: 6.283185307179586, lo: 2.4492935982947064e-16)
}
