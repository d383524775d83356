extension BridgeConnection {
    /// Answers `__today.hello` from any frame: what this sender may call, the app's name and
    /// version, and the older of the two sides' protocols (D1, D2).
    func answerHello(_ body: JSONValue, trust: SenderTrust) -> CallOutcome {
        guard let hello = HelloMessage(json: body) else { return .malformed }
        var offers: [String: CapabilityOffer] = [:]
        for capability in bridge.capabilities.all {
            offers[capability.type] = capability.access.offer(to: trust)
        }
        let reply = HelloReply(
            protocol: Self.agreedProtocol(page: hello.protocol),
            host: bridge.configuration.host,
            capabilities: offers
        )
        return .resolved(reply.jsonValue)
    }

    /// The older of the page's protocol and the host's; a page that names none, or one below 1,
    /// gets the host's.
    static func agreedProtocol(page: Int?) -> Int {
        guard let page, page >= 1 else { return WireProtocol.protocolVersion }
        return min(page, WireProtocol.protocolVersion)
    }
}
