// What "Testing" assumes (scripts/check-doc-snippets.mjs): the README's `purchase` capability types.
struct Purchase: Decodable, Sendable { var sku: String }
struct Receipt: Codable, Sendable { var id: String }
