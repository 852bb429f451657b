import HookeSupport
import AnimationMath
import Foundation

/// A `hooke run` scenario: a value, frame times, and a timeline of transactions (changes with an
/// animation), read from JSON and validated field by field. Every problem is an `InputError` whose
/// message starts with the JSON path of the field, e.g.
/// `transactions[2].animation.spring.response: must be > 0, got -1`.
///
/// ```json
/// { "value": 694,
///   "frames": [0.0167, 0.0333],                  (or "frameRate": 60 with "until": 2.0)
///   "transactions": [
///     { "time": 0, "value": 594, "animation": {"spring": {"response": 2.2, "dampingFraction": 0.5}} } ] }
/// ```
///
/// - `value`: a number, or an array of numbers (a vector; every transaction's value must then be an
///   array of the same length). Values may be any finite number.
/// - Frames: `frames` (times ≥ 0, non-decreasing) or `frameRate` (> 0) with `until` (≥ 0), giving
///   i/frameRate for i = 0, 1, … while ≤ until (plus 1e-9 of a frame for rounding).
/// - `transactions`: `time` (≥ 0, non-decreasing), `value`, and optionally `animation` (null, a base,
///   or `{"base": BASE, "modifiers": [...]}`), `completion` (a name), `completionCriteria`
///   (`"logicallyComplete"`, the default, or `"removed"`), `disablesAnimations` (a boolean).
///   A transaction at time T applies before the frame at T.
/// - Bases (omitted fields take SwiftUI's defaults): `spring` with response/dampingFraction/
///   blendDuration or duration/bounce/blendDuration; `smooth`, `snappy`, `bouncy` with duration/
///   extraBounce; `interactiveSpring` with response/dampingFraction/blendDuration or duration/
///   extraBounce/blendDuration; `interpolatingSpring` with mass/stiffness/damping/initialVelocity
///   (stiffness and damping required) or duration/bounce/initialVelocity; `linear`, `easeIn`,
///   `easeOut`, `easeInOut` with duration; `timingCurve` with controlPoints [x1, y1, x2, y2] and
///   duration; `default` with nothing.
/// - Modifiers, applied in order: `{"delay": d}`, `{"speed": s}`, `{"repeatCount": n, "autoreverses": b}`,
///   `{"repeatForever": true, "autoreverses": b}` (autoreverses defaults to true, as in SwiftUI),
///   `{"logicallyComplete": t}`.
///
/// Numeric rules: durations, responses, times, masses and stiffnesses must be > 0 or ≥ 0 as their
/// meaning needs; damping fractions and dampings ≥ 0; bounce > −1 (SwiftUI's mapping is undefined
/// at −1); extraBounce, initialVelocity and control-point y values any finite number.
public struct Scenario: Sendable {
    /// The components of the initial value; a scalar scenario has one and `isVector == false`.
    public var initialValue: [Double]
    public var isVector: Bool
    /// The components of a vector value (`RowWriter.dimension`); nil for a scalar.
    public var dimension: Int? { isVector ? initialValue.count : nil }
    public var frames: SampleTimes
    public var transactions: [ScenarioTransaction]
    /// The distinct completion names, in order of first appearance (their index is the event id).
    public var completionNames: [String]

    /// More frames than this is almost certainly a mistake (a tiny frame interval).
    public static let maximumFrames = 10_000_000
    /// Slack for the last frame of a `frameRate` grid, as a fraction of a frame: covers the rounding
    /// of `until · frameRate` so a grid meant to end on `until` keeps its last frame.
    static let frameEndSlack = 1e-9

    /// Reads the scenario file at `path`; an error's message starts with the path, then the JSON
    /// path of the field (`s.json: transactions[0].time: must be ≥ 0, got -1`).
    public init(path: String) throws {
        self = try StrictJSON.load(path, Self.init(json:))
    }

    /// Reads the scenario file at `url` (a file URL), as `init(path:)`.
    public init(contentsOf url: URL) throws {
        try self.init(path: url.path)
    }

    /// Reads a scenario from its JSON text; an error's message starts with the JSON path.
    public init(json text: String) throws {
        let root = try JSONField(StrictJSON.parse(text), path: "")
        let fields = try root.object(allowed: ["value", "frames", "frameRate", "until", "transactions"])
        let value = try fields.required("value")
        (initialValue, isVector) = try value.vectorOrNumber()
        frames = try Self.frames(fields)
        (transactions, completionNames) = try Self.transactions(fields.required("transactions"),
                                                                dimension: isVector ? initialValue.count : nil)
    }

    /// `frames`, or `frameRate` with `until`.
    static func frames(_ fields: JSONObject) throws -> SampleTimes {
        let frames: SampleTimes
        switch (fields["frames"], fields["frameRate"], fields["until"]) {
        case (let list?, nil, nil):
            let times = try list.array().map { try $0.number(.time) }
            for index in times.indices.dropFirst() where times[index] < times[index - 1] {
                throw InputError("frames[\(index)]: times must not decrease, got \(formatShort(times[index], digits: 17)) after \(formatShort(times[index - 1], digits: 17))")
            }
            frames = SampleTimes(times)
        case (nil, let rate?, let until?):
            let frameRate = try rate.number(.positive)
            let end = try until.number(.time)
            let count = (end * frameRate + Self.frameEndSlack).rounded(.down) + 1
            guard count <= Double(Self.maximumFrames) else {
                throw InputError("frameRate: \(formatShort(frameRate)) with until \(formatShort(end)) gives \(formatShort(count)) frames; at most \(Self.maximumFrames) are allowed")
            }
            frames = SampleTimes(count: Int(count), .rate(frameRate))  // computed when read: no array
        case (nil, _?, nil):
            throw InputError("until: missing (frameRate needs until)")
        case (nil, nil, _?):
            throw InputError("frameRate: missing (until needs frameRate)")
        case (nil, nil, nil):
            throw InputError("frames: missing (give frames, or frameRate with until)")
        default:
            throw InputError("frames: give either frames or frameRate with until, not both")
        }
        guard frames.count <= Self.maximumFrames else {
            throw InputError("frames: at most \(Self.maximumFrames) frames are allowed, got \(frames.count)")
        }
        return frames
    }

    /// The transactions, sorted by time, and the completion names they use.
    static func transactions(_ list: JSONField, dimension: Int?) throws
        -> (transactions: [ScenarioTransaction], completionNames: [String])
    {
        var names: [String] = []
        var transactions: [ScenarioTransaction] = []
        for (index, item) in try list.array().enumerated() {
            let transaction = try ScenarioTransaction(item, dimension: dimension, names: &names)
            if let previous = transactions.last, transaction.time < previous.time {
                throw InputError("transactions[\(index)].time: transactions must be sorted by time, got \(formatShort(transaction.time, digits: 17)) after \(formatShort(previous.time, digits: 17))")
            }
            transactions.append(transaction)
        }
        return (transactions, names)
    }
}
