/// The shape of a value as the page sees it, read from a Swift type to generate TypeScript (X6).
public indirect enum TypeShape: Sendable, Hashable {
    case string
    case number
    case boolean
    case null
    /// Bytes: `Data`, a page's `Uint8Array` (TypeScript `Uint8Array`, B1).
    case bytes
    /// Any JSON value (TypeScript `unknown`).
    case unknown
    /// No value: the promise resolves `undefined` (TypeScript `void`).
    case void
    /// One of these string literals, as for a `String` enum.
    case literals([String])
    case array(TypeShape)
    /// An object with string keys, all of one shape.
    case record(TypeShape)
    case object([Field])
    case oneOf([TypeShape])
    /// The shape, or `null`.
    case nullable(TypeShape)

    /// One property of an object shape.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var shape: TypeShape
        public var isOptional: Bool

        /// Creates a property.
        public init(name: String, shape: TypeShape, isOptional: Bool = false) {
            self.name = name
            self.shape = shape
            self.isOptional = isOptional
        }
    }
}
