// PhaseSuite.swift — `PhaseSequence` and `PhaseSequenceAnimator` (SwiftUI's PhaseAnimator for one
// value) against timelines worked by hand from the rules documented on `PhaseSequenceAnimator`
// (Apple's PhaseAnimator pages and the observed behaviour cited there): the instant each transition
// starts and the phase it moves to, written out here, and the value at every frame from those
// transitions alone — each a linear ramp in closed form, overlapping ones by the chain formula
// r = 0; r += (Vᵢ − r)·clamp((t − sᵢ)/dᵢ) (AnimationMath.docc/MergeAndChain.md), a transition
// without animation a jump seen from the next frame.

import AnimationMath

enum PhaseSuite {
    static let name = "phases"

    /// Frames every 1/8 s and ramps between binary-fraction values: both sides round at most a few
    /// times at values ≤ 8; a wrong handover misses by a frame's worth of motion (≥ 0.25).
    static let tolerance = Tolerance(
        name: "phaseTimeline", metric: "maxAbsError", value: 1e-13,
        reason: "ramps of binary-fraction times and values (a few roundings of values ≤ 8; measured identical); a wrong handover misses by ≥ 0.25")

    static let source = "the phase rules documented on PhaseSequenceAnimator (Apple's PhaseAnimator and phaseAnimator pages, "
        + "Eidhof's observations) applied by hand: each transition's start and phase, linear ramps in closed form, "
        + "the chain formula for overlapping transitions"

    static let suite = VerificationSuite(
        name: name, summary: "phase animators: transition instants and values vs timelines worked by hand"
    ) { _ in
        [check()]
    }

    static let h = 1.0 / 8

    /// One transition of the hand timeline: it starts at `start`, moves to phase `phase` (value
    /// `target`) over `duration` seconds (0: at once).
    struct Transition {
        var start: Double, phase: Int, target: Double, duration: Double
    }

    /// The presentation at `t` from the transitions started so far (the chain formula; a finished
    /// transition leaves r at its target, so older ones stop mattering).
    static func value(_ transitions: [Transition], initial: Double, at t: Double) -> Double {
        var r = initial
        for item in transitions where item.start <= t {
            let fraction = item.duration == 0 ? (t > item.start ? 1 : 0) : Swift.min(Swift.max((t - item.start) / item.duration, 0), 1)
            r += (item.target - r) * fraction
        }
        return r
    }

    struct Scenario {
        var label: String
        var animator: PhaseSequenceAnimator<Double>
        var triggers: [Double] = []
        var until: Double
        var expected: [Transition]
    }

    static func scenarios() -> [Scenario] {
        let linear = { (d: Double) in Animation.linear(duration: d) }
        // Into phase 0 linear(0.5), into 1 linear(1), into 2 none, into 3 linear(0.25) — but phase 3 equals
        // phase 2, so that change creates no animation either. A ramp of d started at s hands over at the
        // first frame past s + d (its logical completion is its end); a change without animation completes
        // at once and hands over at the next frame.
        let cycling = PhaseSequence(phases: [0.0, 8, 2, 2], animations: [linear(0.5), linear(1), nil, linear(0.25)])
        var cycle: [Transition] = []
        for k in 0..<3 {
            let s = 2 * Double(k)
            cycle += [Transition(start: s, phase: 1, target: 8, duration: 1), Transition(start: s + 1.125, phase: 2, target: 2, duration: 0),
                      Transition(start: s + 1.25, phase: 3, target: 2, duration: 0), Transition(start: s + 1.375, phase: 0, target: 0, duration: 0.5)]
        }
        // logicallyComplete(after: 0.5): a transition hands over at its logical completion while its ramp
        // still runs, so the transitions overlap (chained); with `.removed` each waits for its ramp's end.
        let early = Animation.linear(duration: 1).logicallyComplete(after: 0.5)
        let overlapping = PhaseSequence(phases: [0.0, 4], animations: [early, early])
        let chained = (0..<9).map { Transition(start: 0.5 * Double($0), phase: ($0 + 1) % 2, target: $0 % 2 == 0 ? 4 : 0, duration: 1) }
        let waiting = (0..<4).map { Transition(start: 1.125 * Double($0), phase: ($0 + 1) % 2, target: $0 % 2 == 0 ? 4 : 0, duration: 1) }
        // Triggered: idle at phase 0 until 0.25; one run through 6, 3 and back to 0 (stops there); a second
        // trigger at 2.5, and a third at 3.0 in the middle of that run, which moves on at once (chained).
        let triggered = PhaseSequence(phases: [0.0, 6, 3], animations: [linear(0.25), linear(0.5), linear(0.5)])
        let runs = [
            Transition(start: 0.25, phase: 1, target: 6, duration: 0.5), Transition(start: 0.875, phase: 2, target: 3, duration: 0.5),
            Transition(start: 1.5, phase: 0, target: 0, duration: 0.25),
            Transition(start: 2.5, phase: 1, target: 6, duration: 0.5), Transition(start: 3.0, phase: 2, target: 3, duration: 0.5),
            Transition(start: 3.625, phase: 0, target: 0, duration: 0.25),
        ]
        return [
            Scenario(label: "continuous: ramps, a change without animation, a repeated phase", animator: PhaseSequenceAnimator(cycling, mode: .continuous),
                     until: 4.75, expected: Array(cycle.prefix(9))),
            Scenario(label: "continuous, hands over at logical completion (0.5 s of 1 s ramps)",
                     animator: PhaseSequenceAnimator(overlapping, mode: .continuous), until: 4.25, expected: chained),
            Scenario(label: "continuous, advancing on .removed", animator: PhaseSequenceAnimator(overlapping, mode: .continuous, advancingOn: .removed),
                     until: 3.5, expected: waiting),
            Scenario(label: "triggered: one run per trigger, a trigger mid-run moves on", animator: PhaseSequenceAnimator(triggered, mode: .triggered),
                     triggers: [0.25, 2.5, 3.0], until: 5, expected: runs),
        ]
    }

    static func check() -> CheckReport {
        var stats = ErrorStatistics()
        for var scenario in scenarios() {
            let frames = Int((scenario.until / h).rounded())
            var triggers = scenario.triggers[...]
            for n in 0...frames {
                let t = Double(n) * h
                while let first = triggers.first, first <= t {
                    scenario.animator.trigger(at: first)
                    triggers = triggers.dropFirst()
                }
                let started = scenario.expected.filter { $0.start <= t }
                let frame = scenario.animator.frame(at: t)
                stats.add(frame.value, value(started, initial: 0, at: t), scale: 1, location: WorstCase(scenario.label, time: t))
            }
            // The transitions the animator started up to the last frame, and when.
            let got = scenario.animator.transitions, expected = scenario.expected.filter { $0.start <= scenario.until }
            stats.require(got.count == expected.count,
                          WorstCase("\(scenario.label): \(got.count) transitions, expected \(expected.count)"))
            for (transition, item) in zip(got, expected) {
                stats.add(transition.time, item.start, scale: 1, location: WorstCase("\(scenario.label): transition to phase \(item.phase)"))
                stats.require(transition.phase == item.phase,
                              WorstCase("\(scenario.label): transition at \(item.start) to phase \(transition.phase), expected \(item.phase)"))
            }
            if let last = expected.last {
                stats.require(scenario.animator.phaseIndex == last.phase && scenario.animator.phase == last.target,
                              WorstCase("\(scenario.label): ends at phase \(scenario.animator.phaseIndex)"))
            }
        }
        // The closure form asks for the animation into each phase; its default is `.default` (SwiftUI's).
        let closure = PhaseSequence(phases: [1.0, 2, 3]) { $0 == 2 ? nil : .linear(duration: $0) }
        let defaulted = PhaseSequence(phases: [1.0, 2])
        let formsAgree = closure.count == 3 && closure.animations == [.linear(duration: 1), nil, .linear(duration: 3)]
            && defaulted.animations == [.default, .default]
        stats.require(formsAgree, WorstCase("PhaseSequence(phases:animation:) animations \(closure.animations)"))
        // An idle triggered animator stays at phase 0; a continuous one created at 1 starts its first transition there.
        var idle = PhaseSequenceAnimator(defaulted, mode: .triggered)
        stats.add(idle.frame(at: 3).value, 1, scale: 1, location: WorstCase("triggered, never triggered"))
        stats.add(idle.isRunning ? 1 : 0, 0, scale: 1, location: WorstCase("triggered, never triggered: running"))
        let late = PhaseSequenceAnimator(closure, mode: .continuous, at: 1)
        stats.add(late.transitions.first?.time ?? .nan, 1, scale: 1, location: WorstCase("continuous created at 1: first transition"))
        return gatedCheck(CheckSubject(suite: name, name: "phase transitions and values = the hand timeline", kind: .reference,
                          source: source, implementation: "PhaseSequenceAnimator", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance)
    }
}
