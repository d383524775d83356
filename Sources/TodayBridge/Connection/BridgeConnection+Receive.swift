#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BridgeConnection {
    /// The one way in: answers one page message by calling `reply` exactly once (C5).
    ///
    /// Call it as the engine hands the message over. Before it returns, the core stamps the
    /// message with the current document (S4), reads it within the size and depth limits (X7),
    /// and applies the policy to `sender` (the engine's facts, never the message's, C8). The
    /// answer comes later, from any thread: hop to the engine's thread inside `reply` if the
    /// engine needs it. A message that cannot be read, an unknown type or a denied sender is
    /// answered `undefined` at once (C3, S1).
    ///
    /// ```swift
    /// connection.receive(.json(text), from: facts) { reply in
    ///     engineQueue.async { message.answer(reply) }
    /// }
    /// ```
    public func receive(
        _ message: PageMessage, from sender: SenderFacts, reply: @escaping @Sendable (BridgeReply) -> Void
    ) {
        let (document, known) = state.withLock { $0.arrival(from: sender.mainDocumentURL) }
        let page = known ?? reading(sender.mainDocumentURL)
        let trust = bridge.policy.evaluate(sender, on: page)
        let arrival = MessageArrival(
            bridge: bridge, webView: webViewID, document: document, sender: sender, trust: trust)
        let body: ParsedMessage?
        do {
            body = try message.decoded(within: bridge.configuration.limits.json)
        } catch {
            bridge.observer.report(.undecodableMessage, "message refused: \(error)")
            arrival.answer(.malformed, type: nil, requestBytes: { message.byteCount }, with: reply)
            return
        }
        let type = body?["type"]?.stringValue
        // Answers at once, with the message's size for the trace, measured only if someone listens.
        func settle(_ outcome: CallOutcome) {
            arrival.answer(outcome, type: type, requestBytes: { body?.jsonValue.jsonUTF8.count }, with: reply)
        }
        guard let body, let type, body.isObject else { return settle(.malformed) }
        if type.hasPrefix(WireProtocol.reservedPrefix) {
            return settle(
                receiveProtocolMessage(body.jsonValue, type: type, sender: sender, trust: trust, document: document))
        }
        guard let capability = bridge.capabilities.entry(named: type) else { return settle(.unknownType) }
        guard capability.access.admits(trust) else { return settle(.denied) }
        let context = CapabilityContext(sender: sender, document: document, trust: trust, connection: self)
        switch capability.execution {
        case .atOnce(let answer): settle(.resolved(answer(body, context)))
        case .task(let answerFirst, let run):
            // Answered at once when the capability can, while the sender's document is showing;
            // otherwise in a task, which admission refuses when the web view closed or the
            // document went away.
            if case .now(let result) = answerFirst(body, context), context.isCurrentDocument {
                return settle(.resolved(result))
            }
            start(capability, run, body.jsonValue, context: context, reply: PageReply(arrival: arrival, send: reply))
        case .stream(let run): settle(openStream(capability, run, body.jsonValue, context: context))
        }
    }

    /// The policy's reading of `url`, kept for the messages that follow.
    private func reading(_ url: URL?) -> PageFacts {
        let page = bridge.policy.page(at: url)
        state.withLock { $0.remember(page) }
        return page
    }

    /// Answers one message and returns the reply: ``receive(_:from:reply:)`` for tests and tools.
    @_spi(Adapters) public func reply(to message: PageMessage, from sender: SenderFacts) async -> BridgeReply {
        await withCheckedContinuation { continuation in
            receive(message, from: sender) { continuation.resume(returning: $0) }
        }
    }
}
