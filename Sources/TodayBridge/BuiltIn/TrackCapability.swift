/// `track`: queues an analytics event, validated, for the sink; always resolves `undefined` (T1).
///
/// It is answered at once, without a task, so a burst of calls is bounded by the analytics queue
/// (``BridgeLimits/maxQueuedEvents``), not by the in-flight limit.
enum TrackCapability {
    static let type = "track"

    /// What the page sees of it.
    static let definition = CapabilityDefinition(
        type: type, access: .anyFrame, deadline: nil, summary: "an analytics event",
        request: TrackRequest.self, result: NoResult.self
    )

    /// The registration: answered at once (``RegisteredCapability/Execution/atOnce(_:)``).
    static func registered(tracker: AnalyticsTracker) -> RegisteredCapability {
        RegisteredCapability(atOnce: definition) { (request: TrackRequest, context) in
            tracker.accept(request, context: context)
        }
    }
}

/// The fields of a `track` message, read leniently: whatever the page sends, `track` resolves.
struct TrackRequest: Decodable, Sendable, BridgeShaped, MessageReadable {
    /// The event name, if the page sent a string.
    let ename: String?
    /// The page's scalar parameters; other values are dropped (T1).
    let parameters: [String: JSONValue]

    init(message: ParsedMessage) {
        ename = message["ename"]?.stringValue
        let raw = message["parameters"]?.objectValue ?? [:]
        parameters = raw.allSatisfy { $0.value.isScalar } ? raw : raw.filter { $0.value.isScalar }
    }

    init(from decoder: any Decoder) throws {
        self.init(message: .value((try? JSONValue(from: decoder)) ?? .null))
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
