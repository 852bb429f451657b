// AnimationTestSupport.swift — helpers shared by the animation tests: locating the repository's
// data folder, loading the SwiftUI recordings, and driving an animation frame by frame.

import AnimationMath
import Foundation
import _TestSupport

/// Where the test data lives: `data/` in the repository root (found from this file's path by
/// walking up to `Package.swift`). `$HOOKE_RECORDINGS` replaces `data/swiftui-recordings`, as it
/// does for `hooke verify`.
enum RepositoryData {
    struct NotFound: Error, CustomStringConvertible {
        var searched: String
        var description: String { "test data not found at \(searched)" }
    }

    /// The URL of `relativePath` under the repository's `data/`.
    static func url(_ relativePath: String) throws -> URL {
        var url = repositoryRoot.appendingPathComponent("data/\(relativePath)")
        let prefix = "swiftui-recordings/"
        if relativePath.hasPrefix(prefix),
           let override = ProcessInfo.processInfo.environment["HOOKE_RECORDINGS"], !override.isEmpty {
            url = URL(fileURLWithPath: override).appendingPathComponent(String(relativePath.dropFirst(prefix.count)))
        }
        guard FileManager.default.fileExists(atPath: url.path) else { throw NotFound(searched: url.path) }
        return url
    }
}

/// A real SwiftUI recording (see `data/swiftui-recordings/README.md`).
struct SpringRecording: Decodable {
    struct Segment: Decodable {
        var samples: [[Double]]
    }

    var samples: [[Double]]?
    var segment0: Segment?

    static func load(_ name: String) throws -> SpringRecording {
        let data = try Data(contentsOf: try RepositoryData.url("swiftui-recordings/\(name)"))
        return try JSONDecoder().decode(SpringRecording.self, from: data)
    }
}

/// Error statistics of a prediction against samples.
struct ErrorStatistics {
    var rms: Double
    var max: Double

    init(_ errors: [Double]) {
        rms = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
        max = errors.map(abs).max() ?? 0
    }
}

/// The 60 Hz frame interval the tests sample at.
let frameInterval = 1.0 / 60.0

/// Runs `animation` on `value` at `times` with one context, as the animator does for one entry.
func drive<V: VectorArithmetic>(_ animation: Animation, value: V, times: [Double]) -> [V?] {
    var context = AnimationContext<V>()
    return times.map { animation.animate(value: value, time: $0, context: &context) }
}

/// Frame times 0, 1/60, ..., count − 1 frames, each computed as i/60 (no accumulated error).
func frameTimes(count: Int) -> [Double] {
    (0..<count).map { Double($0) / 60 }
}
