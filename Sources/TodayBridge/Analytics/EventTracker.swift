import Foundation

/// Validates, enriches and forwards `track` events to the analytics sink (T1).
package struct EventTracker: Sendable {
    let validator: EventValidator
    let identity: AnalyticsIdentity
    let platform: Platform
    let sink: any AnalyticsSink
    let observer: BridgeObserver

    package init(validation: TrackValidation, identity: AnalyticsIdentity, platform: Platform, sink: any AnalyticsSink, observer: BridgeObserver) {
        self.validator = EventValidator(rules: validation)
        self.identity = identity
        self.platform = platform
        self.sink = sink
        self.observer = observer
    }

    /// Forwards one event, or drops it with a diagnostic. Never throws: `track` never fails the page.
    func track(_ request: TrackRequest, context: CapabilityContext) async {
        guard let name = request.ename else {
            observer.report(.eventRejected, "event dropped: no string ename", type: TrackCapability.type)
            return
        }
        let validated: EventValidator.Outcome
        switch validator.validate(name: name, parameters: request.parameters) {
        case .failure(let failure):
            observer.report(.eventRejected, "event dropped: \(failure.reason)", type: TrackCapability.type)
            return
        case .success(let outcome):
            validated = outcome
        }
        if !validated.problems.isEmpty {
            observer.report(.eventRejected, "event \(validated.name): " + validated.problems.joined(separator: "; "), type: TrackCapability.type)
        }
        let event = await enrich(validated, context: context)
        do {
            try await sink.record(event)
        } catch {
            observer.report(.analyticsFailed, "the analytics sink refused an event: \(type(of: error))", type: TrackCapability.type)
        }
    }

    /// Adds the base fields; they win over page parameters of the same name.
    private func enrich(_ event: EventValidator.Outcome, context: CapabilityContext) async -> AnalyticsEvent {
        let id = UUID().uuidString.lowercased()
        let now = Date()
        let userID = await identity.userID()
        var properties = event.parameters
        properties["eid"] = .string(id)
        properties["sid"] = .string(identity.sessionID)
        properties["ts"] = .number((now.timeIntervalSince1970 * 1000).rounded())
        properties["tz"] = .string(identity.timeZone())
        properties["uid"] = userID.map(JSONValue.string)
        properties["did"] = .string(identity.deviceID)
        properties["client_plat"] = .string(platform.rawValue)
        properties["ctx"] = Self.origin(of: context)
        return AnalyticsEvent(
            name: event.name, id: id, timestamp: now, userID: userID,
            deviceID: identity.deviceID, properties: properties
        )
    }

    /// `ctx`: the surface and the page the event came from, without query or fragment.
    private static func origin(of context: CapabilityContext) -> JSONValue {
        let sender = context.sender
        let frameURL = sender.isMainFrame ? sender.mainDocumentURL : sender.frameURL
        let page = frameURL.flatMap(PageLocation.init(url:))?.redacted ?? sender.frameOrigin?.description
        return [
            "surface": context.surface.map { .string($0.name) } ?? .null,
            "page": page.map(JSONValue.string) ?? .null,
            "frame": sender.isMainFrame ? "main" : "sub",
        ]
    }
}
