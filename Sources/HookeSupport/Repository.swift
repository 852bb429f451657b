import Foundation

/// Where the repository is, for the files a command reads or writes by default (the baselines,
/// the recordings, `reports/`).
package enum Repository {
    /// The nearest directory above the working directory with Package.swift and
    /// Sources/Verification, else the one above the executable, else the working directory.
    package static func root() -> URL {
        let fileManager = FileManager.default
        func search(from start: URL) -> URL? {
            var directory = start.standardizedFileURL
            for _ in 0..<12 {
                if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
                   fileManager.fileExists(atPath: directory.appendingPathComponent("Sources/Verification").path) {
                    return directory
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
            return nil
        }
        let cwd = URL(fileURLWithPath: fileManager.currentDirectoryPath)
        if let root = search(from: cwd) { return root }
        if let executable = CommandLine.arguments.first,
           let root = search(from: URL(fileURLWithPath: executable).deletingLastPathComponent()) {
            return root
        }
        return cwd
    }
}
