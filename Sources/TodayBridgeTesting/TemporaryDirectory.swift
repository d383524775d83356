import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`: for this
/// package's suites and tools that write files (the PostHog journal).
package struct TemporaryDirectory: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("today-posthog-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The names of the files in it.
    package var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
