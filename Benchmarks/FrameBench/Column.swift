/// One contiguous, manually managed column of a struct-of-arrays layout.
///
/// Kernels keep their state as a few `Column`s (one `UnsafeMutableBufferPointer<Double>` each) so
/// the hot loops are plain scalar code over contiguous memory that LLVM can auto-vectorise, with no
/// bounds checks, no copy-on-write checks and no reference counting.
///
/// Every column starts at a cache line (`alignment`, 64 bytes), whatever the allocator would give,
/// so that where a record falls among the lines depends only on its stride and index: a kernel whose
/// records are a multiple of 64 bytes (the `mixed` workload's C record and `Animator<Double>`, 192)
/// finds each record's fields at the same place in its lines on every run.
struct Column<Element>: @unchecked Sendable {
    var buffer: UnsafeMutableBufferPointer<Element>

    /// The cache line size assumed for x86-64 and arm64 alike.
    static var alignment: Int { 64 }

    init(count: Int, _ element: (Int) -> Element) {
        buffer = Self.allocate(count)
        for index in 0..<count { (buffer.baseAddress! + index).initialize(to: element(index)) }
    }

    init(repeating value: Element, count: Int) {
        buffer = Self.allocate(count)
        buffer.initialize(repeating: value)
    }

    private static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Element>.stride * count,
            alignment: Swift.max(alignment, MemoryLayout<Element>.alignment))
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: Element.self, capacity: count), count: count)
    }

    @inline(__always) var base: UnsafeMutablePointer<Element> { buffer.baseAddress! }

    func free() {
        buffer.deinitialize()
        UnsafeMutableRawPointer(buffer.baseAddress!).deallocate()
    }
}
