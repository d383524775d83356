/// `track`: queues an analytics event, validated, for the sink; always resolves `undefined` (T1).
///
/// It is answered at once, without a task, so a burst of calls is bounded by the analytics queue
/// (``BridgeLimits/maxQueuedEvents``), not by the in-flight limit.
struct TrackCapability: BridgeCapability {
    static let type = "track"
    static let access = CapabilityAccess.anyFrame
    static let summary: String? = "an analytics event"

    let tracker: EventTracker

    func handle(_ request: TrackRequest, context: CapabilityContext) async throws -> NoResult {
        tracker.accept(request, context: context)
        return NoResult()
    }

    /// The registration: answered at once (``RegisteredCapability/Execution/immediate(_:)``).
    var registered: RegisteredCapability {
        RegisteredCapability(immediate: Self.self) { [tracker] request, context in tracker.accept(request, context: context) }
    }
}

/// The fields of a `track` message, read leniently: whatever the page sends, `track` resolves.
struct TrackRequest: Decodable, Sendable, BridgeShaped, JSONValueReadable {
    /// The event name, if the page sent a string.
    let ename: String?
    /// The page's scalar parameters; other values are dropped (T1).
    let parameters: [String: JSONValue]

    init(json message: JSONValue) {
        ename = message["ename"]?.stringValue
        let raw = message["parameters"]?.objectValue ?? [:]
        parameters = raw.allSatisfy { $0.value.isScalar } ? raw : raw.filter { $0.value.isScalar }
    }

    init(from decoder: any Decoder) throws {
        self.init(json: (try? JSONValue(from: decoder)) ?? .null)
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
