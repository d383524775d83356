/// What a capability knows about the call it is answering, all of it from the engine (C8).
public struct CapabilityContext: Sendable {
    /// The engine's facts about the sender.
    public let sender: SenderFacts
    /// The main document that was current when the message arrived.
    public let document: DocumentID
    /// The trusted surface of the main document, if it is on one.
    public var surface: TrustedSurface? { trust.surface }
    /// Whether the sender may receive credentials (main frame, HTTPS, trusted surface).
    public var mayReceiveCredentials: Bool { trust.mayReceiveCredentials }
    /// The host platform.
    public var platform: Platform { connection.platform }

    package let trust: SenderTrust
    package let connection: BridgeConnection

    package init(sender: SenderFacts, document: DocumentID, trust: SenderTrust, connection: BridgeConnection) {
        self.sender = sender
        self.document = document
        self.trust = trust
        self.connection = connection
    }

    /// Whether the sender's document is still the one shown: not once the main frame navigated,
    /// its web process died or the web view closed. Check it before a side effect meant for it (S4).
    public var isCurrentDocument: Bool {
        connection.isShowing(document)
    }
}
