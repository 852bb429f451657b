@testable import FrameBench
import Foundation
import Testing

/// The peer adapters in examples/engines/<peer>, each run on a few cases when its peer is installed
/// and skipped, saying why, when it is not (the core does not need any peer). Each peer is judged
/// against the same independent references as Hooke: these tests check the adapter path (it builds,
/// speaks the protocol and the C ABI, is judged), and bound the peer's error at what it measured.
struct PeerEngineTests {
    /// Qt 6.4's `QEasingCurve::BezierSpline` is an approximate solve, not exact: on the presets
    /// (easeIn, easeOut, easeInOut, linear) it measured 2.5e-4 of the distance worst against GSL's
    /// Brent root; held to the visual tier, 5e-4 (half a pixel of a 1,000-pixel move).
    static let qtPresetTolerance = 5e-4
    /// Qt's worst over the whole curve set, measured 0.077 of the distance (curve/random/70, a steep
    /// Bézier near p = 0.01); 0.2, so an adapter that mis-wires a control point (errors of order 1)
    /// is caught.
    static let qtWorstTolerance = 0.2
    /// The bench library's error against Brent on the `curve` workload: Qt's value error plus a
    /// forward difference quotient for the velocity (measured 8.1e-3 on 10,000 animations); 0.05.
    static let qtBenchTolerance = 0.05

    @Test func qtEasingCurveThroughTheProtocolAndTheCABI() throws {
        guard let build = try QtBuild.make() else { return }

        // The protocol adapter, judged on the whole `curve` set (98 cases, well under a second).
        let engine = try judgeCurves(build.adapter, worst: Self.qtWorstTolerance, presets: Self.qtPresetTolerance)
        #expect(engine["name"] as? String == "qt-qeasingcurve")
        #expect(engine["version"] as? String == "Qt \(build.upstreamVersion)", "the hello names the Qt it ran")

        // The bench library, measured by the frame runner against Brent.
        let library = try EngineLibrary(path: build.library)
        #expect(library.name == "qt-qeasingcurve" && library.workloads == [.curve])
        var plan = BenchPlan(workloads: [.curve], strategies: nil, animationCounts: [256], threadCounts: [2],
                             frameRate: 120, warmupFrames: 2, minimumFrames: 5, maximumFrames: 5,
                             secondsPerConfiguration: 0.01)
        plan.engines = [library]
        let configuration = BenchConfiguration(workload: .curve, strategy: library.strategy, animations: 256,
                                               threads: 2, frameRate: 120)
        let result = try #require(try FrameRunner.measure(configuration, plan: plan))
        let error = try #require(result.maxError)
        #expect(error <= Self.qtBenchTolerance, "qt-qeasingcurve curves: \(error)")
    }
}

extension PeerEngineTests {
    /// Blink's cubic-bezier solve stops at an x error of 1e-7 (measured 1.4e-7 of the distance on the
    /// presets); 1e-6.
    static let chromiumPresetTolerance = 1e-6
    /// Blink's worst over the curve set, measured 1.5e-3 (a Bézier with x1 = 0 and y1 < 0, near
    /// p = 1e-9, where Blink extrapolates the start tangent); 1e-2.
    static let chromiumWorstTolerance = 1e-2

    @Test func chromiumThroughTheProtocol() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") else {
            print("PeerEngineTests: skipped Chromium, Debian's chromium is not installed (examples/engines/chromium/build installs it)")
            return
        }
        let adapter = repositoryRoot.appendingPathComponent("examples/engines/chromium/adapter.py").path
        let engine = try judgeCurves("python3 \(adapter)", worst: Self.chromiumWorstTolerance, presets: Self.chromiumPresetTolerance)
        #expect(engine["name"] as? String == "chromium-blink")
        #expect((engine["version"] as? String ?? "").hasPrefix("Chrome/"), "the hello names the browser's version")
    }
}

extension PeerEngineTests {
    /// Judges `engine` on the whole `curve` set (against GSL's Brent root) and checks that every case
    /// was answered and graded within `worst`, the presets within `presets`, and that the engine is
    /// not exact (so the run exits 1); returns the engine's hello as the scorecard records it.
    func judgeCurves(_ engine: String, worst: Double, presets: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-peer-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: json) }
        let run = hooke("conform", "--engine", engine, "--kind", "curve", "--timeout", "60", "--json", json)
        #expect(run.status == 1, "not exact at the exact tier: \(run.standardError)", sourceLocation: sourceLocation)
        let card = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(card["complete"] as? Bool == true, sourceLocation: sourceLocation)
        let cases = try #require(card["cases"] as? [[String: Any]])
        #expect(cases.count >= 90, sourceLocation: sourceLocation)
        for result in cases {
            let id = result["id"] as? String ?? "?"
            let error = try #require(result["error"] as? Double, "\(id): \(result["status"] ?? "")")
            #expect(error <= worst, "\(id): \(error)", sourceLocation: sourceLocation)
            if id.hasPrefix("curve/preset/") {
                #expect(error <= presets, "\(id): \(error)", sourceLocation: sourceLocation)
            }
        }
        return try #require(card["engine"] as? [String: Any])
    }
}

/// Qt's adapter and library built by examples/engines/qt/build into a temporary directory; nil (the
/// test skipped, saying why) when Debian's qt6-base-dev is not installed — the test never installs.
struct QtBuild {
    var directory: URL
    var adapter: String
    var library: String
    /// Qt's version from its Debian package, e.g. 6.4.2 from 6.4.2+dfsg-10.
    var upstreamVersion: String

    static func make() throws -> QtBuild? {
        let status = run("/usr/bin/dpkg-query", ["-W", "-f=${Status} ${Version}", "qt6-base-dev"], environment: [:])
        guard status.code == 0, status.output.hasPrefix("install ok installed") else {
            print("PeerEngineTests: skipped Qt, Debian's qt6-base-dev is not installed (examples/engines/qt/build installs it)")
            return nil
        }
        let version = status.output.split(separator: " ").last.map(String.init) ?? ""
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-qt-\(UUID().uuidString)")
        let script = repositoryRoot.appendingPathComponent("examples/engines/qt/build").path
        let build = run(script, [], environment: ["QT_ENGINE_BUILD": directory.path])
        try #require(build.code == 0, "examples/engines/qt/build failed: \(build.output)")
        return QtBuild(directory: directory, adapter: directory.appendingPathComponent("qt-adapter").path,
                       library: directory.appendingPathComponent("libqt-engine.so").path,
                       upstreamVersion: String(version.prefix { $0 != "+" && $0 != "-" && $0 != "~" }))
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]) -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return (-1, "cannot start \(executable)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
