import Foundation
import HookeCommandLine
import Testing
import _TestSupport

/// `hooke conform`: usage errors, --list, and the exit statuses with real engines (the judge
/// itself is tested in ConformanceTests).
@Suite("hooke conform")
struct ConformCommandTests {
    var misbehave: String {
        repositoryRoot.appendingPathComponent("Tests/ConformanceTests/Engines/misbehave.py").path
    }

    @Test("bad usage exits 2 with one line naming the flag", arguments: [
        (["conform"], "--engine: needs the engine's command"),
        (["conform", "--engine", "python3 'x"], "--engine: unterminated single quote"),
        (["conform", "--engine", "x", "--kind", "springs"], "--kind: must be one of spring, curve, animation, transaction, got 'springs'"),
        (["conform", "--engine", "x", "--tier", "close"], "--tier: must be one of exact, visual, got 'close'"),
        (["conform", "--engine", "x", "--timeout", "0"], "--timeout: must be > 0"),
        (["conform", "--list", "--engine", "x"], "--engine: not allowed with --list"),
        (["conform", "--engine", "x", "--expected-failures", "/no/such/file"], "--expected-failures: cannot read '/no/such/file'"),
        (["conform", "--engine", "/no/such/engine"], "--engine '/no/such/engine': cannot start '/no/such/engine'"),
    ])
    func usage(arguments: [String], message: String) {
        expectUsageError(arguments, mentions: [message])
    }

    @Test("an engine that fails the handshake exits 2")
    func handshake() {
        expectUsageError(["conform", "--engine", "python3 \(misbehave) bad-protocol"], mentions: ["speaks protocol 2"])
    }

    @Test("--list prints every case of the kinds asked for")
    func list() {
        let run = hooke("conform", "--list", "--kind", "curve,animation")
        #expect(run.status == 0)
        let ids = run.standardOutput.split(separator: "\n").map { $0.split(separator: " ")[0] }
        #expect(ids.count > 100 && ids.allSatisfy { $0.hasPrefix("curve/") || $0.hasPrefix("animation/") })
    }

    @Test("exit 1 for failures, 0 when they are all expected, 4 when a listed case passes; --json - holds every case")
    func exitStatuses() throws {
        let engine = "python3 \(misbehave) nan"
        let failing = hooke("conform", "--engine", engine, "--kind", "curve")
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains("FAIL: 98 unexpected failures or errors (1 engine errors)"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("expected.txt")
        try "# zeros fail every curve\ncurve/*\n".write(to: list, atomically: true, encoding: .utf8)
        let expected = hooke("conform", "--engine", engine, "--kind", "curve", "--expected-failures", list.path, "--json", "-")
        #expect(expected.status == 0)
        #expect(expected.standardOutput.contains(#""complete": true"#) && expected.standardOutput.contains(#""expectedFailure": true"#))
        #expect(expected.standardError.contains("98 expected failures"), "the table goes to stderr with --json -")

        try "curve/preset/linear\ncurve/*\n".write(to: list, atomically: true, encoding: .utf8)
        let hooke = hookeEngine()
        if let hooke {
            let improved = HookeCommandLineTests.hooke("conform", "--engine", hooke, "--kind", "curve", "--expected-failures", list.path)
            #expect(improved.status == 4)
            #expect(improved.standardOutput.contains("now passing, remove from the expected failures: curve/preset/linear"))
        }
    }

    @Test("an engine that hangs: exit 1, one line naming the case, the JSON written and marked incomplete")
    func incomplete() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        // 5 s: python3 must start and answer the hello and the first case within it on a loaded machine.
        let run = hooke("conform", "--engine", "python3 \(misbehave) hang", "--kind", "spring", "--timeout", "5", "--json", json.path)
        #expect(run.status == 1)
        #expect(run.standardError.contains("hooke conform: case spring/regime/zeta-0.001/response-0.35: engine misbehave-hang did not reply within 5 s (killed)"))
        let text = try String(contentsOf: json, encoding: .utf8)
        #expect(text.contains(#""complete": false"#) && text.contains(#""status": "not-run""#))
    }

    func hookeEngine() -> String? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hooke-engine")
        return [beside.path, repositoryRoot.appendingPathComponent(".build/debug/hooke-engine").path]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
