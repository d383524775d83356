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
///
/// People stay one person across login: events are anonymous (the device id, or a fresh
/// anonymous id after a logout) until the user id appears, then one `$identify` links the two.
/// ``optOut()`` stops recording and sending until ``optIn()``, across launches;
/// ``discardQueued()`` drops what waits.
public final class PostHogSink: AnalyticsSink {
    private let journal: EventJournal
    private let delivery: PostHogDelivery
    private let observer: BridgeObserver
    private let notificationCenter: NotificationCenter
    private let notificationTokens: Locked<[any NSObjectProtocol]>
    private let networkMonitor: (any PostHogNetworkMonitor)?
    /// The monitor's reports, handed to the delivery loop one at a time in the order they came.
    private let networkReports: AsyncStream<Bool>.Continuation
    private let context: PostHogContext
    private let directory: URL
    /// Who PostHog sees and whether the user opted out, as saved in the queue directory.
    private let state: Locked<PostHogSavedState>

    /// Opens the queue in the configuration's directory (delivering what an earlier run left)
    /// and starts delivering.
    ///
    /// Throws ``PostHogQueueError`` when the directory cannot be used, or another process has it open.
    public convenience init(
        configuration: PostHogConfiguration,
        clock: any BridgeClock = SystemBridgeClock(),
        logger: Logger = Logger(label: "TodayBridge.PostHog"),
        notificationCenter: NotificationCenter = .default
    ) throws {
        try self.init(
            configuration: configuration, clock: clock, logger: logger, notificationCenter: notificationCenter,
            networkMonitor: platformNetworkMonitor()
        )
    }

    /// Opens the queue as above, hearing of the network from `networkMonitor`.
    @_spi(Tools) public init(
        configuration: PostHogConfiguration,
        clock: any BridgeClock,
        logger: Logger,
        notificationCenter: NotificationCenter,
        networkMonitor: (any PostHogNetworkMonitor)?
    ) throws {
        let observer = BridgeObserver(logger: logger)
        let journal = try EventJournal(
            directory: configuration.queueDirectory,
            limits: EventJournal.Limits(
                capacity: configuration.maxQueuedEvents, maxRecordBytes: configuration.maxEventBytes),
            onDrop: { count in
                observer.report(
                    .analyticsDropped,
                    "the PostHog queue is full (\(configuration.maxQueuedEvents) events): dropped the oldest \(count)")
            },
            onWriteFailureEpisode: { episode in
                switch episode {
                case .began(let error):
                    observer.report(
                        .analyticsFailed,
                        "the PostHog queue cannot write (\(error)): events are not queued until it can; those already queued are still delivered"
                    )
                case .ended(let notQueued):
                    logger.notice("the PostHog queue writes again; \(notQueued) event(s) were not queued meanwhile")
                }
            }
        )
        do {
            try PostHogBackupExclusion.exclude(configuration.queueDirectory)
        } catch {
            observer.report(.analyticsFailed, "the PostHog queue could not be excluded from backups: \(error)")
        }
        let state = PostHogSavedState.load(
            from: configuration.queueDirectory, optedOutByDefault: configuration.optedOutByDefault)
        let context = PostHogContext.current(appVersion: configuration.appVersion)
        let delivery = PostHogDelivery(
            journal: journal,
            client: PostHogClient(
                url: configuration.batchURL, timeout: configuration.requestTimeout, userAgent: context.userAgent,
                clock: clock),
            configuration: configuration, clock: clock, observer: observer,
            sendAtOnce: journal.recoveredCount > 0, paused: state.isOptedOut
        )
        self.state = Locked(state)
        self.context = context
        self.directory = configuration.queueDirectory
        self.networkMonitor = networkMonitor
        self.journal = journal
        self.delivery = delivery
        self.observer = observer
        self.notificationCenter = notificationCenter
        self.notificationTokens = Locked(
            configuration.flushNotifications.map { name in
                notificationCenter.addObserver(forName: name, object: nil, queue: nil) { _ in
                    Task { await delivery.flush(wait: false) }
                }
            })
        Task { await delivery.start() }
        let (networkChanges, networkReports) = AsyncStream.makeStream(of: Bool.self)
        self.networkReports = networkReports
        Task { for await isSatisfied in networkChanges { await delivery.networkChanged(isSatisfied: isSatisfied) } }
        networkMonitor?.start { networkReports.yield($0) }
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
    ///
    /// While the user is opted out, events are dropped here, unrecorded.
    public func record(_ events: [AnalyticsEvent]) async throws {
        guard let items = items(for: events) else { return }
        let fitting = items.filter { $0.count <= journal.maxRecordBytes }
        guard !fitting.isEmpty else {
            throw PostHogQueueError.eventTooLarge(items.map(\.count).max() ?? 0, limit: journal.maxRecordBytes)
        }
        if fitting.count < items.count {
            observer.report(
                .analyticsFailed,
                "\(items.count - fitting.count) event(s) larger than \(journal.maxRecordBytes) bytes left out")
        }
        _ = try await journal.append(contentsOf: fitting)
        await delivery.eventQueued()
    }

    /// The batch items of `events`, each preceded by an `$identify` when its user id is new;
    /// `nil` while opted out.
    private func items(for events: [AnalyticsEvent]) -> [[UInt8]]? {
        let (items, changed): ([[UInt8]], PostHogSavedState?) = state.withLock { state in
            guard !state.isOptedOut else { return ([], nil) }
            let before = state
            var items: [[UInt8]] = []
            for event in events {
                if let identify = state.identity.observe(userID: event.userID, deviceID: event.deviceID) {
                    items.append(PostHogEvent.identify(identify, before: event, context: context))
                }
                let anonymousID = state.identity.anonymousID(device: event.deviceID)
                items.append(PostHogEvent.item(for: event, anonymousID: anonymousID, context: context))
            }
            return (items, state == before ? nil : state)
        }
        if let changed { save(changed) }
        return items.isEmpty ? nil : items
    }

    /// Forgets the user and starts a new anonymous id, as PostHog's SDKs' `reset()`: later events
    /// are a new anonymous person until a user id appears. A logout (the user id gone) does this by itself.
    public func reset() {
        save(
            state.withLock { state in
                state.identity.reset()
                return state
            })
    }

    /// Stops recording and sending, and remembers it across launches: events are dropped as they
    /// come, and those already queued wait (``discardQueued()`` drops them) until ``optIn()``.
    public func optOut() async {
        await setOptedOut(true)
    }

    /// Records and sends again after ``optOut()``, and remembers it across launches.
    public func optIn() async {
        await setOptedOut(false)
    }

    /// Whether the user opted out (``optOut()``), as saved in the queue directory.
    public var isOptedOut: Bool {
        state.withLock { $0.isOptedOut }
    }

    /// Drops every queued event, unsent (a logout, a request to delete the user's data). A
    /// request already in flight may still deliver its batch.
    public func discardQueued() async throws {
        let (queued, settled) = await journal.progress()
        try await journal.remove(through: settled + UInt64(queued))
        await delivery.queueDiscarded()
    }

    private func setOptedOut(_ optedOut: Bool) async {
        save(
            state.withLock { state in
                state.isOptedOut = optedOut
                return state
            })
        await delivery.setPaused(optedOut)
    }

    private func save(_ state: PostHogSavedState) {
        do {
            try state.save(to: directory)
        } catch {
            observer.report(.analyticsFailed, "the PostHog sink could not save its state (identity, opt-out): \(error)")
        }
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
        for token in notificationTokens.withLock({ tokens in
            defer { tokens = [] }
            return tokens
        }) {
            notificationCenter.removeObserver(token)
        }
        networkMonitor?.cancel()
        networkReports.finish()
        await delivery.close()
        await journal.close()
    }
}
