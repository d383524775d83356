/// `{ type: '__today.hello', protocol }`: the page asks what its host offers the sending frame,
/// saying the newest protocol it speaks (D1, D2).
package struct HelloMessage: Codable, Sendable {
    package enum MessageType: String, Codable, Sendable, CaseIterable { case hello = "__today.hello" }
    package var type: MessageType
    /// The newest protocol the page speaks.
    package var `protocol`: Int?
}

/// What the host offers the frame that asked (D1), in the protocol both sides speak (D2).
package struct HelloReply: Codable, Sendable {
    /// The older of the page's protocol and the host's.
    package var `protocol`: Int
    /// The app's name and version (``BridgeConfiguration/host``).
    package var host: HostIdentity
    /// Every capability the frame may call, by type: served to it now, or to this frame only on a
    /// trusted surface. A capability the frame can never call is left out.
    package var capabilities: [String: CapabilityOffer]
}

/// Whether an offered capability serves the frame that asked (D1).
package enum CapabilityOffer: String, Codable, Sendable, CaseIterable {
    /// A call is served.
    case allowed
    /// A call resolves `undefined`: the page is not a trusted surface over HTTPS (S3).
    case denied
}
