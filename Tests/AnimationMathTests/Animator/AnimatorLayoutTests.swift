// AnimatorLayoutTests.swift — the stored layout `Animator` documents for `Double` (Animator.swift,
// "Layout"): three cache lines, what a frame reads in the last one or two. A
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

    @Test("Animator<Double> is 192 bytes: what any chain-of-one or idle frame reads in its last 64, a spring's state in the 64 before")
    func frameFieldsInTwoLines() {
        #expect(MemoryLayout<A>.size == 192)
        #expect(MemoryLayout<A>.stride == 192)
        func offset<T>(_ path: KeyPath<A, T>) -> Int { MemoryLayout<A>.offset(of: path)! }
        // Read (or written) by every frame of a chain of one, and by an idle frame.
        let everyFrame: [(String, Int, Int)] = [
            ("clock", offset(\A.clock), 8),
            ("chainBase", offset(\A.chainBase), 8),
            ("lastResult", offset(\A.lastResult), 8),
            ("runOrigin", offset(\A.runOrigin), 8),
            ("head.animation", Self.head(\.animation), 8),
            ("head.target", Self.head(\.target), 8),
            ("head.start", Self.head(\.start), 8),
            ("head.context.isLogicallyComplete", Self.head(\.context.isLogicallyComplete), 1),
            ("head.hasReportedLogicalCompletion", Self.head(\.hasReportedLogicalCompletion), 1),
            ("head.hasNewer", Self.head(\.hasNewer), 1),
        ]
        for (name, at, size) in everyFrame {
            #expect(at >= 128 && at + size <= 192, "\(name) at \(at)..<\(at + size)")
        }
        // Read besides by a `.spring` frame (the blend only while blending) or a keyed-state one.
        let springOrState: [(String, Int, Int)] = [
            ("head.context.state", Self.head(\.context.state), 8),
            ("head.context.fluidSpring", Self.head(\.context.fluidSpring), MemoryLayout<FluidSpringState<Double>>.size),
            // The slot's payload (a blend or a repeat's pass); its case is the byte after it.
            ("head.context.inlineSlot", Self.head(\.context.inlineSlot), 16),
        ]
        for (name, at, size) in springOrState {
            #expect(at >= 64 && at + size <= 128, "\(name) at \(at)..<\(at + size)")
        }
        #expect(MemoryLayout<InlineSlot>.size == 17)
        #expect(Self.head(\.context.inlineSlot) + 16 < 192, "the slot's case lies in the frame's line")
        // Read by changes, longer chains and completions only.
        let elsewhere: [(String, Int, Int)] = [
            ("events", offset(\A.events), 8),
            ("pending", offset(\A.pending), 8),
            ("spareState", offset(\A.spareState), 8),
            ("resultBeforeNewest", offset(\A.resultBeforeNewest), 8),
            ("model", offset(\A.model), 8),
            ("runInterval", offset(\A.runInterval), 8),
            ("nextSerial", offset(\A.nextSerial), 4),
            ("chain.tail", offset(\A.chain) + MemoryLayout<A.Chain>.offset(of: \A.Chain.tail)!, 8),
        ]
        for (name, at, size) in elsewhere {
            #expect(at + size <= 64, "\(name) at \(at)..<\(at + size)")
        }
    }
}
