// Repository.swift — where the tests find the repository's own files (data/, examples/, reports/,
// the engines), defined once: this file is Tests/_TestSupport/Repository.swift.

import Foundation

/// The repository's root directory.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
