import Foundation

/// The baseline file of `hooke verify`, `hooke bench` and `hooke report`: `--baseline FILE` as
/// given (relative to the working directory), else the baseline's `defaultPath` in the repository
/// (`Repository.root()`), whichever directory `hooke` runs in.
package struct BaselineFile: Sendable {
    /// As messages and reports name it: the path given, or the default relative to the repository.
    package var shown: String
    /// Where it is read and written.
    package var path: String
    /// `--update-baseline`: the file is to be written (checked before any work), not compared with.
    package var update: Bool

    package init<Baseline: StoredBaseline>(_ arguments: ParsedArguments, of _: Baseline.Type) throws {
        update = arguments.flag("--update-baseline")
        if let given = try arguments.inputFile("--baseline") {
            (shown, path) = (given, given)
        } else {
            shown = Baseline.defaultPath
            path = Repository.root().appendingPathComponent(Baseline.defaultPath).path
        }
        if update {
            try ParsedArguments.checkOutputFile(path, option: arguments.has("--baseline") ? "--baseline" : "--update-baseline")
        }
    }
}
