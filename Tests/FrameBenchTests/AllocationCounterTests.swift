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

struct AllocationCounterTests {
    @Test func countsSwiftClassInstances() {
        let sink = Sink()
        let instances = 1_000
        #expect(AllocationCounter.isActive, "the interposed malloc is not in effect in the test runner")
        let before = AllocationCounter.count
        for index in 0..<instances { sink.probe = Probe(index) }
        let after = AllocationCounter.count
        blackHole(sink.probe)
        #expect(after - before >= UInt64(instances), "counted \(after - before) allocations for \(instances) instances")
    }

    @Test func countsPerThread() {
        let sink = Sink()
        let before = AllocationCounter.threadCount
        for index in 0..<100 { sink.probe = Probe(index) }
        let after = AllocationCounter.threadCount
        blackHole(sink.probe)
        #expect(after - before >= 100)
    }

    @Test func countsUnsafeAllocations() {
        let before = AllocationCounter.count
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 12, alignment: 64)   // aligned path
        let after = AllocationCounter.count
        pointer.deallocate()
        #expect(after - before >= 1)
    }
}
