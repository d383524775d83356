import Foundation

/// Where and how the PostHog sink delivers events.
///
/// ```swift
/// let configuration = PostHogConfiguration(
///     apiKey: "phc_…",
///     host: URL(string: "https://eu.i.posthog.com")!,
///     queueDirectory: PostHogConfiguration.defaultQueueDirectory
/// )
/// ```
public struct PostHogConfiguration: Sendable {
    /// The project API key (`phc_…`), a write-only key sent as `api_key`.
    public var apiKey: String
    /// The ingestion host: `https://us.i.posthog.com`, `https://eu.i.posthog.com`, or your own.
    /// Events go to its `/batch/` path.
    public var host: URL
    /// The directory of the on-disk queue; one sink per directory at a time.
    public var queueDirectory: URL
    /// Events per request at most.
    public var batchSize: Int
    /// Bytes of events per request at most (a larger single event still goes alone).
    public var maxBatchBytes: Int
    /// An event is sent at the latest this many seconds after it was queued, even in a partial batch.
    public var flushInterval: Double
    /// Events kept on disk at most. When full, the oldest events are dropped to make room for
    /// new ones, with a diagnostic: recent behaviour is worth more than old, and the page never waits.
    public var maxQueuedEvents: Int
    /// The largest event accepted, as sent (bytes of JSON).
    public var maxEventBytes: Int
    /// Seconds a request may take before it counts as a network failure; at least 1 (Linux's
    /// URLSession counts whole seconds).
    public var requestTimeout: Double
    /// Backoff between failed attempts.
    public var retry: PostHogRetryPolicy
    /// The user starts opted out (``PostHogSink/optOut()``) until ``PostHogSink/optIn()``, for
    /// apps that ask for consent first; once either is called, the saved choice wins.
    public var optedOutByDefault: Bool
    /// `$app_version`; by default the app bundle's `CFBundleShortVersionString`.
    public var appVersion: String?
    /// Notifications that start a flush (the app moving to the background). By default the
    /// UIKit background notification on iOS, tvOS and visionOS, and none elsewhere.
    public var flushNotifications: [Notification.Name]

    /// Creates a configuration; only the key, host and queue directory have no default.
    public init(
        apiKey: String,
        host: URL,
        queueDirectory: URL,
        batchSize: Int = 50,
        maxBatchBytes: Int = 1 << 20,
        flushInterval: Double = 10,
        maxQueuedEvents: Int = 10_000,
        maxEventBytes: Int = 64 << 10,
        requestTimeout: Double = 30,
        retry: PostHogRetryPolicy = PostHogRetryPolicy(),
        flushNotifications: [Notification.Name] = PostHogConfiguration.backgroundNotifications,
        optedOutByDefault: Bool = false,
        appVersion: String? = nil
    ) {
        self.optedOutByDefault = optedOutByDefault
        self.appVersion = appVersion
        self.apiKey = apiKey
        self.host = host
        self.queueDirectory = queueDirectory
        self.batchSize = max(1, batchSize)
        self.maxBatchBytes = max(1, maxBatchBytes)
        self.flushInterval = max(0, flushInterval)
        self.maxQueuedEvents = max(1, maxQueuedEvents)
        self.maxEventBytes = max(1, maxEventBytes)
        self.requestTimeout = max(1, requestTimeout)
        self.retry = retry
        self.flushNotifications = flushNotifications
    }

    /// `Application Support/TodayBridge/PostHog` in the user domain: kept across launches and
    /// never purged by the system, unlike caches (the sink excludes it from device backups).
    public static var defaultQueueDirectory: URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appendingPathComponent("TodayBridge/PostHog", isDirectory: true)
    }

    /// The notifications an app posts when it moves to the background, on this platform.
    public static var backgroundNotifications: [Notification.Name] {
        #if os(iOS) || os(tvOS) || os(visionOS)
        // `UIApplication.didEnterBackgroundNotification`, by name so the sink needs no UIKit.
        [Notification.Name("UIApplicationDidEnterBackgroundNotification")]
        #else
        []
        #endif
    }

    /// The batch endpoint.
    var batchURL: URL { host.appendingPathComponent("batch/") }
}
