extension AnimatableVector: VectorArithmetic {
    /// Equal when every component is equal, missing components counting as 0.
    ///
    /// - Complexity: O(max(lhs.count, rhs.count)).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let common = Swift.min(lhs.values.count, rhs.values.count)
        for i in 0..<common where lhs.values[i] != rhs.values[i] { return false }
        for i in common..<lhs.values.count where lhs.values[i] != 0 { return false }
        for i in common..<rhs.values.count where rhs.values[i] != 0 { return false }
        return true
    }

    /// The empty vector, equal to a vector of any length whose components are all 0.
    @inlinable
    public static var zero: Self { Self([]) }

    /// Adds component by component; the result is as long as the longer operand.
    ///
    /// - Complexity: O(max(lhs.count, rhs.count)); allocates the result.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result += rhs
        return result
    }

    /// Adds component by component in place, growing `lhs` when `rhs` is longer.
    ///
    /// - Complexity: O(max(lhs.count, rhs.count)); allocates only when `lhs` grows or is shared.
    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        let common = Swift.min(lhs.values.count, rhs.values.count)
        for i in 0..<common { lhs.values[i] += rhs.values[i] }
        if rhs.values.count > common { lhs.values.append(contentsOf: rhs.values[common...]) }
    }

    /// Subtracts component by component; the result is as long as the longer operand.
    ///
    /// - Complexity: O(max(lhs.count, rhs.count)); allocates the result.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result -= rhs
        return result
    }

    /// Subtracts component by component in place, growing `lhs` when `rhs` is longer.
    ///
    /// - Complexity: O(max(lhs.count, rhs.count)); allocates only when `lhs` grows or is shared.
    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        let common = Swift.min(lhs.values.count, rhs.values.count)
        for i in 0..<common { lhs.values[i] -= rhs.values[i] }
        if rhs.values.count > common {
            lhs.values.reserveCapacity(rhs.values.count)
            for i in common..<rhs.values.count { lhs.values.append(-rhs.values[i]) }
        }
    }

    /// Multiplies every component by `rhs`.
    ///
    /// - Complexity: O(count).
    @inlinable
    public mutating func scale(by rhs: Double) {
        for i in values.indices { values[i] *= rhs }
    }

    /// The sum of the squares of the components.
    ///
    /// - Complexity: O(count).
    @inlinable
    public var magnitudeSquared: Double {
        var sum = 0.0
        for value in values { sum += value * value }
        return sum
    }
}
