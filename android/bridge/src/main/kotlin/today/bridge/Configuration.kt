package today.bridge

import org.json.JSONArray
import org.json.JSONObject

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
    val maxCallsInFlight: Int? = null
) {
    internal fun toJson(): String = JSONObject().apply {
        put("deviceID", deviceId)
        put("channelName", channelName)
        put("surfaces", JSONArray(surfaces.map { it.toJson() }))
        put("capabilities", JSONArray(capabilities.map { it.toJson() }))
        if (appName != null && appVersion != null) put("host", JSONObject().put("name", appName).put("version", appVersion))
        if (sessionId != null) put("sessionID", sessionId)
        val limits = JSONObject()
        if (defaultDeadline != null) limits.put("defaultDeadline", defaultDeadline)
        if (maxCallsInFlight != null) limits.put("maxCallsInFlight", maxCallsInFlight)
        put("limits", limits)
    }.toString()
}

/** A named set of origins trusted with credentials, such as `feed` (S2). Rules use `addWebMessageListener`'s grammar. */
data class TrustedSurface(
    val name: String,
    val origins: List<String>,
    val pathPrefixes: List<String> = emptyList(),
    val extraHeaders: Map<String, String> = emptyMap()
) {
    internal fun toJson(): JSONObject = JSONObject()
        .put("name", name)
        .put("origins", JSONArray(origins))
        .put("pathPrefixes", JSONArray(pathPrefixes))
        .put("extraHeaders", JSONObject(extraHeaders))
}

/** One of the app's own capabilities: the page's `postMessage({type, ...})` for [type] (X1). */
data class AppCapability(val type: String, val access: Access, val deadline: Double? = null) {
    /** Which senders it serves; every other sender gets `undefined` (S1, S3). */
    enum class Access { ANY_FRAME, MAIN_FRAME, TRUSTED_SURFACE }

    internal fun toJson(): JSONObject = JSONObject().apply {
        put("type", type)
        put("access", when (access) {
            Access.ANY_FRAME -> "anyFrame"
            Access.MAIN_FRAME -> "mainFrame"
            Access.TRUSTED_SURFACE -> "trustedSurface"
        })
        if (deadline != null) put("deadline", deadline)
    }
}
