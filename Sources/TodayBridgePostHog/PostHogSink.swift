import Foundation
import Logging
import TodayBridge

/// The production analytics sink: the bridge's `track` events are written to an on-disk queue in
/// batches (one write and one `fsync` each), then delivered to PostHog's batch capture API (T1).
///
/// Events survive the app being killed and the device being offline (up to
/// ``PostHogConfiguration/maxQueuedEvents`` wait on disk; past that the oldest is dropped with a
/// diagnostic); they are sent in batches, retried with exponential backoff and jitter after network errors, 5xx, 408 and 429 (honouring
/// `Retry-After`), and dropped with a diagnostic after any other 4xx. Each event's `uuid` is its
/// bridge event id, so the copies a retry may send are de-duplicated by PostHog.
///
/// ```swift
/// let analytics = try PostHogSink(configuration: PostHogConfiguration(
///     apiKey: "phc_…",
///     host: URL(string: "https://us.i.posthog.com")!,
///     queueDirectory: PostHogConfiguration.defaultQueueDirectory
/// ))
/// let bridge = TodayBridge(configuration: configuration, tokens: tokens, analytics: analytics, identity: identity)
/// ```
///
/// On iOS the sink flushes when the app enters the background; call ``flush()`` inside a
/// background task to give it time to finish.
public final class PostHogSink: AnalyticsSink {
    private let journal: EventJournal
    private let delivery: PostHogDelivery
    private let observer: BridgeObserver
    private let notificationCenter: NotificationCenter
    private let notificationTokens: Locked<[any NSObjectProtocol]>

    /// Opens the queue in the configuration's directory (delivering what an earlier run left)
    /// and starts delivering.
    ///
    /// Throws ``PostHogQueueError`` when the directory cannot be used, or another process has it open.
    public init(
        configuration: PostHogConfiguration,
        clock: any BridgeClock = SystemBridgeClock(),
        logger: Logger = Logger(label: "TodayBridge.PostHog"),
        notificationCenter: NotificationCenter = .default
    ) throws {
        let observer = BridgeObserver(logger: logger)
        let journal = try EventJournal(
            directory: configuration.queueDirectory,
            limits: EventJournal.Limits(capacity: configuration.maxQueuedEvents, maxRecordBytes: configuration.maxEventBytes),
            onDrop: { count in
                observer.report(.analyticsDropped, "the PostHog queue is full (\(configuration.maxQueuedEvents) events): dropped the oldest \(count)")
            },
            onWriteFailureEpisode: { episode in
                switch episode {
                case .began(let error):
                    observer.report(.analyticsFailed, "the PostHog queue cannot write (\(error)): events are not queued until it can; those already queued are still delivered")
                case .ended(let notQueued):
                    logger.notice("the PostHog queue writes again; \(notQueued) event(s) were not queued meanwhile")
                }
            }
        )
        let delivery = PostHogDelivery(
            journal: journal,
            client: PostHogClient(url: configuration.batchURL, timeout: configuration.requestTimeout, clock: clock),
            configuration: configuration, clock: clock, observer: observer,
            sendAtOnce: journal.recoveredCount > 0
        )
        self.journal = journal
        self.delivery = delivery
        self.observer = observer
        self.notificationCenter = notificationCenter
        self.notificationTokens = Locked(configuration.flushNotifications.map { name in
            notificationCenter.addObserver(forName: name, object: nil, queue: nil) { _ in
                Task { await delivery.flush(wait: false) }
            }
        })
        Task { await delivery.start() }
    }

    /// Queues `event` on disk; returns once it is there. Delivery happens later.
    public func record(_ event: AnalyticsEvent) async throws {
        try await record([event])
    }

    /// Queues `events` on disk with one write and one `fsync`; returns once they are there.
    /// An event larger than ``PostHogConfiguration/maxEventBytes`` is left out and reported.
    ///
    /// Throws ``PostHogQueueError`` (code `system`) when the write or `fsync` fails, as on a full
    /// disk: the events are not queued. One diagnostic on ``diagnostics()`` reports the whole run
    /// of failures, which ends once the queue was emptied and a write works again.
    public func record(_ events: [AnalyticsEvent]) async throws {
        let items = events.map(PostHogEvent.item(for:))
        let fitting = items.filter { $0.count <= journal.maxRecordBytes }
        guard !fitting.isEmpty else { throw PostHogQueueError.eventTooLarge(items.map(\.count).max() ?? 0, limit: journal.maxRecordBytes) }
        if fitting.count < items.count {
            observer.report(.analyticsFailed, "\(items.count - fitting.count) event(s) larger than \(journal.maxRecordBytes) bytes left out")
        }
        _ = try await journal.append(contentsOf: fitting)
        await delivery.eventQueued()
    }

    /// Sends every queued event now, without waiting for a full batch or the flush interval, and
    /// returns once they are delivered or refused, retrying in between as the policy says.
    /// Cancelling the calling task stops the wait, not the delivery.
    public func flush() async {
        await delivery.flush(wait: true)
    }

    /// How many events are on disk, not yet delivered.
    public func pendingCount() async -> Int {
        await journal.progress().queued
    }

    /// Dropped and refused events, and queue failures (`analyticsDropped`,
    /// `analyticsRejected`, `analyticsFailed`; see `BridgeDiagnostic`).
    public func diagnostics() -> AsyncStream<BridgeDiagnostic> {
        observer.diagnostics.subscribe()
    }

    /// Stops delivering and closes the queue; queued events stay on disk for the next run.
    public func close() async {
        for token in notificationTokens.withLock({ tokens in defer { tokens = [] }; return tokens }) {
            notificationCenter.removeObserver(token)
        }
        await delivery.close()
        await journal.close()
    }
}
