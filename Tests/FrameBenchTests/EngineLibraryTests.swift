@testable import FrameBench
import Foundation
import Testing
import _TestSupport

/// Engines loaded through the C ABI (`include/hooke_engine.h`): the example engines measured by the
/// frame runner against the independent references, and the refusals, NaN and allocations an
/// engine can show. The libraries are compiled here from source with the system's C compiler; the
/// tests are skipped, saying so, where there is none.
@Suite("engine libraries (C ABI)")
struct EngineLibraryTests {
    /// `c-exact`'s springs against GSL (the workload's error): a closed form exact to a few ulps of
    /// e^(−λt), sin and cos, whose velocity sums terms up to ω0²·|d0| ≈ 400× the scale for the
    /// stiffest preset (measured 1.8e-13 relative, the GSL reference's own drift included); 1e-12,
    /// the bound Hooke's exact `fast` path is held to.
    static let exactSpringTolerance = 1e-12
    /// `c-exact`'s curves against GSL's Brent root: Newton to |x(s) − p| ≤ 1e-15, then y(s) and the
    /// slope, near steep Béziers amplified by 1/x'(s) (measured 1.4e-14 relative); 1e-13.
    static let exactCurveTolerance = 1e-13
    /// The example C engine's semi-implicit Euler at one step per 120 Hz frame is first order: it
    /// misses by 0.085 of the distance on the spring population; the floor is a tenth of that.
    static let eulerErrorFloor = 8e-3

    static let plan = BenchPlan(workloads: [.spring], strategies: nil, animationCounts: [256], threadCounts: [2],
                                frameRate: 120, warmupFrames: 2, minimumFrames: 5, maximumFrames: 5,
                                secondsPerConfiguration: 0.01)

    /// The example engines in `examples/engines/c-engines`, measured as every strategy is: the exact
    /// one within its tolerance of GSL on springs and of Brent on curves, allocating nothing per
    /// frame; the Euler one with exactly the error of Hooke's own `euler` strategy (the same IEEE
    /// operations in the same order: a consistency check between two of our paths, not accuracy).
    @Test("the example engines are measured against the references")
    func exampleEnginesAreMeasuredAgainstTheReferences() throws {
        guard let compiler = CCompiler.find() else { return skip() }
        let exact = try EngineLibrary(path: compiler.build(file: CCompiler.example("exact.c"), name: "exact"))
        let euler = try EngineLibrary(path: compiler.build(file: CCompiler.example("euler.c"), name: "euler"))
        #expect(exact.name == "c-exact" && exact.workloads == [.spring, .curve])
        #expect(euler.name == "c-euler" && euler.workloads == [.spring])
        #expect(euler.assumptions == [Assumption.fixedFrameInterval, Assumption.noRetargets])
        var plan = Self.plan
        plan.workloads = [.spring, .curve]
        plan.engines = [exact, euler]
        let configurations = plan.configurations.filter { if case .engine = $0.strategy { true } else { false } }
        #expect(configurations.map(\.strategy.rawValue) == ["engine:c-exact", "engine:c-euler", "engine:c-exact"])

        let spring = try #require(try FrameRunner.measure(configuration(.spring, exact.strategy), plan: plan))
        let springError = try #require(spring.maxError)
        #expect(springError <= Self.exactSpringTolerance, "c-exact springs: \(springError)")
        #expect(spring.workerThreads == 2)
        #expect(spring.stateBytesPerAnimation == 56 + 16)

        let curve = try #require(try FrameRunner.measure(configuration(.curve, exact.strategy), plan: plan))
        let curveError = try #require(curve.maxError)
        #expect(curveError <= Self.exactCurveTolerance, "c-exact curves: \(curveError)")

        let engine = try #require(try KernelFactory.errors(workload: .spring, strategy: euler.strategy,
                                                             frameInterval: 1.0 / 120, engines: [euler]))
        let hooke = try #require(try KernelFactory.errors(workload: .spring, strategy: .euler, frameInterval: 1.0 / 120))
        #expect(engine.reference == hooke.reference, "c-euler \(String(describing: engine.reference)) vs euler \(String(describing: hooke.reference))")
        #expect((engine.reference ?? 0) > Self.eulerErrorFloor, "semi-implicit Euler at one step per frame is first-order")
    }

    /// A library the harness refuses says which library and what is wrong with it, in one line.
    @Test("a faulty engine table is refused with its reason", arguments: [
        ("version", "ABI version 2, this hooke reads version 1"),
        ("symbol", "no symbol hooke_engine_entry"),
        ("advance", "its table has no advance"),
        ("name", "engine name 'bad name' must be"),
        ("workloads", "its table has no create_springs and create_curves"),
    ])
    func refusals(_ fault: String, _ message: String) throws {
        guard let compiler = CCompiler.find() else { return skip() }
        let path = try compiler.build(source: CCompiler.faultyEngine(fault), name: fault)
        #expect {
            _ = try EngineLibrary(path: path)
        } throws: { error in
            let text = "\(error)"
            return text.contains(path) && text.contains(message) && !text.contains("\n")
        }
    }

    @Test("a file that is no library is refused")
    func aFileThatIsNoLibraryIsRefused() throws {
        let path = CCompiler.repository.appendingPathComponent("include/hooke_engine.h").path
        #expect(throws: EngineLibraryError.self) { _ = try EngineLibrary(path: path) }
    }

    /// A kernel writing NaN shows as a diverged error (the table's error column says "diverged").
    @Test("NaN shows in the error column")
    func nanShowsInTheErrorColumn() throws {
        guard let compiler = CCompiler.find() else { return skip() }
        let engine = try EngineLibrary(path: compiler.build(source: CCompiler.faultyEngine("nan"), name: "nan"))
        var plan = Self.plan
        plan.engines = [engine]
        let result = try #require(try FrameRunner.measure(configuration(.spring, engine.strategy), plan: plan))
        #expect(result.maxError == nil)
        #expect(result.note?.contains("diverged") == true)
        let table = BenchTable.render([result], environment: BenchEnvironment.current(frameRate: 120, hookeVersion: "test"))
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("spring") && $0.contains("engine:nan") })
        #expect(row.contains("diverged"))
    }

    /// Allocations per frame show in the allocation column: none for the example engine's frames,
    /// one for an engine that allocates in every advance call (on one thread: one call per frame).
    ///
    /// The counter is process-wide and other tests run at the same time; their allocations can only
    /// add, so the smallest count of up to `FrameKernelTests.allocationAttempts` runs is judged.
    @Test("allocations show in the allocation column", .enabled(if: AllocationCounter.isAvailable, "this build counts no allocations (ThreadSanitizer)"),
          arguments: [("exact", Workload.spring, 2, 0.0), ("exact", .curve, 2, 0), ("malloc", .spring, 1, 1)])
    func allocationsShowInTheAllocationColumn(_ engine: String, _ workload: Workload, _ threads: Int,
                                              _ expected: Double) async throws {
        guard let compiler = CCompiler.find() else { return skip() }
        let library = try EngineLibrary(path: engine == "exact" ? compiler.build(file: CCompiler.example("exact.c"), name: engine)
                                            : compiler.build(source: CCompiler.faultyEngine(engine), name: engine))
        var plan = Self.plan
        plan.engines = [library]
        plan.minimumFrames = 20
        plan.maximumFrames = 20
        var smallest = Double.infinity
        for _ in 0..<FrameKernelTests.allocationAttempts where smallest > expected {
            let result = try #require(try FrameRunner.measure(configuration(workload, library.strategy, threads: threads),
                                                              plan: plan, measuringErrors: false))
            smallest = min(smallest, try #require(result.allocationsPerFrame))
            if smallest > expected { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        #expect(smallest == expected, "\(engine) \(workload.rawValue): \(smallest) allocations per frame")
    }

    func configuration(_ workload: Workload, _ strategy: Strategy, threads: Int = 2) -> BenchConfiguration {
        BenchConfiguration(workload: workload, strategy: strategy, animations: 256, threads: threads, frameRate: 120)
    }

    func skip() { print("EngineLibraryTests: skipped, no C compiler (cc, gcc or clang) on PATH") }
}

/// The system's C compiler, building engine libraries into a temporary directory.
struct CCompiler {
    let path: String
    let directory: URL

    static let repository = repositoryRoot

    static func example(_ file: String) -> URL {
        repository.appendingPathComponent("examples/engines/c-engines").appendingPathComponent(file)
    }

    /// The first of cc, gcc and clang on PATH; nil when there is none.
    static func find() -> CCompiler? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in ["cc", "gcc", "clang"] {
            for directory in paths where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
                let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-engines-\(UUID().uuidString)")
                guard (try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)) != nil else { return nil }
                return CCompiler(path: "\(directory)/\(name)", directory: temporary)
            }
        }
        return nil
    }

    /// Compiles `source` into lib`name`.so and returns its path.
    func build(source: String, name: String) throws -> String {
        let file = directory.appendingPathComponent("\(name).c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return try build(file: file, name: name)
    }

    /// Compiles `file` as the examples' Makefile does into lib`name`.so and returns its path.
    func build(file: URL, name: String) throws -> String {
        let output = directory.appendingPathComponent("lib\(name).so").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-O2", "-std=c11", "-shared", "-fPIC", "-fno-math-errno", "-ffp-contract=off",
                             "-I", Self.repository.appendingPathComponent("include").path, file.path, "-o", output, "-lm"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CompileError(file: file.path) }
        return output
    }

    struct CompileError: Error { var file: String }

    /// A one-file engine for springs with one fault: "version" (ABI version 2), "symbol" (no entry
    /// point), "advance" (no advance function), "name" (an invalid name), "workloads" (no create
    /// function), "nan" (writes NaN), "malloc" (allocates in every advance call).
    static func faultyEngine(_ fault: String) -> String {
        """
        #include "hooke_engine.h"
        #include <math.h>
        #include <stdlib.h>
        struct hooke_engine_population { size_t count; };
        static void *volatile kept;
        static hooke_engine_population *create(const hooke_spring_parameters *p, size_t count, double h) {
            (void)p; (void)h;
            hooke_engine_population *population = malloc(sizeof *population);
            if (population) population->count = count;
            return population;
        }
        static void advance(hooke_engine_population *population, size_t begin, size_t end, double time,
                            double *values, double *velocities) {
            (void)population;
            \(fault == "malloc" ? "kept = malloc(64); free(kept);" : "")
            for (size_t i = begin; i < end; i++) {
                values[i] = \(fault == "nan" ? "NAN" : "time");
                velocities[i] = 0;
            }
        }
        static void destroy(hooke_engine_population *population) { free(population); }
        static const hooke_engine table = {
            .abi_version = \(fault == "version" ? "2" : "HOOKE_ENGINE_ABI_VERSION"),
            .name = "\(fault == "name" ? "bad name" : fault)",
            .create_springs = \(fault == "workloads" ? "NULL" : "create"),
            .advance = \(fault == "advance" ? "NULL" : "advance"),
            .destroy = destroy,
        };
        const hooke_engine *\(fault == "symbol" ? "hooke_engine_start" : "hooke_engine_entry")(void) { return &table; }
        """
    }
}
