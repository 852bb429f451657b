import FrameBench
import Testing

private final class Probe {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// Keeps each instance reachable through a class property, so the optimiser cannot put it on the stack.
private final class Sink {
    var probe: Probe?
}

@Suite("AllocationCounter")
struct AllocationCounterTests {
    @Test("counts Swift class instances", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"))
    func countsSwiftClassInstances() {
        let sink = Sink()
        let instances = 1_000
        #expect(AllocationCounter.install(), "the allocation counter is not in effect in the test runner")
        let before = AllocationCounter.count
        for index in 0..<instances { sink.probe = Probe(index) }
        let after = AllocationCounter.count
        blackHole(sink.probe)
        #expect(after - before >= UInt64(instances), "counted \(after - before) allocations for \(instances) instances")
    }

    @Test("counts per thread", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"))
    func countsPerThread() throws {
        try #require(AllocationCounter.install())
        let sink = Sink()
        let before = AllocationCounter.threadCount
        for index in 0..<100 { sink.probe = Probe(index) }
        let after = AllocationCounter.threadCount
        blackHole(sink.probe)
        #expect(after - before >= 100)
    }

    @Test("counts unsafe allocations", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"))
    func countsUnsafeAllocations() throws {
        try #require(AllocationCounter.install())
        let before = AllocationCounter.count
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 12, alignment: 64)   // aligned path
        let after = AllocationCounter.count
        pointer.deallocate()
        #expect(after - before >= 1)
    }
}
