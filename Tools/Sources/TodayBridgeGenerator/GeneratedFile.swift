import Foundation

/// One file the generator writes: its path from the repository's root and its fresh text.
struct GeneratedFile: Sendable, Equatable {
    let path: String
    let text: String

    /// Whether the committed file under `root` is this text.
    func isCurrent(under root: URL) -> Bool {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) == text
    }

    /// Writes the text under `root`.
    func write(under root: URL) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(path), options: .atomic)
    }
}
