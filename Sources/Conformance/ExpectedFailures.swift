#if canImport(Glibc)
import Glibc
#endif

/// A list of cases an engine is known to fail, so its CI passes until they are fixed: one case
/// id or glob (`*`, `?`, `[…]`, as fnmatch; `*` also matches `/`) per line, `#` starts a
/// comment, blank lines are ignored.
public struct ExpectedFailures: Sendable {
    public var patterns: [(line: Int, pattern: String)] = []

    public init() {}

    /// Reads the list; a pattern with spaces inside is an error (ids have none, so it is a typo).
    public init(text: String) throws(ExpectedFailuresError) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let pattern = line.trimmingCharacters(in: [" ", "\t", "\r"])
            guard !pattern.isEmpty else { continue }
            guard !pattern.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw ExpectedFailuresError(line: index + 1, message: "one case id or glob per line, got '\(pattern)'")
            }
            patterns.append((index + 1, pattern))
        }
    }

    /// The index of the first pattern matching `id`, if any.
    public func match(_ id: String) -> Int? {
        patterns.firstIndex { fnmatch($0.pattern, id, 0) == 0 }
    }
}

public struct ExpectedFailuresError: Error, Sendable, Equatable {
    public var line: Int
    public var message: String
}

extension Substring {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = self
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
