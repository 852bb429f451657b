/// A vector of any number of `Double` components: animatable data for a variable-length list of
/// values (the points of a polyline, the heights of a chart's bars).
///
/// The vector behaves as if padded with zeros to any length:
/// - `zero` is the empty vector;
/// - adding or subtracting vectors of different lengths treats the missing components as 0, so the
///   result is as long as the longer operand;
/// - equality and hashing ignore trailing zeros, so `AnimatableVector([1, 0]) == AnimatableVector([1])`
///   and `a - a == .zero` for every `a`. `count` is the stored length, which is therefore not part
///   of the value: equal vectors can have different counts.
///
/// This padding keeps the `VectorArithmetic` laws (`a + .zero == a` with an empty `zero`), which a
/// vector that truncates to the shorter operand would break.
///
/// Performance: the components live in an `Array`, so creating a vector, and any operation that
/// returns a new one (`+`, `-`, `scaled(by:)`) or writes to a shared copy, allocates. The in-place
/// operators (`+=`, `-=`, `scale(by:)`) on a uniquely referenced vector whose length does not grow
/// do not. For two or three values prefer `AnimatablePair`, which never allocates.
public struct AnimatableVector: Sendable {
    /// The stored components. Trailing zeros are insignificant.
    public var values: [Double]

    /// Creates a vector with the given components.
    ///
    /// - Complexity: O(1) (the array is shared, not copied).
    @inlinable
    public init(_ values: [Double]) {
        self.values = values
    }

    /// The number of stored components.
    @inlinable
    public var count: Int { values.count }

    /// The component at `index`, which must be in `0..<count`.
    @inlinable
    public subscript(index: Int) -> Double {
        get {
            precondition(index >= 0 && index < values.count,
                         "AnimatableVector index \(index) out of range 0..<\(values.count)")
            return values[index]
        }
        set {
            precondition(index >= 0 && index < values.count,
                         "AnimatableVector index \(index) out of range 0..<\(values.count)")
            values[index] = newValue
        }
    }
}
