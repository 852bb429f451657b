/// `floor` for `spring`: the bytes `fast` streams per spring per frame (`FastSpringKernel`'s
/// layout, `SpringPopulation`'s documentation) with next to no arithmetic — the pair (d, v) read and
/// written back swapped, the preset index read into an integer checksum — on `fast`'s own columns.
/// The state it leaves means nothing (swapping keeps it bounded however long it runs).
final class SpringFloorKernel: FrameKernel, @unchecked Sendable {
    let fast: FastSpringKernel
    var count: Int { fast.count }
    var stateBytesPerAnimation: Int { fast.stateBytesPerAnimation }
    var bytesMovedPerAnimation: Int? { fast.bytesMovedPerAnimation }

    init(_ fast: FastSpringKernel) { self.fast = fast }

    func advance(_ range: Range<Int>, to frame: Int) {
        let s = fast.state.base, p = fast.preset.base
        var checksum: UInt = 0
        for i in range {
            let x = s[i]
            s[i] = SIMD2(x.y, x.x)
            checksum &+= UInt(p[i])
        }
        blackHole(checksum)
        blackHole(s)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) { fast.state(of: index) }

    func release() { fast.release() }
}
