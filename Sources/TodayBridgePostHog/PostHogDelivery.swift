import Foundation
import TodayBridge

/// The loop that empties the journal into PostHog: full batches at once, partial ones after the
/// flush interval or on request, backoff after failures (ended early by a network that comes
/// back, after a network error), half the batch after a 413, drops after another 4xx; nothing
/// while paused (the user opted out).
actor PostHogDelivery {
    private let journal: EventJournal
    private let client: PostHogClient
    private let configuration: PostHogConfiguration
    private let clock: any BridgeClock
    private let observer: BridgeObserver

    private var loop: Task<Void, Never>?
    private var isClosed = false
    /// The sleep in progress; `wake()` ends it unless it is a backoff, `close()` ends any, and a
    /// network coming back ends a network error's backoff.
    private var currentSleep: (task: Task<Void, Never>, wakeable: Bool, endsWithNetwork: Bool)?
    /// Whether the network was usable at the last report; `nil` before one.
    private var networkSatisfied: Bool?
    /// Nothing is sent while paused.
    private var isPaused: Bool
    /// Events per request at most since PostHog answered 413 (halved each time); `nil` before.
    private var reducedBatchSize: Int?
    /// A wake that came while the loop was not asleep: the next wakeable sleep returns at once.
    private var wakePending = false
    /// Consecutive failed attempts.
    private var failures = 0
    /// When the oldest event not yet due was queued; the flush interval runs from here.
    private var firstQueuedAt: BridgeInstant?
    /// Events the loop last counted in the journal, plus those queued since: never fewer than
    /// are queued, so a full batch is never missed (at worst the loop counts once more).
    private var queuedEstimate = 0
    /// A flush was asked for without anyone waiting (the app went to the background).
    private var flushRequested = false
    private var flushWaiters: [UInt64: (target: UInt64, continuation: CheckedContinuation<Void, Never>)] = [:]
    private var nextWaiterID: UInt64 = 0
    /// Every sequence number up to this one has left the journal.
    private var settledThrough: UInt64 = 0

    /// `sendAtOnce` when an earlier run left events: they are due as soon as the loop starts.
    init(
        journal: EventJournal, client: PostHogClient, configuration: PostHogConfiguration, clock: any BridgeClock,
        observer: BridgeObserver,
        sendAtOnce: Bool, paused: Bool
    ) {
        self.isPaused = paused
        self.journal = journal
        self.client = client
        self.configuration = configuration
        self.clock = clock
        self.observer = observer
        self.flushRequested = sendAtOnce
    }

    /// Starts the loop.
    func start() {
        loop = Task { await run() }
    }

    /// Hears that an event was queued.
    func eventQueued() {
        queuedEstimate += 1
        if firstQueuedAt == nil {
            firstQueuedAt = clock.now()
            wake()
        } else if queuedEstimate >= configuration.batchSize {
            wake()
        }
    }

    /// Stops or resumes sending; a pause releases every flush waiter.
    func setPaused(_ paused: Bool) {
        isPaused = paused
        if paused {
            for id in Array(flushWaiters.keys) { resumeWaiter(id) }
        }
        wake()
    }

    /// Hears that the queue was emptied from outside the loop: it counts again.
    func queueDiscarded() {
        queuedEstimate = 0
        firstQueuedAt = nil
        wake()
    }

    /// Hears whether the network is usable: one coming back ends a network error's backoff.
    func networkChanged(isSatisfied: Bool) {
        defer { networkSatisfied = isSatisfied }
        guard isSatisfied, networkSatisfied == false, let currentSleep, currentSleep.endsWithNetwork else { return }
        currentSleep.task.cancel()
    }

    /// Sends everything queued now without waiting for a full batch; `wait` returns once those
    /// events are delivered or refused (or the calling task is cancelled).
    func flush(wait: Bool) async {
        guard wait else {
            flushRequested = true
            return wake()
        }
        let (queued, settled) = await journal.progress()
        let target = settled + UInt64(queued)  // sequence numbers are consecutive
        guard queued > 0, !isClosed, !isPaused else { return }
        let id = nextWaiterID
        nextWaiterID += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                flushWaiters[id] = (target, continuation)
                wake()
            }
        } onCancel: {
            Task { await self.resumeWaiter(id) }
        }
    }

    /// Stops the loop and releases every flush waiter. A request in flight is left to finish;
    /// its outcome is ignored (its events stay queued for the next run).
    func close() {
        isClosed = true
        loop?.cancel()
        currentSleep?.task.cancel()
        client.close()
        for id in Array(flushWaiters.keys) { resumeWaiter(id) }
    }

    // MARK: - The loop

    private func run() async {
        while !isClosed && !Task.isCancelled {
            wakePending = false
            queuedEstimate = 0
            let (queued, settled) = await journal.progress()
            queuedEstimate += queued
            settle(through: settled)
            guard queued > 0, !isPaused else {
                firstQueuedAt = nil
                flushRequested = false
                await sleep(until: nil, wakeable: true)
                continue
            }
            let firstQueuedAt = self.firstQueuedAt ?? clock.now()
            self.firstQueuedAt = firstQueuedAt
            let dueAt = firstQueuedAt.advanced(bySeconds: configuration.flushInterval)
            let urgent = flushRequested || !flushWaiters.isEmpty || queued >= batchSize
            guard urgent || clock.now() >= dueAt else {
                await sleep(until: dueAt, wakeable: true)
                continue
            }
            await sendOldestBatch()
        }
    }

    /// One attempt at the oldest batch; on failure, waits out the backoff before returning.
    private func sendOldestBatch() async {
        let batch: [(sequence: UInt64, payload: [UInt8])]
        do {
            batch = try await journal.oldest(maxCount: batchSize, maxBytes: configuration.maxBatchBytes)
        } catch {
            guard !isClosed else { return }
            observer.report(.analyticsFailed, "the PostHog queue could not be read: \(error)")
            return await backOff(retryAfter: nil)
        }
        guard let last = batch.last?.sequence else { return }
        let body = PostHogEvent.batchBody(
            apiKey: configuration.apiKey, sentAt: clock.wallTime(), items: batch.map(\.payload))
        let outcome = await client.send(body)
        guard !isClosed else { return }
        switch outcome {
        case .delivered:
            await removeBatch(through: last)
        case .rejected(let status):
            observer.report(
                .analyticsRejected,
                "PostHog refused a batch of \(batch.count) events with HTTP \(status); they were dropped")
            await removeBatch(through: last)
        case .tooLarge where batch.count > 1:
            // As PostHog's SDKs do: fewer events per request from now on, and again at once.
            reducedBatchSize = batch.count / 2
        case .tooLarge:
            observer.report(.analyticsRejected, "PostHog refused an event as too large (HTTP 413); it was dropped")
            await removeBatch(through: last)
        case .retry(let retryAfter, _):
            await backOff(retryAfter: retryAfter)
        case .unreachable:
            await backOff(retryAfter: nil, endsWithNetwork: true)
        }
    }

    /// Events per request: the configuration's, or fewer after a 413.
    private var batchSize: Int { min(configuration.batchSize, reducedBatchSize ?? .max) }

    private func removeBatch(through sequence: UInt64) async {
        do {
            // `firstQueuedAt` stays: what is left was queued no earlier, so it is due no later.
            try await journal.remove(through: sequence)
            failures = 0
        } catch {
            guard !isClosed else { return }
            observer.report(.analyticsFailed, "the PostHog queue could not record a delivery: \(error)")
            await backOff(retryAfter: nil)
        }
    }

    private func backOff(retryAfter: Double?, endsWithNetwork: Bool = false) async {
        failures += 1
        let delay = configuration.retry.delay(
            afterFailures: failures, random: Double.random(in: 0...1), retryAfter: retryAfter)
        await sleep(until: clock.now().advanced(bySeconds: delay), wakeable: false, endsWithNetwork: endsWithNetwork)
    }

    /// Sleeps until `deadline` (or until woken, when `nil`). A backoff (`wakeable: false`) ends
    /// early only on `close()`.
    private func sleep(until deadline: BridgeInstant?, wakeable: Bool, endsWithNetwork: Bool = false) async {
        guard !isClosed, !(wakeable && wakePending) else { return }
        let clock = self.clock
        let sleep = Task {
            if let deadline {
                try? await clock.sleep(until: deadline)
            } else {
                while !Task.isCancelled { try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
            }
        }
        currentSleep = (sleep, wakeable, endsWithNetwork)
        await sleep.value
        currentSleep = nil
    }

    private func wake() {
        wakePending = true
        if let currentSleep, currentSleep.wakeable { currentSleep.task.cancel() }
    }

    private func settle(through sequence: UInt64) {
        settledThrough = max(settledThrough, sequence)
        for (id, waiter) in flushWaiters where waiter.target <= settledThrough { resumeWaiter(id) }
    }

    private func resumeWaiter(_ id: UInt64) {
        flushWaiters.removeValue(forKey: id)?.continuation.resume()
    }
}
