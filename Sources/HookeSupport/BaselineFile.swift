import Foundation

/// Where a stored baseline is read and written: a path given by the caller (relative to the working
/// directory), else the baseline's `defaultPath` in the repository (`Repository.root()`), whichever
/// directory the process runs in.
package struct BaselineFile: Sendable {
    /// As messages and reports name it: the path given, or the default relative to the repository.
    package var shown: String
    /// Where it is read and written.
    package var path: String
    /// The file is to be rewritten from the run, not compared with.
    package var update: Bool

    package init(shown: String, path: String, update: Bool) {
        self.shown = shown
        self.path = path
        self.update = update
    }

    /// The file at `given`, else `Baseline.defaultPath` in the repository.
    package init<Baseline: StoredBaseline>(given: String?, update: Bool, of _: Baseline.Type) {
        if let given {
            self.init(shown: given, path: given, update: update)
        } else {
            self.init(shown: Baseline.defaultPath,
                      path: Repository.root().appendingPathComponent(Baseline.defaultPath).path, update: update)
        }
    }
}
