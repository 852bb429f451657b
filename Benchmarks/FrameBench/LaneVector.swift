/// One register of `Double`s of the build's ISA, the lanes `Lanes` computes on: `SIMD4<Double>`
/// (one AVX register) when the build defines `HOOKE_AVX` (`scripts/native` does on a host with
/// AVX), else `SIMD2<Double>` (one SSE2 register: four lanes there would be two registers each, and
/// the kernels' loops would spill them). A concrete type rather than code generic over `SIMD`, because only the concrete types'
/// operators are single vector instructions (`.<` and `+` on a generic `SIMD` are loops over the
/// lanes, which LLVM only partly turns back into vector code).
#if HOOKE_AVX
typealias LaneVector = SIMD4<Double>
#else
typealias LaneVector = SIMD2<Double>
#endif

/// A comparison's result as integer lanes, all ones (set) or all zeros (`SIMDMask`'s storage,
/// from `.bits`), combined with `&`, `|` and `~`. Selects on it are bitwise: the standard library's
/// `replacing(with:where:)` is a loop over lanes, which LLVM split into scalar compares here.
typealias LaneMask = LaneVector.MaskStorage

extension SIMDMask where Storage == LaneMask {
    /// The mask as integer lanes.
    @inline(__always) var bits: LaneMask { _storage }
}

// A set lane is negative: any lane is set iff the OR of the lanes is, every lane iff the AND is.
extension SIMD2 where Scalar == Int64 {
    @inline(__always) var anySet: Bool { x | y < 0 }
    @inline(__always) var allSet: Bool { x & y < 0 }
}

extension SIMD4 where Scalar == Int64 {
    @inline(__always) var anySet: Bool { (lowHalf | highHalf).anySet }
    @inline(__always) var allSet: Bool { (lowHalf & highHalf).allSet }
}

extension LaneMask {
    static var noLanes: Self { Self(repeating: 0) }
    static var everyLane: Self { Self(repeating: -1) }
}

extension LaneVector {
    /// `scalarCount` consecutive `Double`s at `base + index` (any alignment).
    @inline(__always)
    static func load(_ base: UnsafeMutablePointer<Double>, _ index: Int) -> Self {
        UnsafeRawPointer(base + index).loadUnaligned(as: Self.self)
    }

    /// Stores the lanes at `base + index` … (any alignment).
    @inline(__always)
    func store(_ base: UnsafeMutablePointer<Double>, _ index: Int) {
        UnsafeMutableRawPointer(base + index).storeBytes(of: self, as: Self.self)
    }

    /// The lanes of `a` where `mask` is set, of `b` elsewhere.
    @inline(__always)
    static func select(_ mask: LaneMask, _ a: Self, _ b: Self) -> Self {
        let a = unsafeBitCast(a, to: LaneMask.self), b = unsafeBitCast(b, to: LaneMask.self)
        return unsafeBitCast((a & mask) | (b & ~mask), to: Self.self)
    }
}
