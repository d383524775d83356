/// The capabilities a bridge answers, by message `type`.
package final class CapabilityRegistry: Sendable {
    /// Types reserved for the bridge's own protocol messages.
    package static let reservedPrefix = "__"

    private let capabilities = Locked<[String: RegisteredCapability]>([:])

    package init() {}

    /// Adds a capability; refuses an empty, reserved or already registered type.
    package func add(_ capability: RegisteredCapability) throws(BridgeConfigurationError) {
        let type = capability.type
        guard !type.isEmpty, !type.hasPrefix(Self.reservedPrefix) else {
            throw BridgeConfigurationError("capability type \"\(type)\" is empty or uses the reserved prefix \"\(Self.reservedPrefix)\"")
        }
        let added = capabilities.withLock { table in
            guard table[type] == nil else { return false }
            table[type] = capability
            return true
        }
        guard added else {
            throw BridgeConfigurationError("a capability of type \"\(type)\" is already registered")
        }
    }

    /// The capability answering `type`, if any.
    package func capability(for type: String) -> RegisteredCapability? {
        capabilities.withLock { $0[type] }
    }

    /// Every capability, sorted by type.
    package var all: [RegisteredCapability] {
        capabilities.withLock { $0.values.sorted { $0.type < $1.type } }
    }
}
