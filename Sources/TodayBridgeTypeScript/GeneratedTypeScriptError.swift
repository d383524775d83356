/// A generated TypeScript file that is missing or stale, or could not be read or written (X6).
public struct GeneratedTypeScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and how to regenerate the file.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
