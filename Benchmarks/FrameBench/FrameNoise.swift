import CLimitKernels
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What happened to the measuring thread while one configuration's frames were timed: the figures
/// that can explain a slow mode (the `noise` field of a result in a bench run's JSON).
///
/// Counts come from `getrusage(RUSAGE_THREAD)` and `sched_getcpu()` read between frames (outside
/// the timed interval) on the calling thread, which runs the kernel alone at 1 thread and dispatches
/// to the workers at T ≥ 2. A frame "follows a switch" when the thread was switched out (voluntarily
/// or not) between the end of the previous timed frame and its own start, or during itself: then
/// another task may have run on that CPU and evicted the caches the frame's columns were in.
public struct FrameNoise: Codable, Sendable, Equatable {
    public var minorFaults: Int
    public var majorFaults: Int
    public var voluntarySwitches: Int
    public var involuntarySwitches: Int
    /// The CPUs the thread started its frames on, ascending.
    public var cpus: [Int]
    /// Frames that started on another CPU than the frame before.
    public var migrations: Int
    /// Frames during or just before which the thread was switched out, and the median time of those
    /// frames and of the others (frame nanoseconds; nil when a group is empty).
    public var framesAfterSwitch: Int
    public var medianAfterSwitch: Double?
    public var medianWithoutSwitch: Double?
    /// Transparent-huge-page-backed anonymous memory of the process with the population alive
    /// (`AnonHugePages` of /proc/self/smaps_rollup), bytes; nil when unreadable.
    public var anonHugePageBytes: Int?
    /// The CPU clock the kernel reports for the CPU of the last frame (`scaling_cur_freq` when
    /// cpufreq exists, else /proc/cpuinfo's `cpu MHz`, which a KVM guest shows as constant), MHz.
    public var cpuMHz: Double?

    /// Collects per-frame readings into buffers allocated up front, so the timed loop allocates nothing.
    public struct Recorder {
        let switchedBefore: UnsafeMutableBufferPointer<Bool>
        let frameCPU: UnsafeMutableBufferPointer<Int32>
        var start = rusage()
        var last = rusage()

        public init(capacity: Int) {
            switchedBefore = .allocate(capacity: max(capacity, 1))
            switchedBefore.initialize(repeating: false)
            frameCPU = .allocate(capacity: max(capacity, 1))
            frameCPU.initialize(repeating: -1)
            getrusage(RUSAGE_THREAD_WHO, &start)
            last = start
        }

        /// Call just before timing frame `index`.
        public mutating func beforeFrame(_ index: Int) {
            frameCPU[index] = Int32(hooke_current_cpu())
            var now = rusage()
            getrusage(RUSAGE_THREAD_WHO, &now)
            switchedBefore[index] = Self.switches(now) != Self.switches(last)
            last = now
        }

        /// Call just after timing frame `index`: a switch during the frame marks it too.
        public mutating func afterFrame(_ index: Int) {
            var now = rusage()
            getrusage(RUSAGE_THREAD_WHO, &now)
            if Self.switches(now) != Self.switches(last) { switchedBefore[index] = true }
            last = now
        }

        static func switches(_ usage: rusage) -> Int { Int(usage.ru_nvcsw) + Int(usage.ru_nivcsw) }

        /// The summary over the first `taken` frames with durations `samples`; frees the buffers.
        public func finish(samples: UnsafeMutableBufferPointer<Double>, taken: Int) -> FrameNoise {
            defer {
                switchedBefore.deallocate()
                frameCPU.deallocate()
            }
            var after: [Double] = [], without: [Double] = []
            var cpus = Set<Int>()
            var migrations = 0
            for index in 0..<taken {
                (switchedBefore[index] ? { after.append(samples[index]) } : { without.append(samples[index]) })()
                if frameCPU[index] >= 0 { cpus.insert(Int(frameCPU[index])) }
                if index > 0, frameCPU[index] != frameCPU[index - 1] { migrations += 1 }
            }
            func median(_ values: [Double]) -> Double? {
                values.isEmpty ? nil : Percentiles.nearestRank(50, sorted: values.sorted())
            }
            let cpu = taken > 0 ? Int(frameCPU[taken - 1]) : 0
            return FrameNoise(minorFaults: Int(last.ru_minflt - start.ru_minflt), majorFaults: Int(last.ru_majflt - start.ru_majflt),
                              voluntarySwitches: Int(last.ru_nvcsw - start.ru_nvcsw),
                              involuntarySwitches: Int(last.ru_nivcsw - start.ru_nivcsw),
                              cpus: cpus.sorted(), migrations: migrations, framesAfterSwitch: after.count,
                              medianAfterSwitch: median(after), medianWithoutSwitch: median(without),
                              anonHugePageBytes: FrameNoise.anonHugePageBytes(), cpuMHz: FrameNoise.cpuMHz(cpu: cpu))
        }
    }

    /// RUSAGE_THREAD (Linux 2.6.26+): the calling thread's usage.
    static let RUSAGE_THREAD_WHO = __rusage_who_t(1)

    /// `AnonHugePages` of /proc/self/smaps_rollup, in bytes.
    public static func anonHugePageBytes() -> Int? {
        for line in Machine.readLines("/proc/self/smaps_rollup") where line.hasPrefix("AnonHugePages:") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// The clock of `cpu` in MHz, where the kernel exposes one.
    public static func cpuMHz(cpu: Int) -> Double? {
        if let line = Machine.readLines("/sys/devices/system/cpu/cpu\(cpu)/cpufreq/scaling_cur_freq").first,
           let kilohertz = Double(line.trimmingCharacters()) {
            return kilohertz / 1000
        }
        var index = -1
        for line in Machine.readLines("/proc/cpuinfo") {
            if line.hasPrefix("processor") { index += 1 }
            if index == cpu, line.hasPrefix("cpu MHz"), let colon = line.firstIndex(of: ":") {
                return Double(String(line[line.index(after: colon)...]).trimmingCharacters())
            }
        }
        return nil
    }

    /// The transparent-huge-page policy (the bracketed word of
    /// /sys/kernel/mm/transparent_hugepage/enabled: always, madvise or never); nil when unreadable.
    public static func transparentHugePageMode() -> String? {
        guard let line = Machine.readLines("/sys/kernel/mm/transparent_hugepage/enabled").first,
              let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"), open < close
        else { return nil }
        return String(line[line.index(after: open)..<close])
    }
}
