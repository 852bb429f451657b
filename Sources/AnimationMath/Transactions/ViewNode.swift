/// The part of a SwiftUI view tree that decides animations: a node's modifiers (outermost first),
/// the named animatable values it draws, and its children.
///
/// A change of state opens a transaction at the root; on its way down each modifier may replace or
/// transform it (``TransactionModifier``), and each value whose model changes animates with the
/// animation of the transaction it sees there. `Transaction`'s overview in Apple's documentation
/// (developer.apple.com/documentation/swiftui/transaction): "Use a transaction to pass an animation
/// between views in a view hierarchy. The root transaction for a state change comes from the
/// binding that changed, plus any global values set by calling withTransaction(_:_:) or
/// withAnimation(_:_:)."
///
/// The tree for
///
/// ```swift
/// VStack {
///     Image(pet.type)
///         .shadow(radius: selected ? 12 : 8)            // "shadow"
///         .animation(.smooth, value: selected)
///         .scaleEffect(selected ? 1.5 : 1.0)            // "scale"
///         .animation(.bouncy, value: selected)
///     Text(label).offset(y: offset)                     // "offset"
///         .transaction { $0.animation = nil }
/// }
/// ```
///
/// is
///
/// ```swift
/// ViewNode(children: [
///     ViewNode(modifiers: [.animation(.bouncy, value: "selected")], values: ["scale"], children: [
///         ViewNode(modifiers: [.animation(.smooth, value: "selected")], values: ["shadow"]),
///     ]),
///     ViewNode(modifiers: [.transaction { $0.animation = nil }], values: ["offset"]),
/// ])
/// ```
public struct ViewNode: Sendable {
    /// The modifiers the transaction meets at this node, outermost (written last in Swift) first.
    public var modifiers: [TransactionModifier]
    /// The values this node draws; they see the transaction after all of `modifiers`.
    public var values: [String]
    /// The nodes below; each starts from the transaction this node's values see.
    public var children: [ViewNode]

    public init(modifiers: [TransactionModifier] = [], values: [String] = [], children: [ViewNode] = []) {
        self.modifiers = modifiers
        self.values = values
        self.children = children
    }

    /// Every value of the tree, in the order ``resolve(_:changed:)`` reaches them: a node's scoped
    /// bodies in modifier order, then its own values, then its children, depth first.
    public var valueNames: [String] {
        var names: [String] = []
        visit(Transaction(), changed: { _ in false }) { name, _ in names.append(name) }
        return names
    }

    /// The transaction each value sees when a change carrying `transaction` starts at the root:
    /// the modifiers applied top-down, each by its rule (``TransactionModifier``).
    ///
    /// - Parameters:
    ///   - transaction: the root transaction (`withAnimation`'s animation, `withTransaction`'s
    ///     values, or an empty transaction for a change made without either).
    ///   - changed: whether a named value or piece of state changed in this transaction (read by
    ///     `.animation(_:value:)` and `.transaction(value:_:)`).
    /// - Returns: one entry per value of the tree, in ``valueNames`` order.
    /// - Complexity: O(modifiers + values) of the tree.
    public func resolve(_ transaction: Transaction, changed: (String) -> Bool) -> [(name: String, transaction: Transaction)] {
        var result: [(name: String, transaction: Transaction)] = []
        visit(transaction, changed: changed) { result.append(($0, $1)) }
        return result
    }

    private func visit(_ incoming: Transaction, changed: (String) -> Bool, _ body: (String, Transaction) -> Void) {
        var transaction = incoming
        for modifier in modifiers {
            switch modifier {
            case let .animation(animation, value):
                TransactionModifier.applyImplicitAnimation(animation, value: value, changed: changed, to: &transaction)
            case let .scopedAnimation(animation, values):
                var scoped = transaction
                TransactionModifier.applyScopedAnimation(animation, to: &scoped)
                for name in values { body(name, scoped) }
            case let .transaction(transform):
                TransactionModifier.applyTransform(transform, to: &transaction)
            case let .valueTransaction(value, transform):
                TransactionModifier.applyValueTransform(transform, value: value, changed: changed, to: &transaction)
            }
        }
        for name in values { body(name, transaction) }
        for child in children { child.visit(transaction, changed: changed, body) }
    }
}
