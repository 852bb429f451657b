// OscillatorReference+Blocks.swift — the reference over any number of sample times in bounded
// memory (a reference trajectory of ten million rows streams through it).

extension OscillatorReference {
    /// Sample times per solve in `solve(_:at:blockSize:_:)`: one block's samples are held (24 bytes
    /// each), so memory stays bounded; a run this short is one solve.
    public static let defaultBlockSize = 65_536

    /// `problem` sampled at `times` (non-decreasing, ≥ 0), handed to `row` sample by sample. Solved
    /// block by block: each block starts from the state the previous one ended in (its last sample),
    /// with the retargets still ahead, so no block holds more than `blockSize` samples. Restarting the
    /// driver at a block boundary is within the reference's contract (it resets at every retarget
    /// too). A `ReferenceError` gives absolute times (`ReferenceError.shifted(by:)`).
    public static func solve<Times: RandomAccessCollection>(
        _ problem: OscillatorProblem, at times: Times, blockSize: Int = defaultBlockSize,
        _ row: (_ time: Double, _ position: Double, _ velocity: Double) throws -> Void
    ) throws where Times.Element == Double, Times.Index == Int {
        var start = 0.0, position = problem.initialPosition, velocity = problem.initialVelocity
        var target = problem.target
        var pending = problem.retargets[...]
        var blockStart = times.startIndex
        while blockStart < times.endIndex {
            let indices = blockStart..<min(blockStart + blockSize, times.endIndex)
            let block = OscillatorProblem(
                mass: problem.mass, stiffness: problem.stiffness, damping: problem.damping,
                initialPosition: position, initialVelocity: velocity, target: target,
                retargets: pending.map { OscillatorProblem.Retarget(time: $0.time - start, target: $0.target) })
            let solution: ReferenceTrajectory
            do {
                solution = try solve(block, at: indices.map { times[$0] - start })
            } catch let error as ReferenceError {
                throw error.shifted(by: start)
            }
            for (offset, index) in indices.enumerated() {
                try row(times[index], solution.positions[offset], solution.velocities[offset])
            }
            // The next block starts at this block's last sample, after the retargets up to it.
            start = times[indices.last!]
            position = solution.positions.last!
            velocity = solution.velocities.last!
            while let next = pending.first, next.time <= start {
                target = next.target
                pending = pending.dropFirst()
            }
            blockStart = indices.upperBound
        }
    }
}

extension ReferenceError {
    /// The error of a solve that started at t = `offset`, with its times made absolute.
    public func shifted(by offset: Double) -> ReferenceError {
        switch self {
        case let .budgetExceeded(steps, reached, requested):
            return .budgetExceeded(steps: steps, reachedTime: offset + reached, requestedTime: offset + requested)
        case let .nonFiniteSolution(time):
            return .nonFiniteSolution(time: offset + time)
        case let .notSettled(horizon, deviation):
            return .notSettled(horizon: offset + horizon, deviation: deviation)
        case .invalidInput, .gslFailure:
            return self
        }
    }
}
