/// One web view's link to the bridge: it answers each message exactly once (C5).
///
/// An adapter creates it with ``TodayBridge/connect(cookieStore:runScript:)``, hands it every
/// message with the engine's ``SenderFacts``, turns each ``BridgeReply`` into the engine's reply,
/// and reports navigations (``documentDidChange()``) and the web view going away (``close()``).
///
/// Every call settles exactly once: with the capability's result, its failure, its deadline
/// (``BridgeLimits/defaultDeadline`` or the capability's own), or, when its document goes away,
/// as cancelled. A handler that answers after that is dropped and reported.
public final class BridgeConnection: Sendable {
    package let bridge: TodayBridge
    package let cookieStore: any BridgeCookieStore
    package let runScript: @Sendable (String) async throws -> Void
    package let state: Locked<ConnectionState>

    init(bridge: TodayBridge, cookieStore: any BridgeCookieStore, runScript: @escaping @Sendable (String) async throws -> Void) {
        self.bridge = bridge
        self.cookieStore = cookieStore
        self.runScript = runScript
        self.state = Locked(ConnectionState(eventCapacity: bridge.configuration.limits.maxBufferedEvents))
    }

    /// The platform announced to pages.
    public var platform: Platform { bridge.configuration.platform }

    /// The script to run at document start in the main frame only: the platform tag (C7).
    public var documentStartScript: String { PageScript.platformTag(platform) }

    /// The main document currently shown; stamp it on ``SenderFacts`` of each message.
    public var currentDocument: DocumentID {
        state.withLock { $0.document }
    }

    /// Answers one message. Never throws, never hangs past the capability's deadline.
    ///
    /// - Parameters:
    ///   - body: The message, `nil` for `undefined`.
    ///   - sender: The engine's facts about the sender (C8).
    public func receive(_ body: JSONValue?, from sender: SenderFacts) async -> BridgeReply {
        let started = bridge.clock.now()
        let trust = bridge.policy.evaluate(sender)
        let type = body?["type"]?.stringValue
        let outcome = await dispatch(body, type: type, sender: sender, trust: trust)
        bridge.observer.trace(outcome, type: type, sender: sender, trust: trust, duration: bridge.clock.now().seconds(since: started))
        return outcome.reply
    }

    /// Answers one message given as JSON text, enforcing the size and depth limits (X7).
    public func receive(json: String, from sender: SenderFacts) async -> BridgeReply {
        do {
            let body = try JSONValue(parsing: json, limits: bridge.configuration.limits.json)
            return await receive(body, from: sender)
        } catch {
            return refuseUndecodable(error, from: sender)
        }
    }

    /// Answers a message the adapter could not decode (over a limit, or not JSON): `undefined` (C3, X7).
    public func refuseUndecodable(_ error: any Error, from sender: SenderFacts) -> BridgeReply {
        bridge.observer.report(.undecodableMessage, "message refused: \(error)")
        bridge.observer.trace(.malformed, type: nil, sender: sender, trust: bridge.policy.evaluate(sender), duration: 0)
        return .undefined
    }

    private func dispatch(_ body: JSONValue?, type: String?, sender: SenderFacts, trust: SenderTrust) async -> CallOutcome {
        guard let body, let type, body.objectValue != nil else { return .malformed }
        if type.hasPrefix(CapabilityRegistry.reservedPrefix) {
            return receiveProtocolMessage(body, type: type, sender: sender)
        }
        guard let capability = bridge.registry.capability(for: type) else { return .unknownType }
        guard capability.access.admits(trust) else { return .denied }
        let context = CapabilityContext(sender: sender, trust: trust, connection: self)
        return await run(capability, body, context: context)
    }
}
