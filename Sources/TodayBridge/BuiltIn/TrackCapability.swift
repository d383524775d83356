/// `track`: forwards an analytics event, enriched and validated; always resolves `undefined` (T1).
struct TrackCapability: BridgeCapability, SettlesWithoutRejecting {
    static let type = "track"
    static let access = CapabilityAccess.anyFrame
    static let summary: String? = "an analytics event"

    let tracker: EventTracker

    func handle(_ request: TrackRequest, context: CapabilityContext) async throws -> NoResult {
        await tracker.track(request, context: context)
        return NoResult()
    }

    /// A fire-and-forget call never fails the page.
    static func failureReply(for error: BridgeError) -> BridgeReply { .undefined }
}

/// The fields of a `track` message, read leniently: whatever the page sends, `track` resolves.
struct TrackRequest: Decodable, Sendable, BridgeShaped {
    /// The event name, if the page sent a string.
    let ename: String?
    /// The page's scalar parameters; other values are dropped (T1).
    let parameters: [String: JSONValue]

    private enum CodingKeys: String, CodingKey { case ename, parameters }

    init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        ename = (try? container?.decodeIfPresent(String.self, forKey: .ename)) ?? nil
        let raw = (try? container?.decodeIfPresent([String: JSONValue].self, forKey: .parameters)) ?? nil
        parameters = raw?.filter { $0.value.isScalar } ?? [:]
    }

    init(ename: String?, parameters: [String: JSONValue]) {
        self.ename = ename
        self.parameters = parameters
    }

    static let bridgeShape = TypeShape.object([
        .init(name: "ename", shape: .string),
        .init(name: "parameters", shape: .record(.oneOf([.string, .number, .boolean])), isOptional: true),
    ])
    static let bridgePlaceholder = TrackRequest(ename: nil, parameters: [:])
}
