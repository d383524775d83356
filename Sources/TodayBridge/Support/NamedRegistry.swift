/// Definitions kept by name, each name at most once, refusing the names the bridge keeps for
/// itself: the table behind capabilities (X1), events (X3) and native calls (X4).
package final class NamedRegistry<Entry: Sendable>: Sendable {
    private let kind: String
    private let reservedPrefixes: [String]
    private let entries: Locked<[String: Entry]>

    /// - Parameters:
    ///   - kind: What names an entry, for error messages: `"capability type"`, `"event name"`.
    ///   - reservedPrefixes: Prefixes of the names ``add(_:named:)`` refuses.
    ///   - builtIn: The bridge's own entries, which may use reserved names.
    package init(kind: String, reservedPrefixes: [String], builtIn: [(name: String, entry: Entry)] = []) {
        self.kind = kind
        self.reservedPrefixes = reservedPrefixes
        entries = Locked(Dictionary(builtIn, uniquingKeysWith: { first, _ in first }))
    }

    /// Adds an entry; refuses an empty, reserved or already used name.
    package func add(_ entry: Entry, named name: String) throws(BridgeConfigurationError) {
        guard !name.isEmpty else { throw BridgeConfigurationError("an empty \(kind) is not allowed") }
        if let prefix = reservedPrefixes.first(where: { name.hasPrefix($0) }) {
            throw BridgeConfigurationError(
                "\(kind) \"\(name)\" starts with \"\(prefix)\", which the bridge keeps for itself")
        }
        let added = entries.withLock { table in
            guard table[name] == nil else { return false }
            table[name] = entry
            return true
        }
        guard added else { throw BridgeConfigurationError("\(kind) \"\(name)\" is already in use") }
    }

    /// The entry named `name`, if any.
    package func entry(named name: String) -> Entry? {
        entries.withLock { $0[name] }
    }

    /// Every entry, sorted by name.
    package var all: [Entry] {
        entries.withLock { table in table.sorted { $0.key < $1.key }.map(\.value) }
    }
}
