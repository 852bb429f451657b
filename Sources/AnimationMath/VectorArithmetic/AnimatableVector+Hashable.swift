extension AnimatableVector: Hashable {
    /// Hashes the components up to the last non-zero one, so that vectors equal under `==`
    /// (which ignores trailing zeros) hash alike. `-0.0` and `0.0` hash alike, as `Double` does.
    ///
    /// - Complexity: O(count).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        var end = values.count
        while end > 0 && values[end - 1] == 0 { end -= 1 }
        hasher.combine(end)
        for i in 0..<end { hasher.combine(values[i]) }
    }
}
