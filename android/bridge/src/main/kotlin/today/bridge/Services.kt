package today.bridge

import org.json.JSONObject

/**
 * The app's services. The bridge calls them on a background thread of its own, never the UI
 * thread, so they may block (a network refresh, a disk write); only [diagnostic] is called where
 * the diagnostic arises.
 */
interface TodayBridgeServices {
    /** The current token, or null when logged out. Not called once the app pushes its token ([TodayBridge.updateToken]). */
    fun currentToken(): AccessToken?

    /** A fresh token from upstream; throw when that fails. Never called twice at once (T3). */
    fun refreshToken(): AccessToken

    /** The logged-in user's id (`uid`), or null. */
    fun userId(): String? = null

    /** Validated, enriched `track` events, in order (T1). Return once they are safe; a throw is reported. */
    fun record(events: List<AnalyticsEvent>)

    /**
     * Answers one of the app's [AppCapability] calls: return a JSON value (`JSONObject`,
     * `JSONArray`, `String`, a number, a `Boolean`, or null for `undefined`). Throw a
     * [TodayBridgeException] to reject the page's call with its code and message (X2); any other
     * exception rejects it as `failed` with a generic message, so native error text never reaches
     * the page.
     */
    fun handle(call: CapabilityCall): Any? = throw UnsupportedOperationException("no handler for \"${call.type}\"")

    /**
     * Produces one stream a page opened on one of the app's streaming capabilities
     * ([TodayBridgeConfiguration.streams]; the page's `bridge.stream(...)`, ST1–ST5): send its
     * values with [BridgeStream.send], then [BridgeStream.finish] it, or [BridgeStream.fail] it.
     * Called on a background thread of the bridge, which it may keep (sending blocks it until the
     * page has room), or return at once and produce from a thread of its own. Throwing ends the
     * stream as [handle]'s throws end a call: a [TodayBridgeException] with its code, anything
     * else as `failed`.
     */
    fun stream(call: CapabilityCall, stream: BridgeStream): Unit =
        throw UnsupportedOperationException("no stream for \"${call.type}\"")

    /**
     * Something the core noticed: an undecodable message, a failed refresh, a dead renderer (X5).
     * Free of credentials. Called on the thread that noticed it, which may be the UI thread: log
     * it and return.
     */
    fun diagnostic(diagnostic: BridgeDiagnostic) = Unit
}

/** A bearer token. Its value never appears in [toString]. */
class AccessToken(val value: String, val scheme: String = "Bearer") {
    override fun toString() = "AccessToken(redacted)"
}

/**
 * The app's structured error (X2): the page's call rejects with [code] (the bridge's own, such as
 * `invalidRequest`, or the app's), [message] for people and whether trying again may help.
 */
class TodayBridgeException(val code: String, message: String, val recoverable: Boolean = false) : Exception(message)

/** A `track` event as the analytics sink receives it (T1); [properties] include the base fields. */
class AnalyticsEvent(
    val name: String,
    val id: String,
    val timestampMillis: Long,
    val userId: String?,
    val deviceId: String,
    val properties: JSONObject
)

/** One call of an app capability, with what the web view said about its sender (C8). */
class CapabilityCall(
    val type: String,
    /** The page's message: a `JSONObject`. */
    val request: Any?,
    val isMainFrame: Boolean,
    /** The sending frame's origin, or null when opaque. */
    val origin: String?,
    /** The trusted surface the sender's page is on, or null. */
    val surface: String?
)

/** A diagnostic of the core, as [TodayBridgeServices.diagnostic] receives it. */
class BridgeDiagnostic(val code: String, val message: String, val type: String?) {
    override fun toString() = "[$code]" + (if (type != null) " $type:" else "") + " $message"
}
