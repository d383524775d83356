/// `{ type: '__today.hello', protocol }`: the page asks what its host offers the sending frame,
/// saying the newest protocol it speaks (D1, D2).
@_spi(Adapters) public struct HelloMessage: Codable, Sendable {
    @_spi(Adapters) public enum MessageType: String, Codable, Sendable, CaseIterable { case hello = "__today.hello" }
    @_spi(Adapters) public var type: MessageType
    /// The newest protocol the page speaks.
    @_spi(Adapters) public var `protocol`: Int?
}

/// What the host offers the frame that asked (D1), in the protocol both sides speak (D2).
@_spi(Adapters) public struct HelloReply: Codable, Sendable {
    /// The older of the page's protocol and the host's.
    @_spi(Adapters) public var `protocol`: Int
    /// The app's name and version (``BridgeConfiguration/host``).
    @_spi(Adapters) public var host: HostIdentity
    /// Every capability the frame may call, by type: served to it now, or to this frame only on a
    /// trusted surface. A capability the frame can never call is left out.
    @_spi(Adapters) public var capabilities: [String: CapabilityOffer]
}

/// Whether an offered capability serves the frame that asked (D1).
@_spi(Adapters) public enum CapabilityOffer: String, Codable, Sendable, CaseIterable {
    /// A call is served.
    case allowed
    /// A call resolves `undefined`: the page is not a trusted surface over HTTPS (S3).
    case denied
}

extension HelloMessage {
    /// Reads the message without a `Decoder`, as its `Decodable` conformance reads it: `protocol`
    /// absent, `null` or an integer; `nil` for anything else.
    @_spi(Adapters) public init?(json message: JSONValue) {
        guard message["type"]?.stringValue == MessageType.hello.rawValue else { return nil }
        switch message["protocol"] {
        case nil, .null?:
            self.init(type: .hello, protocol: nil)
        case .number(let number)?:
            guard let version = Int(exactly: number) else { return nil }
            self.init(type: .hello, protocol: version)
        default:
            return nil
        }
    }
}

extension HelloReply: JSONValueWritable {
    /// The reply as its `Encodable` conformance writes it through ``JSONValueEncoder``, without the
    /// encoder: every page asks once per document, and some hosts ask per call.
    @_spi(Adapters) public var jsonValue: JSONValue {
        .object([
            "protocol": .number(Double(`protocol`)),
            "host": .object(["name": .string(host.name), "version": .string(host.version)]),
            "capabilities": .object(capabilities.mapValues { .string($0.rawValue) }),
        ])
    }
}
