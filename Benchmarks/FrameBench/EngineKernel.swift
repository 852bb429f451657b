import AnimationMath
import CHookeEngine

/// `engine:NAME`: a population created by an engine library (`EngineLibrary`) from the workload's
/// population — the same animations every other strategy runs — and advanced through its table.
///
/// The kernel owns two output columns, values and velocities (`count` doubles each), which the
/// engine writes for the range of each `advance` call and `state(of:)` reads; before frame 1 they
/// hold the initial state. Everything else is the engine's.
final class EngineKernel: FrameKernel, @unchecked Sendable {
    let library: EngineLibrary
    let population: OpaquePointer
    let advanceFunction: @convention(c) (OpaquePointer?, Int, Int, Double, UnsafeMutablePointer<Double>?,
                                         UnsafeMutablePointer<Double>?) -> Void
    let values: Column<Double>, velocities: Column<Double>
    let count: Int
    let frameInterval: Double
    /// The engine's stated bytes plus the two output doubles.
    let stateBytesPerAnimation: Int

    /// A population of `workload` (spring or curve; `EngineLibrary.workloads` says which) from the
    /// harness's population of `count`.
    init(_ library: EngineLibrary, _ workload: Workload, count: Int, frameInterval: Double) throws {
        self.library = library
        self.count = count
        self.frameInterval = frameInterval
        stateBytesPerAnimation = (library.stateBytesPerAnimation[workload] ?? 0) + 2 * MemoryLayout<Double>.stride
        let table = library.table
        guard let advance = table.advance else { throw EngineLibraryError.missingField(path: library.path, field: "advance") }
        advanceFunction = advance
        let created: OpaquePointer?
        let initial: [(value: Double, velocity: Double)]
        switch workload {
        case .spring where table.create_springs != nil:
            let springs = SpringPopulation(count: count)
            let parameters = Self.springParameters(springs)
            initial = parameters.map { ($0.value, $0.velocity) }
            created = parameters.withUnsafeBufferPointer { table.create_springs!($0.baseAddress, count, frameInterval) }
        case .curve where table.create_curves != nil:
            let parameters = Self.curveParameters(CurvePopulation(count: count))
            initial = Array(repeating: (0, 0), count: count)
            created = parameters.withUnsafeBufferPointer { table.create_curves!($0.baseAddress, count, frameInterval) }
        default:
            throw EngineLibraryError.unsupportedWorkload(path: library.path, name: library.name, workload: workload,
                                                         supported: library.workloads)
        }
        guard let created else { throw EngineLibraryError.createFailed(name: library.name, workload: workload, count: count) }
        population = created
        values = Column(count: count) { initial[$0].value }
        velocities = Column(count: count) { initial[$0].velocity }
    }

    /// Each spring as the ABI gives it: its coefficients and its exact state at frame time 0
    /// (elapsed time `phase`), so an engine starts where every other strategy starts.
    static func springParameters(_ population: SpringPopulation) -> [hooke_spring_parameters] {
        (0..<population.count).map { i in
            let spring = population.springs[i]
            let start = population.exactState(of: i, elapsed: population.phase[i])
            return hooke_spring_parameters(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                           target: population.target[i], value: start.value, velocity: start.velocity)
        }
    }

    /// Each curve animation as the ABI gives it (its first pass began `phase` before frame 0).
    static func curveParameters(_ population: CurvePopulation) -> [hooke_curve_parameters] {
        (0..<population.count).map { i in
            var kind = HOOKE_CURVE_BEZIER
            var points = (0.0, 0.0, 0.0, 0.0)
            switch population.shapes[i] {
            case .linear: kind = HOOKE_CURVE_LINEAR
            case .circularEaseIn: kind = HOOKE_CURVE_CIRCULAR_EASE_IN
            case .circularEaseOut: kind = HOOKE_CURVE_CIRCULAR_EASE_OUT
            case .circularEaseInOut: kind = HOOKE_CURVE_CIRCULAR_EASE_IN_OUT
            case .bezier(let x1, let y1, let x2, let y2): points = (x1, y1, x2, y2)
            }
            return hooke_curve_parameters(kind: UInt32(kind), reserved: 0, x1: points.0, y1: points.1, x2: points.2,
                                          y2: points.3, duration: population.duration[i], interval: population.interval[i],
                                          begin: -population.phase[i])
        }
    }

    func advance(_ range: Range<Int>, to frame: Int) {
        advanceFunction(population, range.lowerBound, range.upperBound, Double(frame) * frameInterval, values.base, velocities.base)
    }

    func state(of index: Int) -> (value: Double, velocity: Double) {
        (values.base[index], velocities.base[index])
    }

    func release() {
        library.table.destroy?(population)
        values.free()
        velocities.free()
    }
}

extension KernelFactory {
    /// A kernel for `count` animations of `strategy`: an engine's among `engines` for
    /// `.engine(name)` (nil when the engine does not run `workload`), else Hooke's own
    /// (`makeKernel(_:_:count:frameInterval:substeps:)`).
    /// - Throws: `EngineLibraryError` when no library gives that name or the engine's create fails.
    static func makeKernel(_ workload: Workload, _ strategy: Strategy, count: Int, frameInterval: Double,
                           substeps: Int = 1, engines: [EngineLibrary]) throws -> (any FrameKernel)? {
        guard case .engine(let name) = strategy else {
            return makeKernel(workload, strategy, count: count, frameInterval: frameInterval, substeps: substeps)
        }
        guard let library = engines.first(where: { $0.name == name }) else { throw EngineLibraryError.notLoaded(name: name) }
        guard library.workloads.contains(workload) else { return nil }
        return try EngineKernel(library, workload, count: count, frameInterval: frameInterval)
    }
}
