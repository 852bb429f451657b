// SwiftUIRecording.swift — the real SwiftUI recordings (data/swiftui-recordings; its README says
// how they were made), read once for the verifier and the report. JSONDecoder parses their numbers
// exactly; JSONSerialization rounds them on Linux.

import Foundation

/// One recording file: the fields the verifier and the report read.
package struct SwiftUIRecording: Decodable {
    /// `.spring(response: 1.8, dampingFraction: 0.3)` from 694 to 594 pt.
    package static let springFile = "spring-response1.8-damping0.3.json"
    /// `interpolatingSpring(mass: 1, stiffness: 1, damping: 0.5, initialVelocity: 2)`, interrupted.
    package static let interpolatingFile = "interpolatingspring-k1-c0.5-v2-interrupted.json"
    /// The spring recording's animation-time offset (animation time = recorder t − this), s, as its
    /// README documents it; used when the file does not state one.
    package static let springAnimationTimeZero = 0.0167

    package struct Segment: Decodable {
        package var samples: [[Double]]?
        package var samples_time_since_interruption: [[Double]]?
        package var animation_time_zero_at_recorder_t: Double?
        package var start_offset: Double?
    }
    package var samples: [[Double]]?
    package var animation_time_zero_at_recorder_t: Double?
    package var segment0: Segment?
    package var segment1: Segment?

    /// Reads `url`. - Throws: `RecordingError` naming the file and what is wrong with it.
    package static func read(_ url: URL) throws -> SwiftUIRecording {
        do {
            return try JSONDecoder().decode(SwiftUIRecording.self, from: Data(contentsOf: url))
        } catch {
            throw RecordingError(path: url.path, reason: "\(error)")
        }
    }

    /// `(t, y)` pairs of a samples array; entries with fewer than two numbers are left out.
    package static func pairs(_ value: [[Double]]?) -> [(Double, Double)] {
        (value ?? []).filter { $0.count >= 2 }.map { ($0[0], $0[1]) }
    }
}

/// A recording that exists but cannot be read.
package struct RecordingError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "\(URL(fileURLWithPath: path).lastPathComponent) could not be read: \(reason)" }
}

/// The real recording of `.spring(response: 1.8, dampingFraction: 0.3)`, 694 → 594 pt.
public struct SpringRecording: Sendable {
    /// Recorder times (s) and positions (pt).
    public var times: [Double]
    public var positions: [Double]
    /// Animation time = recorder time − this (the recording's `animation_time_zero_at_recorder_t`).
    public var animationTimeZero: Double

    public static let fileName = SwiftUIRecording.springFile

    public init(times: [Double], positions: [Double], animationTimeZero: Double) {
        precondition(times.count == positions.count, "a recording needs as many times as positions")
        self.times = times
        self.positions = positions
        self.animationTimeZero = animationTimeZero
    }

    /// Reads the recording from `directory`; nil when the directory or the file is missing.
    /// - Throws: `RecordingError` when the file exists but is not a recording.
    package static func load(from directory: URL?) throws -> SpringRecording? {
        guard let directory else { return nil }
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let file = try SwiftUIRecording.read(url)
        let pairs = SwiftUIRecording.pairs(file.samples)
        return SpringRecording(times: pairs.map(\.0), positions: pairs.map(\.1),
                               animationTimeZero: file.animation_time_zero_at_recorder_t ?? SwiftUIRecording.springAnimationTimeZero)
    }
}
