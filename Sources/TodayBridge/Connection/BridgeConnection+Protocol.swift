extension BridgeConnection {
    /// Answers the bridge's own messages: ``HelloMessage`` from any frame; ``SubscribeMessage``,
    /// ``NativeCallReply``, ``StreamAckMessage`` and ``StreamCancelMessage`` from the current main
    /// document only.
    func receiveProtocolMessage(
        _ body: JSONValue, type: String, sender: SenderFacts, trust: SenderTrust, document: DocumentID
    ) -> CallOutcome {
        if type == WireProtocol.helloType { return answerHello(body, trust: trust) }
        guard sender.isMainFrame else { return .denied }
        let decoder = JSONValueDecoder()
        switch type {
        case WireProtocol.subscribeType:
            guard let message = try? decoder.decode(SubscribeMessage.self, from: body) else { return .malformed }
            guard let backlog = state.withLock({ $0.subscribe(to: message.event, from: document) }) else {
                return .denied
            }
            return .resolved(.array(backlog))
        case WireProtocol.replyType:
            guard let message = try? decoder.decode(NativeCallReply.self, from: body), let id = UInt64(message.id)
            else { return .malformed }
            return finishNativeCall(id, with: NativeCallAnswer(message), from: document)
        case WireProtocol.streamAckType:
            guard let message = try? decoder.decode(StreamAckMessage.self, from: body) else { return .malformed }
            return acknowledgeStream(message, from: document)
        case WireProtocol.streamCancelType:
            guard let message = try? decoder.decode(StreamCancelMessage.self, from: body) else { return .malformed }
            return cancelStream(message, from: document)
        default:
            return .unknownType
        }
    }
}
