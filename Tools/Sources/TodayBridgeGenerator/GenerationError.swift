/// Why the generator could not render a file: a missing build, an entry it cannot read.
struct GenerationError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
