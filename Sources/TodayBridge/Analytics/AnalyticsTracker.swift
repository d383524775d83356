#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Validates `track` events as they arrive, queues them, and hands them to the analytics sink
/// enriched, in batches (T1).
///
/// Accepting is synchronous: the page's `track` resolves as soon as its event is validated and
/// queued. The queue's drain adds the base fields (awaiting the user id once per batch) and
/// records the batch.
package struct AnalyticsTracker: Sendable {
    /// An accepted event: validated, with what the host knew when it arrived.
    struct Accepted: Sendable {
        var name: String
        var parameters: [String: JSONValue]
        /// Where it came from, written as `ctx` when the batch is enriched (off the page's path).
        var origin: Origin
        /// Epoch milliseconds when it arrived (`ts`).
        var milliseconds: Double
    }

    let validator: AnalyticsEventValidator
    let observer: BridgeObserver
    /// Its wall clock stamps each event as it arrives.
    let clock: any BridgeClock
    let queue: AnalyticsQueue<Accepted>

    package init(
        validation: TrackValidation,
        identity: AnalyticsIdentity,
        platform: Platform,
        sink: any AnalyticsSink,
        capacity: Int,
        observer: BridgeObserver,
        clock: any BridgeClock
    ) {
        validator = AnalyticsEventValidator(rules: validation)
        self.observer = observer
        self.clock = clock
        let enricher = AnalyticsEnricher(identity: identity, platform: platform)
        /// A run of refused batches is reported at its first (a full disk refuses every one).
        let refusing = Locked(false)
        queue = AnalyticsQueue(capacity: capacity, observer: observer) { batch in
            let events = await enricher.events(for: batch)
            do {
                try await sink.record(events)
                refusing.withLock { $0 = false }
            } catch {
                let alreadyRefusing = refusing.withLock { refusing in
                    defer { refusing = true }
                    return refusing
                }
                guard !alreadyRefusing else { return }
                observer.report(
                    .analyticsFailed,
                    "the analytics sink refused \(events.count) event(s): \(type(of: error)); the batches it refuses until it accepts one again are dropped unreported",
                    type: TrackCapability.type
                )
            }
        }
    }

    /// Queues one event, or drops it with a diagnostic. Never fails: `track` never fails the page.
    func accept(_ request: TrackRequest, context: CapabilityContext) {
        guard let name = request.ename else {
            observer.report(.eventRejected, "event dropped: no string ename", type: TrackCapability.type)
            return
        }
        let validated: AnalyticsEventValidator.Outcome
        switch validator.validate(name: name, parameters: request.parameters) {
        case .failure(let failure):
            observer.report(.eventRejected, "event dropped: \(failure.reason)", type: TrackCapability.type)
            return
        case .success(let outcome):
            validated = outcome
        }
        if !validated.problems.isEmpty {
            observer.report(
                .eventRejected, "event \(validated.name): " + validated.problems.joined(separator: "; "),
                type: TrackCapability.type)
        }
        queue.enqueue(
            Accepted(
                name: validated.name,
                parameters: validated.parameters,
                origin: Self.origin(of: context),
                milliseconds: (clock.wallTime().timeIntervalSince1970 * 1000).rounded()
            ))
    }

    /// Where the event came from: the surface and the page, without query or fragment.
    private static func origin(of context: CapabilityContext) -> Accepted.Origin {
        let sender = context.sender
        let location = sender.isMainFrame ? context.trust.page : sender.frameURL.flatMap(PageLocation.init(url:))
        return Accepted.Origin(
            surface: context.surface?.name, page: location?.redacted ?? sender.frameOrigin?.description,
            isMainFrame: sender.isMainFrame
        )
    }
}

extension AnalyticsTracker.Accepted {
    /// The surface and page an event came from.
    struct Origin: Sendable {
        var surface: String?
        var page: String?
        var isMainFrame: Bool

        /// `ctx`, as the event carries it.
        var jsonValue: JSONValue {
            [
                "surface": surface.map(JSONValue.string) ?? .null,
                "page": page.map(JSONValue.string) ?? .null,
                "frame": isMainFrame ? "main" : "sub",
            ]
        }
    }
}
