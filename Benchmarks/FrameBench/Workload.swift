/// What a benchmark animates. The raw values are part of the JSON contract.
///
/// Which strategies each workload has (`strategies`):
///
/// | workload         | naive | fast | euler | rk4 | gsl | limit, limit-avx2, floor |
/// |------------------|-------|------|-------|-----|-----|--------------------------|
/// | `spring`         |   ✓   |  ✓   |   ✓   |  ✓  |  ✓ (N ≤ `Strategy.gslMaximumAnimations`, one thread) | ✓ |
/// | `swiftui-spring` |   ✓   |  ✓   |       |     |     |            ✓             |
/// | `curve`          |   ✓   |  ✓   |       |     |     |            ✓             |
/// | `mixed`          |   ✓   |  ✓   |       |     |     |    limit, limit-avx2     |
/// | `keyframes`      |   ✓   |  ✓   |       |     |     |            ✓             |
///
/// `euler`, `rk4` and `gsl` are alternative *physics* for closed-form springs; the other workloads
/// are defined by SwiftUI's own algorithm (an integrator, a Bézier solve, the animator), so only
/// the object-per-animation (`naive`) and contiguous (`fast`) ways of running it are meaningful.
/// `limit`, `limit-avx2` and `floor` are not Hooke at all but what the machine allows for the
/// `fast` path's work (`LimitKernels.swift`); the default plan runs them on one thread. Beside
/// these, an engine loaded through the C ABI (`EngineLibrary`) runs `spring` and `curve` as
/// `engine:NAME` (`BenchPlan.engines`).
public enum Workload: String, CaseIterable, Sendable, Codable {
    case spring
    case swiftUISpring = "swiftui-spring"
    case curve
    case mixed
    /// Looping keyframe timelines (`KeyframeTimeline`).
    case keyframes

    /// The strategies this workload can run, in the order tables list them.
    public var strategies: [Strategy] {
        switch self {
        case .spring: return [.naive, .fast, .euler, .rk4, .gsl] + Strategy.limits
        case .swiftUISpring, .curve, .keyframes: return [.naive, .fast] + Strategy.limits
        case .mixed: return [.naive, .fast, .limit, .limitAVX2]
        }
    }

    /// Untimed frames this workload needs before it is in steady state, on top of the plan's
    /// warm-up. `mixed`: one full retarget period, so every value has been retargeted once — its
    /// first retarget creates the chain entry's state, later ones reuse storage (zero allocations).
    public var steadyStateFrames: Int {
        self == .mixed ? MixedPopulation.retargetPeriod : 0
    }

    /// One line for help texts.
    public var summary: String {
        switch self {
        case .spring: return "closed-form springs from 8 presets at random phases, every regime"
        case .swiftUISpring: return "SwiftUI's .spring animations (the 1/300 s integrator)"
        case .curve: return "timing-curve animations (a Bézier solve per frame)"
        case .mixed: return "springs, curves and modified animations through the animator, 1% retargeted per frame"
        case .keyframes: return "looping keyframe timelines (linear, cubic, spring and move keyframes)"
        }
    }
}

/// How a workload's animations are computed. The raw values are part of the JSON contract.
public enum Strategy: Hashable, Sendable, Codable, CaseIterable, RawRepresentable {
    /// Objects behind a protocol, the library's public API per animation per frame: the baseline.
    case naive
    /// Struct of arrays; for springs the exact per-frame transition cached per spring.
    case fast
    /// Semi-implicit Euler, one step per frame.
    case euler
    /// Classical Runge–Kutta, one step per frame.
    case rk4
    /// GSL's adaptive stepper per animation per frame.
    case gsl
    /// A hand-written C kernel doing `fast`'s work on `fast`'s state, compiled for the build's ISA
    /// (x86-64 baseline, SSE2, unless built for the host's CPU): what the machine allows.
    case limit
    /// The same C kernel compiled for AVX2 (and FMA, unused: no contraction); only on CPUs with AVX2.
    case limitAVX2
    /// The bandwidth floor: reads and writes the bytes `fast` moves per animation per frame, with
    /// almost no arithmetic (a maximum per column). Its state means nothing; it has no error.
    case floor
    /// An engine outside Hooke, loaded from a shared library through the C ABI of
    /// `include/hooke_engine.h` (`EngineLibrary`), by the name its table gives; raw value `engine:NAME`.
    case engine(String)

    /// Hooke's own strategies (every case but `engine`), in table order.
    public static let allCases: [Strategy] = [.naive, .fast, .euler, .rk4, .gsl, .limit, .limitAVX2, .floor]

    /// The prefix of an engine strategy's raw value.
    public static let enginePrefix = "engine:"

    public init?(rawValue: String) {
        if rawValue.hasPrefix(Self.enginePrefix) {
            let name = String(rawValue.dropFirst(Self.enginePrefix.count))
            guard EngineLibrary.isValidName(name) else { return nil }
            self = .engine(name)
            return
        }
        guard let strategy = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = strategy
    }

    public var rawValue: String {
        switch self {
        case .naive: return "naive"
        case .fast: return "fast"
        case .euler: return "euler"
        case .rk4: return "rk4"
        case .gsl: return "gsl"
        case .limit: return "limit"
        case .limitAVX2: return "limit-avx2"
        case .floor: return "floor"
        case .engine(let name): return Self.enginePrefix + name
        }
    }

    /// The strategies that measure the machine rather than Hooke, in table order.
    public static let limits: [Strategy] = [.limit, .limitAVX2, .floor]
    /// Whether this is one of `limits`.
    public var isLimit: Bool { Self.limits.contains(self) }

    /// `gsl` allocates a GSL driver per animation per frame (~20 µs each): beyond this many
    /// animations a frame takes longer than a second, so larger runs skip it.
    public static let gslMaximumAnimations = 1_000

    /// What this strategy takes for granted on `workload` beyond the workload's own definition,
    /// printed in the table legend and stored per result in the JSON.
    public func assumptions(for workload: Workload) -> [String] {
        switch (self, workload) {
        case (.naive, _), (.gsl, _): return []
        case (.fast, .spring): return [Assumption.fixedFrameInterval, Assumption.noRetargets]
        case (.euler, _), (.rk4, _): return [Assumption.fixedFrameInterval, Assumption.noRetargets]
        case (.fast, .swiftUISpring), (.fast, .curve): return [Assumption.noRetargets, Assumption.fixedPopulation]
        case (.fast, .keyframes): return [Assumption.fixedFrameInterval, Assumption.fixedPopulation]
        case (.fast, .mixed): return [Assumption.fixedPopulation]
        case (.limit, _), (.limitAVX2, _), (.floor, _): return Strategy.fast.assumptions(for: workload)
        // An engine states its own (`EngineLibrary.assumptions`; the runner records them).
        case (.engine, _): return []
        }
    }
}

/// The assumptions a strategy may make (`Strategy.assumptions(for:)`).
public enum Assumption {
    /// Every frame is the same Δt later than the last (state transitions precomputed for Δt).
    public static let fixedFrameInterval = "fixed Δt"
    /// No animation is retargeted or interrupted while it runs (no merge, no chain).
    public static let noRetargets = "no retargets"
    /// The population is arranged once at set-up — grouped by preset, timeline or animation (and
    /// keyframes sorted by phase within a timeline) — and no animation is added or removed while it
    /// runs; an engine doing the same must insert each new animation into its group. (spring `fast`
    /// keeps a preset index per slot instead, so it can append.)
    public static let fixedPopulation = "population arranged at set-up"
}
