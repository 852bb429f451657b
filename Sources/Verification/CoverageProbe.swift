// CoverageProbe.swift — attributes the coverage of an instrumented build to the kind of each check.
//
// `scripts/coverage` builds `hooke` with the toolchain's coverage instrumentation and
// `-DHOOKE_COVERAGE`, and runs one suite at a time with `HOOKE_COVERAGE_BY_CHECK=DIR`. Every check is
// built after the code it judges ran, so when a check is built the counters gathered since the
// previous check belong to it: the probe writes them to `DIR/NNNN-KIND.profraw` and resets them.
// What runs after the last check (the baseline comparison, the summary) lands in
// `DIR/NNNN-rest.profraw` when the process exits. Attribution is exact only while one suite runs at a
// time: concurrent suites interleave their counters. Any other build compiles the probe to nothing
// (the profile runtime's entry points exist only in an instrumented link).

#if HOOKE_COVERAGE
import Foundation

@_silgen_name("__llvm_profile_reset_counters") private func llvmProfileResetCounters()
@_silgen_name("__llvm_profile_set_filename") private func llvmProfileSetFilename(_ name: UnsafePointer<CChar>)
@_silgen_name("__llvm_profile_write_file") private func llvmProfileWriteFile() -> Int32

enum CoverageProbe {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var sequence = 0
        let directory = ProcessInfo.processInfo.environment["HOOKE_COVERAGE_BY_CHECK"].flatMap { $0.isEmpty ? nil : $0 }
    }

    private static let state = State()

    /// Closes the interval of the check just built: its counters go to a file named by `kind`.
    static func checkBuilt(kind: CheckReport.Kind) {
        guard let directory = state.directory else { return }
        state.lock.lock()
        defer { state.lock.unlock() }
        state.sequence += 1
        name(directory, String(format: "%04d-%@", state.sequence, kind.rawValue))
        _ = llvmProfileWriteFile()
        llvmProfileResetCounters()
        // Whatever runs from here to the next check (or to exit) is not attributed yet.
        name(directory, String(format: "%04d-rest", state.sequence + 1))
    }

    /// The runtime keeps the pointer it is given, so the name is copied and never freed.
    private static func name(_ directory: String, _ stem: String) {
        llvmProfileSetFilename(strdup("\(directory)/\(stem).profraw")!)
    }
}
#else
enum CoverageProbe {
    /// Nothing to attribute in a build without coverage instrumentation.
    @inline(__always) static func checkBuilt(kind: CheckReport.Kind) {}
}
#endif
