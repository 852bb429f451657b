/// A key for a custom value carried by a ``Transaction`` (SwiftUI's `TransactionKey`).
///
/// Apple (developer.apple.com/documentation/swiftui/transactionkey): "You can create custom
/// transaction values by extending the Transaction structure with new properties. First declare a
/// new transaction key type and specify a value for the required defaultValue property". A value set
/// where a change starts (`withTransaction(\.myCustomValue, true) { … }`) travels down the view tree
/// with the rest of the transaction, so a `.transaction(_:)` modifier anywhere below reads it —
/// "To use the value from inside MyView or one of its descendants, use the transaction(_:) view
/// modifier" (same page). A key never set reads as its `defaultValue`.
///
/// ```swift
/// private struct AvatarTappedKey: TransactionKey {
///     static let defaultValue = false
/// }
///
/// extension Transaction {
///     var avatarTapped: Bool {
///         get { self[AvatarTappedKey.self] }
///         set { self[AvatarTappedKey.self] = newValue }
///     }
/// }
/// ```
public protocol TransactionKey {
    /// The type of the key's value.
    associatedtype Value

    /// The value read when the key was never set on the transaction.
    static var defaultValue: Value { get }
}

extension Transaction {
    /// The value of the custom key `key`: what was set on this transaction (or on the one it was
    /// copied from, above it in the tree), else `K.defaultValue`.
    ///
    /// Apple (developer.apple.com/documentation/swiftui/transaction/subscript(_:)): "Accesses the
    /// transaction value associated with a custom key."
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { customValues[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
        set { customValues[ObjectIdentifier(key)] = newValue }
    }
}
