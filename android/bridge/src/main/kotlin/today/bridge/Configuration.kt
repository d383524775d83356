package today.bridge

/**
 * The bridge's configuration: who the app is, which origins are trusted with credentials, and
 * the app's own capabilities. Only [deviceId] is required.
 */
data class TodayBridgeConfiguration(
    /** The device id added to every `track` event (`did`). */
    val deviceId: String,
    /** The surfaces whose pages may receive credentials (S2). */
    val surfaces: List<TrustedSurface> = emptyList(),
    /** The app's own capabilities, answered by [TodayBridgeServices.handle]. */
    val capabilities: List<AppCapability> = emptyList(),
    /** The app's own streaming capabilities (ST1–ST5), produced by [TodayBridgeServices.stream]; each [AppCapability.deadline] bounds the wait for each value. */
    val streams: List<AppCapability> = emptyList(),
    /** The channel's name: the page's `window.<channelName>` (C1). */
    val channelName: String = "todayWebViewBridge",
    /** The app's name and version, told to pages that ask (D1); the bridge's own when null. */
    val appName: String? = null,
    val appVersion: String? = null,
    /** The app session id (`sid`); a new one per bridge when null. */
    val sessionId: String? = null,
    /** Seconds a capability may take unless it declares its own deadline; the core's 30 when null. */
    val defaultDeadline: Double? = null,
    /** Calls one web view may have in flight; the core's 1,024 when null. */
    val maxCallsInFlight: Int? = null,
    /** The largest message, its text and its bytes together, in bytes (X7, B4); the core's 8 MiB when null. */
    val maxMessageBytes: Int? = null
) {
    internal fun toWire() = Wire.AndroidConfiguration(
        channelName = channelName,
        surfaces = surfaces.map { it.toWire() },
        host = if (appName != null && appVersion != null) Wire.HostIdentity(appName, appVersion) else null,
        deviceID = deviceId,
        sessionID = sessionId,
        limits = Wire.Limits(
            maxMessageBytes = maxMessageBytes?.toDouble(), maxCallsInFlight = maxCallsInFlight?.toDouble(),
            defaultDeadline = defaultDeadline
        ),
        capabilities = capabilities.map { it.toWire() },
        streams = streams.map { it.toWire() }
    )
}

/** A named set of origins trusted with credentials, such as `feed` (S2). Rules use `addWebMessageListener`'s grammar. */
data class TrustedSurface(
    val name: String,
    val origins: List<String>,
    val pathPrefixes: List<String> = emptyList(),
    val extraHeaders: Map<String, String> = emptyMap()
) {
    internal fun toWire() = Wire.Surface(name, origins, pathPrefixes, extraHeaders)
}

/** One of the app's own capabilities: the page's `postMessage({type, ...})` for [type] (X1). */
data class AppCapability(val type: String, val access: Access, val deadline: Double? = null, val summary: String? = null) {
    /** Which senders it serves; every other sender gets `undefined` (S1, S3). */
    enum class Access(internal val wire: String) {
        ANY_FRAME(Wire.CapabilityAccesses.ANY_FRAME),
        MAIN_FRAME(Wire.CapabilityAccesses.MAIN_FRAME),
        TRUSTED_SURFACE(Wire.CapabilityAccesses.TRUSTED_SURFACE)
    }

    internal fun toWire() = Wire.Capability(type, access.wire, deadline, summary)
}
