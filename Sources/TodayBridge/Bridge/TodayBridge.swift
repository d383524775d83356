import Logging

/// The bridge: configuration, the app's services and capabilities, shared by every web view.
///
/// Create one per app, register custom capabilities, then let an adapter connect each web view
/// (`TodayBridgeWebKit`, `TodayBridgeGTK`, or a string transport for Android-style hosts).
///
/// ```swift
/// let bridge = TodayBridge(
///     configuration: BridgeConfiguration(
///         platform: .ios,
///         surfaces: [try TrustedSurface(name: "feed", origins: ["https://feed.example.com"])]
///     ),
///     tokens: session,                 // your TokenProvider
///     analytics: postHog,              // your AnalyticsSink
///     identity: AnalyticsIdentity(deviceID: deviceID, userID: { await session.userID })
/// )
/// try bridge.register("greet", access: .anyFrame) { (request: Greeting, _) in
///     Greeting(text: "Hello, \(request.text)")
/// }
/// ```
public final class TodayBridge: Sendable {
    /// The configuration the bridge was created with.
    public let configuration: BridgeConfiguration
    /// The single-flight token refresher; the app's own API client should refresh through it (T3).
    public let tokens: TokenRefresher

    package let policy: TrustPolicy
    /// The capabilities the bridge answers, by message `type` (X1).
    package let capabilities: NamedRegistry<RegisteredCapability>
    /// The events declared for the page's types, the built-in ones among them (X3, X6).
    package let events = NamedRegistry(
        kind: "event name", reservedPrefixes: [WireProtocol.reservedPrefix, WireProtocol.hostPrefix],
        builtIn: BuiltInNativeEvents.definitions.map { ($0.name, $0) }
    )
    /// The native calls declared for the page's types (X4, X6).
    package let nativeCalls = NamedRegistry<NativeCallDefinition>(
        kind: "native call name", reservedPrefixes: [WireProtocol.reservedPrefix, WireProtocol.hostPrefix]
    )
    package let clock: any BridgeClock
    package let observer: BridgeObserver
    private let analyticsQueue: AnalyticsQueue<AnalyticsTracker.Accepted>
    private let connections = Locked<UInt64>(0)

    /// Creates a bridge with its configuration and the app's services.
    ///
    /// - Parameters:
    ///   - configuration: The platform, the channel's name, the trusted surfaces and the limits.
    ///   - tokens: The app's token service; refreshes go through ``tokens`` so they coalesce (T3).
    ///   - analytics: Where `track` events go, in batches (T1).
    ///   - identity: The device, session and user ids added to every event.
    ///   - clock: The time source for deadlines (monotonic) and event timestamps (wall clock);
    ///     tests pass a manual clock.
    ///   - logger: Where diagnostics are also logged. Credentials are never logged.
    public init(
        configuration: BridgeConfiguration,
        tokens: any TokenProvider,
        analytics: any AnalyticsSink,
        identity: AnalyticsIdentity,
        clock: any BridgeClock = SystemBridgeClock(),
        logger: Logger = Logger(label: "TodayBridge")
    ) {
        self.configuration = configuration
        self.tokens = TokenRefresher(provider: tokens)
        self.policy = TrustPolicy(surfaces: configuration.surfaces)
        self.clock = clock
        self.observer = BridgeObserver(logger: logger)
        let tracker = AnalyticsTracker(
            validation: configuration.trackValidation,
            identity: identity,
            platform: configuration.platform,
            sink: analytics,
            capacity: configuration.limits.maxQueuedEvents,
            observer: observer,
            clock: clock
        )
        analyticsQueue = tracker.queue
        capabilities = NamedRegistry(
            kind: "capability type", reservedPrefixes: [WireProtocol.reservedPrefix],
            builtIn: BuiltInCapabilities.all(tracker: tracker, tokens: self.tokens, observer: observer).map {
                ($0.type, $0)
            }
        )
    }

    /// Registers a capability in type form (X1).
    public func register<Capability: BridgeCapability>(_ capability: Capability) throws(BridgeConfigurationError) {
        let registered = RegisteredCapability(capability)
        try capabilities.add(registered, named: registered.type)
    }

    /// Registers a capability in closure form (X1).
    ///
    /// ```swift
    /// try bridge.register("purchase", access: .trustedSurface, deadline: 600) { (request: PurchaseRequest, context) in
    ///     try await store.purchase(request.productID)   // awaits the native sheet
    /// }
    /// ```
    public func register<Request: Decodable & Sendable, Result: Codable & Sendable>(
        _ type: String,
        access: CapabilityAccess,
        deadline: Double? = nil,
        summary: String? = nil,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Result
    ) throws(BridgeConfigurationError) {
        try capabilities.add(
            RegisteredCapability(type: type, access: access, deadline: deadline, summary: summary, handler: handler),
            named: type)
    }

    /// Registers a capability that answers with a stream of values (ST1–ST5): the page reads them
    /// in order with `for await` (`bridge.stream` in the web SDK).
    ///
    /// ```swift
    /// try bridge.registerStream("download", access: .trustedSurface, deadline: 60) { (request: DownloadRequest, context) in
    ///     AsyncThrowingStream<DownloadProgress, any Error> { continuation in
    ///         continuation.yield(DownloadProgress(bytes: 0))
    ///         continuation.finish()
    ///     }
    /// }
    /// ```
    ///
    /// The host sends at most ``BridgeLimits/streamWindow`` values the page has not consumed yet,
    /// and waits for room before it takes the next one from the sequence (ST3). `deadline` (or
    /// ``BridgeLimits/defaultDeadline``) bounds the wait for each value, not the whole stream
    /// (ST4). The stream ends exactly once (ST5): the sequence finishes or throws (a
    /// ``BridgeError``, or `failed` with a generic message), the deadline passes, the page cancels
    /// it, or its document goes away; then the task iterating the sequence is cancelled.
    public func registerStream<Request: Decodable & Sendable, Values: AsyncSequence, Value: Codable & Sendable>(
        _ type: String,
        access: CapabilityAccess,
        deadline: Double? = nil,
        summary: String? = nil,
        handler: @escaping @Sendable (Request, CapabilityContext) async throws -> Values
    ) throws(BridgeConfigurationError)
    where Values.Element == Value, Values: SendableMetatype, Values.AsyncIterator: SendableMetatype {
        try capabilities.add(
            RegisteredCapability(stream: type, access: access, deadline: deadline, summary: summary, handler: handler),
            named: type)
    }

    /// Connects one web view. Adapters call this; apps normally do not (<doc:WritingAnAdapter>).
    ///
    /// ```swift
    /// let connection = bridge.connect(page)
    /// // An engine whose objects live on one thread can start capabilities there:
    /// let connection = bridge.connect(page) { operation in Task(executorPreference: engineExecutor, operation: operation) }
    /// ```
    ///
    /// - Parameters:
    ///   - webView: How the core reaches the page (the one way out). The connection keeps it
    ///     weakly: the adapter owns both.
    ///   - startTask: Starts the task each capability runs in. By default a plain `Task`; an
    ///     adapter may start it on the engine's own thread (`Task(executorPreference:)`), so that a
    ///     capability that does not suspend elsewhere answers without a thread hop.
    public func connect(
        _ webView: any BridgeWebView,
        startingTasks startTask: @escaping BridgeConnection.TaskStarter = { operation in Task(operation: operation) }
    ) -> BridgeConnection {
        let number = connections.withLock { count in
            count += 1
            return count
        }
        return BridgeConnection(bridge: self, id: WebViewID(number: number), webView: webView, startTask: startTask)
    }

    /// Returns once every `track` event accepted so far has been handed to the analytics sink,
    /// for example before the app asks its sink to flush.
    public func flushAnalytics() async {
        await analyticsQueue.idle()
    }

    /// Every page message, native event and native call, and how each ended, from now on (X5).
    ///
    /// Nothing is traced while nobody listens. A slow reader loses the oldest traces past 1,024;
    /// a ``TrafficRecorder`` keeps every trace, up to its capacity.
    public func traces() -> AsyncStream<BridgeTrace> {
        observer.traces.subscribe()
    }

    /// Diagnostics from now on: undecodable messages, dropped events, late replies and the like (X5).
    public func diagnostics() -> AsyncStream<BridgeDiagnostic> {
        observer.diagnostics.subscribe()
    }
}
