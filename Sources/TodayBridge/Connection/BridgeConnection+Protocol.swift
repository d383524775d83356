extension BridgeConnection {
    /// The bridge's own message types, used by the web SDK for events and native calls.
    enum ProtocolMessage {
        /// `{ type, event }`: subscribe to a native event; resolves with its backlog (X3).
        static let subscribe = "__today.subscribe"
        /// `{ type, id, value | error | unhandled }`: the page's answer to a native call (X4).
        static let reply = "__today.reply"
    }

    /// Answers the bridge's own messages; only the current main document may send them.
    func receiveProtocolMessage(_ body: JSONValue, type: String, sender: SenderFacts) -> CallOutcome {
        guard sender.isMainFrame, sender.document == currentDocument else { return .denied }
        switch type {
        case ProtocolMessage.subscribe:
            guard let name = body["event"]?.stringValue else { return .malformed }
            let backlog = state.withLock { $0.events.subscribe(name) }
            return .resolved(.array(backlog))
        case ProtocolMessage.reply:
            guard let id = body["id"]?.stringValue.flatMap(UInt64.init) else { return .malformed }
            finishNativeCall(id, with: NativeCallAnswer(body))
            return .resolved(nil)
        default:
            return .unknownType
        }
    }
}
