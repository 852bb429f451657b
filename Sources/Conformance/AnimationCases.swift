import Foundation
import HookeSupport
import Scenarios

/// The animation cases: scenarios exactly as `hooke run` reads them — every `.spring` family
/// preset, interpolating springs, timing curves, the modifiers, merges and chains, irregular
/// frames, and SwiftUI's own device recordings. Judged against Hooke's animator, which is the
/// SwiftUI model (the recordings confirm it); a recording case is also judged against the device.
///
/// A new group of scenarios is a function here returning `[ConformanceCase]`, added to `all`.
enum AnimationCases {
    static func all(repository: URL) throws -> [ConformanceCase] {
        try springFamily() + interpolatingSprings() + timingCurves() + modifiers() + mergesAndChains() + frames()
            + recordings(repository: repository)
    }

    // MARK: - Building blocks

    /// A scalar scenario: `value`, then each transaction `(time, value, animation JSON or "null")`.
    static func scenario(value: Double = 0, frames: String = #""frameRate": 60, "until": 2"#,
                         _ transactions: [(Double, Double, String)]) -> String {
        let list = transactions.map { #"{"time": \#(formatNumber($0.0)), "value": \#(formatNumber($0.1)), "animation": \#($0.2)}"# }
        return #"{"value": \#(formatNumber(value)), \#(frames), "transactions": [\#(list.joined(separator: ", "))]}"#
    }

    /// `"frames": [...]`.
    static func frameList(_ times: [Double]) -> String {
        #""frames": ["# + times.map(formatNumber).joined(separator: ", ") + "]"
    }

    /// Throws only if the case set itself is wrong (its tests read every case).
    static func make(_ id: String, _ probe: String, _ json: String, recording: [Double?]? = nil) throws -> ConformanceCase {
        ConformanceCase(id: "animation/" + id, probe: probe, request: .animation(try AnimationRequest(json: json, recording: recording)))
    }

    /// One change 0 → 100 at t = 0 with `animation`.
    static func single(_ id: String, _ probe: String, _ animation: String, until: Double = 2) throws -> ConformanceCase {
        try make(id, probe, scenario(frames: #""frameRate": 60, "until": \#(formatNumber(until))"#, [(0, 100, animation)]))
    }

    // MARK: - Groups

    static func springFamily() throws -> [ConformanceCase] {
        try [
            ("spring/default", ".spring: SwiftUI's default spring (duration 0.5, bounce 0), integrated at 1/300 s", #"{"spring": {}}"#),
            ("spring/response-0.5-fraction-0.825", ".spring(response: 0.5, dampingFraction: 0.825)", #"{"spring": {"response": 0.5, "dampingFraction": 0.825}}"#),
            ("spring/response-0.3-fraction-0.3", ".spring(response: 0.3, dampingFraction: 0.3): bouncy", #"{"spring": {"response": 0.3, "dampingFraction": 0.3}}"#),
            ("spring/response-1-fraction-1", ".spring(response: 1, dampingFraction: 1): critically damped", #"{"spring": {"response": 1, "dampingFraction": 1}}"#),
            ("spring/response-0.4-fraction-0.1", ".spring(response: 0.4, dampingFraction: 0.1): barely damped", #"{"spring": {"response": 0.4, "dampingFraction": 0.1}}"#),
            ("spring/duration-0.5-bounce-0.3", ".spring(duration: 0.5, bounce: 0.3)", #"{"spring": {"duration": 0.5, "bounce": 0.3}}"#),
            ("spring/duration-0.8-bounce-neg0.3", ".spring(duration: 0.8, bounce: -0.3): overdamped", #"{"spring": {"duration": 0.8, "bounce": -0.3}}"#),
            ("smooth/default", ".smooth", #"{"smooth": {}}"#),
            ("smooth/duration-0.8-extra-0.1", ".smooth(duration: 0.8, extraBounce: 0.1)", #"{"smooth": {"duration": 0.8, "extraBounce": 0.1}}"#),
            ("snappy/default", ".snappy", #"{"snappy": {}}"#),
            ("snappy/duration-0.3-extra-0.2", ".snappy(duration: 0.3, extraBounce: 0.2)", #"{"snappy": {"duration": 0.3, "extraBounce": 0.2}}"#),
            ("bouncy/default", ".bouncy", #"{"bouncy": {}}"#),
            ("bouncy/duration-0.6-extra-0.1", ".bouncy(duration: 0.6, extraBounce: 0.1)", #"{"bouncy": {"duration": 0.6, "extraBounce": 0.1}}"#),
            ("interactive-spring/default", ".interactiveSpring", #"{"interactiveSpring": {}}"#),
            ("interactive-spring/response-0.2-fraction-0.6", ".interactiveSpring(response: 0.2, dampingFraction: 0.6, blendDuration: 0.1)",
             #"{"interactiveSpring": {"response": 0.2, "dampingFraction": 0.6, "blendDuration": 0.1}}"#),
        ].map { try single($0.0, $0.1, $0.2) }
    }

    static func interpolatingSprings() throws -> [ConformanceCase] {
        try [
            ("k170-c15", ".interpolatingSpring(stiffness: 170, damping: 15): closed form, not integrated", #"{"interpolatingSpring": {"stiffness": 170, "damping": 15}}"#),
            ("m2-k100-c5-v3", ".interpolatingSpring(mass: 2, stiffness: 100, damping: 5, initialVelocity: 3)", #"{"interpolatingSpring": {"mass": 2, "stiffness": 100, "damping": 5, "initialVelocity": 3}}"#),
            ("k300-c40-overdamped", ".interpolatingSpring(stiffness: 300, damping: 40): damping above critical", #"{"interpolatingSpring": {"stiffness": 300, "damping": 40}}"#),
            ("duration-0.5-bounce-0.3", ".interpolatingSpring(duration: 0.5, bounce: 0.3)", #"{"interpolatingSpring": {"duration": 0.5, "bounce": 0.3}}"#),
            ("duration-0.7-bounce-0-v-neg2", ".interpolatingSpring(duration: 0.7, bounce: 0, initialVelocity: -2)", #"{"interpolatingSpring": {"duration": 0.7, "bounce": 0, "initialVelocity": -2}}"#),
        ].map { try single("interpolating-spring/" + $0.0, $0.1, $0.2) }
    }

    static func timingCurves() throws -> [ConformanceCase] {
        try [
            ("linear", ".linear(duration: 0.5)", #"{"linear": {"duration": 0.5}}"#),
            ("ease-in", ".easeIn(duration: 0.4)", #"{"easeIn": {"duration": 0.4}}"#),
            ("ease-out", ".easeOut(duration: 0.4)", #"{"easeOut": {"duration": 0.4}}"#),
            ("ease-in-out", ".easeInOut(duration: 0.6)", #"{"easeInOut": {"duration": 0.6}}"#),
            ("timing-curve-overshoot", ".timingCurve(0.2, 1.4, 0.6, -0.3, duration: 0.7): y outside [0, 1]", #"{"timingCurve": {"controlPoints": [0.2, 1.4, 0.6, -0.3], "duration": 0.7}}"#),
            ("default", ".default: what SwiftUI uses when no animation is named", #"{"default": {}}"#),
        ].map { try single("curve/" + $0.0, $0.1, $0.2) }
    }

    static func modifiers() throws -> [ConformanceCase] {
        try [
            ("delay/ease-in-out", ".easeInOut(duration: 0.5).delay(0.3)", #"{"base": {"easeInOut": {"duration": 0.5}}, "modifiers": [{"delay": 0.3}]}"#),
            ("delay/spring", ".spring.delay(0.2)", #"{"base": {"spring": {}}, "modifiers": [{"delay": 0.2}]}"#),
            ("speed/linear-2", ".linear(duration: 0.6).speed(2)", #"{"base": {"linear": {"duration": 0.6}}, "modifiers": [{"speed": 2}]}"#),
            ("speed/spring-0.5", ".spring(response: 0.4, dampingFraction: 0.7).speed(0.5)", #"{"base": {"spring": {"response": 0.4, "dampingFraction": 0.7}}, "modifiers": [{"speed": 0.5}]}"#),
            ("repeat/autoreverses", ".linear(duration: 0.4).repeatCount(3, autoreverses: true)", #"{"base": {"linear": {"duration": 0.4}}, "modifiers": [{"repeatCount": 3, "autoreverses": true}]}"#),
            ("repeat/no-autoreverse", ".easeIn(duration: 0.3).repeatCount(2, autoreverses: false)", #"{"base": {"easeIn": {"duration": 0.3}}, "modifiers": [{"repeatCount": 2, "autoreverses": false}]}"#),
            ("repeat/forever", ".easeInOut(duration: 0.5).repeatForever(autoreverses: true)", #"{"base": {"easeInOut": {"duration": 0.5}}, "modifiers": [{"repeatForever": true, "autoreverses": true}]}"#),
            ("combined/delay-speed-repeat", ".linear(duration: 0.5).delay(0.1).speed(1.5).repeatCount(2): modifiers in order",
             #"{"base": {"linear": {"duration": 0.5}}, "modifiers": [{"delay": 0.1}, {"speed": 1.5}, {"repeatCount": 2, "autoreverses": true}]}"#),
        ].map { try single("modifier/" + $0.0, $0.1, $0.2, until: 3) }
    }

    static func mergesAndChains() throws -> [ConformanceCase] {
        let spring = #"{"spring": {"response": 0.5, "dampingFraction": 0.7}}"#
        let other = #"{"spring": {"response": 0.3, "dampingFraction": 0.4}}"#
        let curve = #"{"easeInOut": {"duration": 0.6}}"#
        let interpolating = #"{"interpolatingSpring": {"stiffness": 120, "damping": 8}}"#
        return try [
            ("merge/spring-over-spring", ".spring retargeted by the same .spring at 0.3 s: merges, keeping offset, velocity and force", [(0, 100, spring), (0.3, 40, spring)]),
            ("merge/spring-over-other-spring", ".spring retargeted by a different .spring: merges, the new spring's parameters take over", [(0, 100, spring), (0.25, 40, other)]),
            ("merge/spring-reversal", ".spring reversed mid-flight (back to 0 at 0.2 s)", [(0, 100, spring), (0.2, 0, spring)]),
            ("merge/spring-over-curve", ".spring over a running easeInOut: a spring merges with a curve's motion", [(0, 100, curve), (0.2, 30, spring)]),
            ("merge/spring-blend", ".spring(blendDuration: 0.3) over a running .spring", [(0, 100, spring), (0.25, 50, #"{"spring": {"response": 0.4, "dampingFraction": 0.8, "blendDuration": 0.3}}"#)]),
            ("merge/three-quick", "three .spring changes 0.1 s apart", [(0, 100, spring), (0.1, 20, spring), (0.2, 60, spring)]),
            ("chain/curve-over-curve", "easeInOut over a running easeInOut: curves do not merge, the second is chained", [(0, 100, curve), (0.3, 0, curve)]),
            ("chain/curve-over-spring", "easeInOut over a running .spring", [(0, 100, spring), (0.2, 30, curve)]),
            ("chain/interpolating-over-interpolating", "interpolatingSpring over a running one: chained, each toward its target minus what the older ones show", [(0, 100, interpolating), (0.4, -50, interpolating)]),
            ("jump/no-animation", "a change with no animation mid-flight: the value jumps, running animations keep adding", [(0, 100, spring), (0.3, 20, "null")]),
        ].map { try make($0.0, $0.1, scenario(frames: #""frameRate": 60, "until": 2.5"#, $0.2)) }
    }

    static func frames() throws -> [ConformanceCase] {
        var random = SplitMix64(seed: 0x5EED_0020)
        let spring = #"{"spring": {"response": 0.5, "dampingFraction": 0.6}}"#
        let start = 100_000.0123
        return [
            try make("frames/120hz", ".spring at 120 Hz", scenario(frames: #""frameRate": 120, "until": 2"#, [(0, 100, spring)])),
            try make("frames/jitter-2ms", ".spring with frames up to ±2 ms early or late",
                 scenario(frames: frameList(SampleGrid.jittered(rate: 60, until: 2, jitter: 0.002, random: &random)), [(0, 100, spring)])),
            try make("frames/dropped", ".easeInOut with runs of 2–6 dropped frames",
                 scenario(frames: frameList(SampleGrid.dropped(rate: 60, until: 1.5, random: &random)), [(0, 100, #"{"easeInOut": {"duration": 0.8}}"#)])),
            try make("frames/gap-1.5s", ".spring(response: 2, dampingFraction: 0.2) with a 1.5 s gap between frames",
                 scenario(frames: frameList(SampleGrid.gap(rate: 60, until: 5, gapStart: 0.3, gap: 1.5)),
                          [(0, 100, #"{"spring": {"response": 2, "dampingFraction": 0.2}}"#)])),
            try make("frames/far-from-zero", ".spring started at t ≈ 1e5 s",
                 scenario(frames: frameList(SampleGrid.uniform(rate: 60, until: 2, start: start)), [(start, 100, spring)])),
        ]
    }

    /// SwiftUI's own device recordings (data/swiftui-recordings), as the scenarios in
    /// examples/scenarios that reproduce them.
    static func recordings(repository: URL) throws -> [ConformanceCase] {
        let springSamples = try recording(repository, "spring-response1.8-damping0.3.json", keys: ["samples"])
        let interrupted = try recording(repository, "interpolatingspring-k1-c0.5-v2-interrupted.json", keys: ["segment0", "samples"])
        let afterInterruption = try recording(repository, "interpolatingspring-k1-c0.5-v2-interrupted.json",
                                              keys: ["segment1", "samples_time_since_interruption"])
        // The second segment's first two samples are not compared (the file's model_check: samples [2:]).
        let interruptedSamples = interrupted.map(Optional.some) + afterInterruption.enumerated().map { $0.offset < 2 ? nil : $0.element }
        return [
            try make("recording/spring-response1.8-damping0.3",
                 "SwiftUI on a device: .spring(response: 1.8, dampingFraction: 0.3), 694 → 594, 480 frames",
                 try scenarioText(repository, "recording-spring-response1.8-damping0.3.json"), recording: springSamples),
            try make("recording/interpolating-spring-interrupted",
                 "SwiftUI on a device: .interpolatingSpring(stiffness: 1, damping: 0.5, initialVelocity: 2) interrupted and chained",
                 try scenarioText(repository, "recording-interpolatingspring-interrupted.json"), recording: interruptedSamples),
        ]
    }

    static func scenarioText(_ repository: URL, _ name: String) throws -> String {
        let path = repository.appendingPathComponent("examples/scenarios/" + name).path
        return try StrictJSON.parse(try text(path)).compactText
    }

    /// The recorded values (the second of each [t, y] pair) under `keys` in a recording file.
    static func recording(_ repository: URL, _ name: String, keys: [String]) throws -> [Double] {
        let path = repository.appendingPathComponent("data/swiftui-recordings/" + name).path
        var node = try StrictJSON.parse(try text(path))
        for key in keys {
            guard case .object(let members) = node, let next = members.first(where: { $0.key == key })?.value else {
                throw InputError("\(path): no \(keys.joined(separator: ".")) in the recording")
            }
            node = next
        }
        guard case .array(let pairs) = node else { throw InputError("\(path): \(keys.joined(separator: ".")) is not a list") }
        return try pairs.map { pair in
            guard case .array(let items) = pair, items.count == 2, case .number(let value, _) = items[1] else {
                throw InputError("\(path): a sample of \(keys.joined(separator: ".")) is not a [t, y] pair")
            }
            return value
        }
    }

    static func text(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError("cannot read \(quoted(path)) (the case set needs the repository's recordings)")
        }
        return text
    }
}

extension StrictJSON {
    /// The value as one line of JSON, numbers as written.
    var compactText: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(_, let text): text
        case .string(let text): jsonString(text)
        case .array(let items): "[" + items.map(\.compactText).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { jsonString($0.key) + ":" + $0.value.compactText }.joined(separator: ",") + "}"
        }
    }
}
