import Foundation

/// A fresh directory under the system's temporary directory, removed by `remove()`: for this
/// package's suites and tools that write files (the PostHog journal).
@_spi(Tools) public struct TemporaryDirectory: Sendable {
    @_spi(Tools) public let url: URL

    @_spi(Tools) public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "today-posthog-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @_spi(Tools) public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// The names of the files in it.
    @_spi(Tools) public var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
