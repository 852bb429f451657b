// AnimatorLayoutTests.swift — the stored layout `Animator` documents for `Double` (Animator.swift,
// "Layout"): three cache lines, the fields a frame of a chain of one reads in the last two. A
// consistency check of the declarations against that contract (the frame's speed depends on it,
// its numbers do not), so that a new or moved field cannot silently spread a frame over a third line.

@testable import AnimationMath
import Testing

@Suite("Animator: layout")
struct AnimatorLayoutTests {
    typealias A = Animator<Double>

    /// The offset of `path` in the head entry, from the animator's start.
    static func head<T>(_ path: KeyPath<A.Entry, T>) -> Int {
        MemoryLayout<A>.offset(of: \A.chain)! + MemoryLayout<A.Chain>.offset(of: \A.Chain.head)!
            + MemoryLayout<A.Entry>.offset(of: path)!
    }

    @Test("Animator<Double> is 192 bytes; a chain-of-one frame's fields lie in its last 128, the rest before")
    func frameFieldsInTwoLines() {
        #expect(MemoryLayout<A>.size == 192)
        #expect(MemoryLayout<A>.stride == 192)
        // Read (or written) by every frame of a chain of one, `.spring` or not.
        let frame: [(String, Int, Int)] = [
            ("model", MemoryLayout<A>.offset(of: \A.model)!, 8),
            ("runInterval", MemoryLayout<A>.offset(of: \A.runInterval)!, 8),
            ("clock", MemoryLayout<A>.offset(of: \A.clock)!, 8),
            ("chainBase", MemoryLayout<A>.offset(of: \A.chainBase)!, 8),
            ("lastResult", MemoryLayout<A>.offset(of: \A.lastResult)!, 8),
            ("chain.count", MemoryLayout<A>.offset(of: \A.chain)! + MemoryLayout<A.Chain>.offset(of: \A.Chain.count)!, 8),
            ("head.animation", Self.head(\.animation), 8),
            ("head.target", Self.head(\.target), 8),
            ("head.start", Self.head(\.start), 8),
            ("head.context.state", Self.head(\.context.state), 8),
            ("head.context.fluidSpring", Self.head(\.context.fluidSpring), MemoryLayout<FluidSpringState<Double>>.size),
            ("head.context.isLogicallyComplete", Self.head(\.context.isLogicallyComplete), 1),
            ("head.hasReportedLogicalCompletion", Self.head(\.hasReportedLogicalCompletion), 1),
        ]
        for (name, offset, size) in frame {
            #expect(offset >= 64 && offset + size <= 192, "\(name) at \(offset)..<\(offset + size)")
        }
        // Read by changes, longer chains, completions, and blending springs only.
        let elsewhere: [(String, Int, Int)] = [
            ("events", MemoryLayout<A>.offset(of: \A.events)!, 8),
            ("pending", MemoryLayout<A>.offset(of: \A.pending)!, 8),
            ("nextSerial", MemoryLayout<A>.offset(of: \A.nextSerial)!, 4),
            ("spareState", MemoryLayout<A>.offset(of: \A.spareState)!, 8),
            ("resultBeforeNewest", MemoryLayout<A>.offset(of: \A.resultBeforeNewest)!, 8),
            ("chain.tail", MemoryLayout<A>.offset(of: \A.chain)! + MemoryLayout<A.Chain>.offset(of: \A.Chain.tail)!, 8),
            ("head.context.fluidSpringBlend", Self.head(\.context.fluidSpringBlend), 16),
        ]
        for (name, offset, size) in elsewhere {
            #expect(offset + size <= 64, "\(name) at \(offset)..<\(offset + size)")
        }
    }
}
