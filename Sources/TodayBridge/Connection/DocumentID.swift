/// Identifies one document loaded in a web view's main frame; a navigation starts a new one.
///
/// Credential-bearing replies are checked against the current document before they leave
/// (contract S4), so a reply to a document that has gone carries no credential.
public struct DocumentID: Sendable, Hashable, CustomStringConvertible {
    /// A number that grows with each committed navigation of one connection.
    public let generation: UInt64

    /// Creates the identity of a document by its generation.
    package init(generation: UInt64) {
        self.generation = generation
    }

    public var description: String { "document#\(generation)" }
}
