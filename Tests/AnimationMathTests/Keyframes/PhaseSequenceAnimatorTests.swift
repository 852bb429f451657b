// PhaseSequenceAnimatorTests.swift — phase sequences driven through the Animator.

import AnimationMath
import Testing

/// Presentation values are model − interval + Δ·curve(s); with the dyadic phases, durations and frame
/// times below every one of those operations is exact, so values at phase boundaries are exact. The
/// tolerance is 0 in exact arithmetic; 1e-12 covers a contraction into FMA the optimiser may apply.
private let boundaryTolerance = 1e-12

/// Frames every 1/8 s: exact binary times, so "the first frame after d" is d + 1/8 exactly.
private let frameStep = 0.125

@Suite("Keyframes: PhaseSequenceAnimator")
struct PhaseSequenceAnimatorTests {
    static let sequence = PhaseSequence(phases: [0.0, 10.0, 4.0], animation: { _ in .linear(duration: 0.5) })

    /// Runs `player` on the 1/8 s clock from `from` through `through`, returning (time, value) rows.
    static func run(_ player: inout PhaseSequenceAnimator<Double>, from: Double, through: Double) -> [(Double, Double)] {
        var rows: [(Double, Double)] = []
        var time = from
        while time <= through {
            let frame = player.frame(at: time)
            rows.append((frame.time, frame.value))
            time += frameStep
        }
        return rows
    }

    static func value(at time: Double, in rows: [(Double, Double)]) -> Double? {
        rows.first { $0.0 == time }?.1
    }

    @Test("continuous: each transition starts at the frame that sees the previous one complete, and cycles")
    func continuousCycles() throws {
        var player = PhaseSequenceAnimator(Self.sequence, mode: .continuous, at: 0)
        let rows = Self.run(&player, from: 0, through: 2.5)
        // A linear(0.5) transition shows its target at elapsed 0.5 and completes at the next frame.
        let expected: [(time: Double, value: Double)] = [
            (0, 0), (0.25, 5), (0.5, 10),             // 0 → 10 from t = 0
            (0.625, 10), (0.875, 7), (1.125, 4),      // 10 → 4 from t = 0.625
            (1.25, 4), (1.5, 2), (1.75, 0),           // 4 → 0 from t = 1.25 (back to the first phase)
            (1.875, 0), (2.125, 5), (2.375, 10),      // and again: 0 → 10 from t = 1.875
        ]
        for point in expected {
            let value = try #require(Self.value(at: point.time, in: rows))
            #expect(abs(value - point.value) <= boundaryTolerance, "value at \(point.time): \(value), expected \(point.value)")
        }
        #expect(player.transitions.map(\.time) == [0, 0.625, 1.25, 1.875, 2.5])
        #expect(player.transitions.map(\.phase) == [1, 2, 0, 1, 2])
        #expect(player.isRunning)
    }

    @Test("triggered: one trigger runs every phase once and stops at the first phase")
    func triggeredRunsOnce() throws {
        var player = PhaseSequenceAnimator(Self.sequence, mode: .triggered)
        var rows = Self.run(&player, from: 0, through: 0.875)
        #expect(rows.allSatisfy { $0.1 == 0 })         // idle at phase 0 until the trigger
        #expect(player.transitions.isEmpty)
        player.trigger(at: 1)
        rows = Self.run(&player, from: 1, through: 4)
        #expect(player.transitions.map(\.time) == [1, 1.625, 2.25])
        #expect(player.transitions.map(\.phase) == [1, 2, 0])
        #expect(!player.isRunning)
        for (time, value) in [(1.5, 10.0), (2.125, 4), (2.75, 0), (3.5, 0), (4, 0)] {
            let shown = try #require(Self.value(at: time, in: rows))
            #expect(abs(shown - value) <= boundaryTolerance, "value at \(time): \(shown), expected \(value)")
        }
        // A second trigger runs the phases again.
        player.trigger(at: 4.125)
        rows = Self.run(&player, from: 4.125, through: 4.625)
        #expect(abs(try #require(Self.value(at: 4.625, in: rows)) - 10) <= boundaryTolerance)
        #expect(player.transitions.count == 4)
    }

    @Test("a nil animation or a repeated phase completes at once; the next transition starts at the next frame")
    func immediateTransitions() {
        let sequence = PhaseSequence(phases: [0.0, 8.0, 8.0], animations: [.linear(duration: 0.5), nil, .linear(duration: 0.5)])
        var player = PhaseSequenceAnimator(sequence, mode: .triggered)
        player.trigger(at: 0)
        // Phase 1 (8, no animation) completes inside `trigger`, so the first frame (t = 0) already
        // starts phase 2; it equals phase 1, so it too completes at once and the frame at 0.125 starts
        // the animated 8 → 0.
        let rows = Self.run(&player, from: 0, through: 1.5)
        #expect(rows[0].1 == 8)
        #expect(player.transitions.map(\.time) == [0, 0, 0.125])
        #expect(player.transitions.map(\.phase) == [1, 2, 0])
        #expect(abs(rows[3].1 - 4) <= boundaryTolerance)   // t = 0.375: halfway from 8 to 0 (started 0.125)
        #expect(!player.isRunning)
    }

    @Test("spring transitions hand over at logical completion (the response), or at removal when asked")
    func springCriteria() {
        let sequence = PhaseSequence(phases: [0.0, 100.0], animation: { _ in .spring(duration: 0.5, bounce: 0) })
        let frame = 1.0 / 60
        func secondTransition(_ criteria: AnimationCompletionCriteria) -> Double? {
            var player = PhaseSequenceAnimator(sequence, mode: .continuous, advancingOn: criteria, at: 0)
            var index = 0
            while player.transitions.count < 2, index < 600 {
                _ = player.frame(at: Double(index) * frame)
                index += 1
            }
            return player.transitions.count == 2 ? player.transitions[1].time : nil
        }
        // `.spring` is logically complete once elapsed ≥ response (0.5 s): the first 60 Hz frame at or
        // after 0.5 s, give or take the rounding of i/60.
        let logical = secondTransition(.logicallyComplete)
        let frameTimeRounding = 1e-15  // i·(1/60) against i/60: a rounding (achieved: exact at 0.5)
        #expect(logical.map { $0 >= 0.5 - frameTimeRounding && $0 <= 0.5 + frame + frameTimeRounding } == true, "logically complete at \(String(describing: logical))")
        // Removal waits for the integrator to rest (|v| ≤ 0.06 absolute, 100 units of travel): later.
        let removed = secondTransition(.removed)
        #expect(removed.map { $0 > 0.9 } == true, "removed at \(String(describing: removed))")
    }
}
