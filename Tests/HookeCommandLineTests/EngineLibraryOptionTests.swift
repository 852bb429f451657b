import Foundation
import Testing
import _TestSupport

/// `hooke bench --engine-library PATH`: a library the harness cannot measure is refused while the
/// arguments are validated (so even this debug build answers), with exit 2 and one line naming the
/// flag, the library and what is wrong. Libraries are compiled here from source with the system's C
/// compiler; without one the tests are skipped, saying so.
@Suite("hooke bench --engine-library")
struct EngineLibraryOptionTests {
    /// An engine for springs only whose table carries ABI version `version`.
    static func springEngine(version: String) -> String {
        """
        #include "hooke_engine.h"
        static hooke_engine_population *create(const hooke_spring_parameters *p, size_t n, double h) { (void)p; (void)n; (void)h; return 0; }
        static void advance(hooke_engine_population *p, size_t b, size_t e, double t, double *x, double *v) { (void)p; (void)b; (void)e; (void)t; (void)x; (void)v; }
        static void destroy(hooke_engine_population *p) { (void)p; }
        static const hooke_engine table = { .abi_version = \(version), .name = "springs-only",
            .create_springs = create, .advance = advance, .destroy = destroy };
        const hooke_engine *hooke_engine_entry(void) { return &table; }
        """
    }

    @Test("another ABI version is refused")
    func anotherABIVersionIsRefused() throws {
        guard let library = try buildEngine(Self.springEngine(version: "7"), name: "version7") else { return }
        expectUsageError(["bench", "--engine-library", library],
                         mentions: ["--engine-library", library, "ABI version 7, this hooke reads version 1"])
    }

    @Test("a workload the engine lacks is refused")
    func aWorkloadTheEngineLacksIsRefused() throws {
        guard let library = try buildEngine(Self.springEngine(version: "HOOKE_ENGINE_ABI_VERSION"), name: "springs") else { return }
        expectUsageError(["bench", "--workload", "curve", "--engine-library", library],
                         mentions: ["--engine-library", library, "springs-only has no curve workload"])
        expectUsageError(["bench", "--engine-library", library, "--engine-library", library],
                         mentions: ["--engine-library", "'springs-only' is already taken"])
        // A valid library passes validation; the debug build then refuses to measure.
        let run = hooke("bench", "--engine-library", library)
        #expect(run.status == 2 && run.standardError.contains("debug build"), "\(run.standardError)")
    }

    @Test("a missing file or an engine strategy by name is refused")
    func aMissingFileOrAnEngineStrategyByNameIsRefused() {
        expectUsageError(["bench", "--engine-library", "/nonexistent/libengine.so"],
                         mentions: ["--engine-library", "'/nonexistent/libengine.so'", "cannot load"])
        expectUsageError(["bench", "--strategy", "fast,engine:c-exact"], mentions: ["--strategy", "'engine:c-exact'", "--engine-library"])
    }

    /// Compiles `source` against include/ into lib`name`.so; nil (the test skipped) without a C compiler.
    func buildEngine(_ source: String, name: String) throws -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let compiler = ["cc", "gcc", "clang"].lazy.compactMap({ name in
            paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }).first else {
            print("EngineLibraryOptionTests: skipped, no C compiler (cc, gcc or clang) on PATH")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-engine-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(name).c"), output = directory.appendingPathComponent("lib\(name).so").path
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-shared", "-fPIC", "-I", repositoryRoot.appendingPathComponent("include").path, file.path, "-o", output]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(compiler) failed on \(file.path)")
        return output
    }
}
