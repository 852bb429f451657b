extension AnimatablePair: Hashable where First: Hashable, Second: Hashable {
    /// Hashes both components, in order; consistent with `==`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(second)
    }
}
