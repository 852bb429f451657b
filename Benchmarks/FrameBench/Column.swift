/// One contiguous, manually managed column of a struct-of-arrays layout.
///
/// Kernels keep their state as a few `Column`s (one `UnsafeMutableBufferPointer<Double>` each) so
/// the hot loops are plain scalar code over contiguous memory that LLVM can auto-vectorise, with no
/// bounds checks, no copy-on-write checks and no reference counting.
struct Column<Element>: @unchecked Sendable {
    var buffer: UnsafeMutableBufferPointer<Element>

    init(count: Int, _ element: (Int) -> Element) {
        buffer = .allocate(capacity: count)
        for index in 0..<count { (buffer.baseAddress! + index).initialize(to: element(index)) }
    }

    init(repeating value: Element, count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: value)
    }

    @inline(__always) var base: UnsafeMutablePointer<Element> { buffer.baseAddress! }

    func free() {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
