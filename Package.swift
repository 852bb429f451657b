// swift-tools-version:6.0
// Hooke: SwiftUI-style animation math on Linux, a GSL reference that judges it, and a frame harness
// that measures it. No outside packages: the toolchain plus Debian's libgsl-dev is the whole world.
import PackageDescription

let package = Package(
    name: "Hooke",
    products: [
        .library(name: "AnimationMath", targets: ["AnimationMath"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .executable(name: "hooke", targets: ["hooke"]),
        .executable(name: "hooke-engine", targets: ["hooke-engine"]),
    ],
    targets: [
        // The animation model, usable alone. Imports only Foundation (for CGFloat, CGPoint, CGSize, CGRect).
        .target(name: "AnimationMath"),
        // GNU GSL as a system library (module map + shim header).
        .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        // The ground truth: GSL ODE integration of the damped oscillator, Bézier root finding.
        .target(name: "ReferenceSolver", dependencies: ["CGSL", "HookeSupport"]),
        // What the libraries share: numerics (double-double arithmetic, the seeded generator, number
        // formatting), files (atomic writes, the stored baselines and where they are), input errors.
        .target(name: "HookeSupport"),
        // The verifier: cases, grids, error metrics, invariants, checks, the accuracy baseline.
        .target(name: "Verification", dependencies: ["AnimationMath", "ReferenceSolver", "HookeSupport"]),
        // The frame harness: workloads, strategies, the Dispatch runner, statistics, perf baseline.
        .target(name: "FrameBench", dependencies: ["AnimationMath", "ReferenceSolver", "CAllocationCounter", "CLimitKernels", "CHookeEngine", "HookeSupport"],
                path: "Benchmarks/FrameBench"),
        // The C ABI of engines `hooke bench --engine-library` measures: include/hooke_engine.h, a
        // plain C header outside users compile against, with a module map so FrameBench reads it.
        .systemLibrary(name: "CHookeEngine", path: "include"),
        // Counts heap allocations by interposing malloc/calloc/realloc (glibc's __libc_* underneath).
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        // Hand-written C kernels doing the fast paths' work, for the build's ISA and for AVX2: the
        // `limit` strategies, and the bandwidth `floor`.
        .target(name: "CLimitKernels", path: "Benchmarks/CLimitKernels"),
        // Publishable reports: Markdown, JSON, CSV and SVG writers (our own; no outside packages), and
        // the sheets `hooke spring` and `hooke report` print.
        .target(name: "Reporting", dependencies: ["Verification", "FrameBench", "AnimationMath", "ReferenceSolver", "HookeSupport"]),
        // Scenarios and keyframe timelines read from JSON (errors name the JSON path), the frame loop
        // of `hooke run`, the trajectories of `hooke eval` and the rows they print: what the commands
        // compute, callable from Swift. Needs AnimationMath, and HookeSupport for its input errors.
        .target(name: "Scenarios", dependencies: ["AnimationMath", "HookeSupport"]),
        // The conformance judge of `hooke conform`: the case set, the engine abstraction and its
        // JSON Lines child-process driver, the references and grading, the scorecard. Knows no flags.
        .target(name: "Conformance", dependencies: ["Scenarios", "ReferenceSolver", "HookeSupport"]),
        // The subcommands, which parse and print: the argument scanner, the options, the console
        // (stdout held until success, every write checked); a library so tests can drive them in-process.
        .target(name: "HookeCommandLine", dependencies: ["AnimationMath", "Scenarios", "ReferenceSolver", "Verification", "FrameBench", "Reporting", "Conformance", "HookeSupport"]),
        .executableTarget(name: "hooke", dependencies: ["HookeCommandLine", "HookeSupport"]),
        // Hooke's own AnimationMath as a conformance engine speaking the process protocol (the control).
        .executableTarget(name: "hooke-engine", dependencies: ["Conformance", "AnimationMath", "Scenarios"],
                          path: "examples/engines/hooke", exclude: ["README.md"]),

        // What the test targets share, defined once: ulps and relative error, the repository root.
        .target(name: "_TestSupport", path: "Tests/_TestSupport"),
        .testTarget(name: "AnimationMathTests", dependencies: ["AnimationMath", "ReferenceSolver", "HookeSupport", "_TestSupport"]),
        .testTarget(name: "ReferenceSolverTests", dependencies: ["ReferenceSolver", "CGSL", "HookeSupport"]),
        .testTarget(name: "VerificationTests", dependencies: ["Verification", "AnimationMath", "ReferenceSolver", "HookeSupport", "_TestSupport"]),
        .testTarget(name: "FrameBenchTests", dependencies: ["FrameBench", "AnimationMath", "ReferenceSolver", "HookeSupport", "_TestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: ["Reporting", "Verification", "FrameBench", "_TestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "AnimationMath", "ReferenceSolver", "_TestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "Scenarios", "HookeSupport", "_TestSupport"],
                    exclude: ["Engines"]),
        .testTarget(name: "HookeCommandLineTests", dependencies: ["_TestSupport", "HookeCommandLine", "AnimationMath", "ReferenceSolver", "HookeSupport", "FrameBench", "Reporting"]),
    ]
)
