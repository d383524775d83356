package today.bridge

import android.webkit.WebView
import androidx.webkit.WebViewFeature
import org.json.JSONObject
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.ThreadFactory

/**
 * The bridge between web pages and the app: one per app, shared by every web view, so that
 * token refreshes coalesce across them (T3). Every rule of the contract runs in the Swift core
 * (`libTodayBridgeJNI.so`); this is the glue.
 *
 * ```kotlin
 * val bridge = TodayBridge(
 *     TodayBridgeConfiguration(deviceId = deviceId, surfaces = listOf(TrustedSurface("feed", listOf("https://feed.example.com")))),
 *     services, // your TodayBridgeServices
 * )
 * webView.settings.javaScriptEnabled = true
 * val page = bridge.install(webView) // on the UI thread, before loadUrl
 * ```
 *
 * Throws [IllegalArgumentException] when the core refuses the configuration (an invalid origin
 * rule, an unknown access level).
 */
class TodayBridge(configuration: TodayBridgeConfiguration, services: TodayBridgeServices) {
    private val executor: ExecutorService = Executors.newCachedThreadPool(daemonThreads("TodayBridge services"))
    internal val serviceHost = ServiceHost(services, executor)
    internal val handle: Long = NativeBridge.create(configuration.toWire().toJson().toString().utf8(), serviceHost)
    internal val installation: Wire.AndroidInstallation
    /**
     * Whether bytes cross beside the text, as `ArrayBuffer` web messages (B2): the device's WebView
     * carries them both ways (`WEB_MESSAGE_ARRAY_BUFFER`, with `WEB_MESSAGE_LISTENER`); else base64
     * in the text. Chosen once, for every web view of this bridge.
     */
    internal val attachesBytes: Boolean =
        WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER) &&
            WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_ARRAY_BUFFER)
    @Volatile private var isClosed = false

    init {
        serviceHost.handle = handle
        installation = Wire.AndroidInstallation.fromJson(JSONObject(NativeBridge.installation(handle, attachesBytes)!!.utf8()))
    }

    /**
     * Installs the bridge in [webView], which must have JavaScript enabled: call on the web
     * view's thread (the UI thread, as every `WebView` call), before the first `loadUrl`.
     *
     * Wraps the web view's `WebViewClient` and `WebChromeClient`, the app's own as
     * `getWebViewClient()` and `getWebChromeClient()` read them now: every callback still reaches
     * them, and a client the app sets later is wrapped at the page's next message. A renderer's
     * death never ends the app unless the app's client or [listener] asks for it (false): the
     * bridge of the web view closes and [listener] is told, so that the app replaces the web view.
     * With [setClients] false, the glue leaves the clients alone and the app's own call the
     * returned [BridgedWebView]'s `onPageStarted`, `onRenderProcessGone` and `onCloseWindow`.
     */
    @JvmOverloads
    fun install(webView: WebView, setClients: Boolean = true, listener: BridgedWebViewListener? = null): BridgedWebView {
        check(!isClosed) { "this TodayBridge is closed" }
        return BridgedWebView.install(this, webView, setClients, listener)
    }

    /**
     * Pushes the app's current token ([token]; null when logged out), from any thread, whenever it
     * changes: from the first push on, `headers` is answered from it at once, without asking
     * [TodayBridgeServices.currentToken]; a refresh keeps the token it returns.
     */
    fun updateToken(token: AccessToken?) = NativeBridge.setToken(handle, token?.toWire()?.toJson()?.toString()?.utf8())

    /**
     * Blocks until every `track` event accepted so far has been handed to
     * [TodayBridgeServices.record] and it returned, for example before the app asks its own sink
     * to flush. Not on the UI thread, nor in one of the services.
     */
    fun flushAnalytics() = NativeBridge.flushAnalytics(handle)

    /**
     * Starts recording the bridge's traffic (X5) for inspection, keeping at most [capacity]
     * records: sizes, types and outcomes, never a body or a credential. For debug builds.
     */
    @JvmOverloads
    fun recordTraffic(capacity: Int = 10_000) = TrafficRecording(NativeBridge.recordTraffic(handle, capacity))

    /** Ends the bridge: services the app has not answered fail. Close its web views first. */
    fun close() {
        isClosed = true
        NativeBridge.destroy(handle)
        executor.shutdown()
    }

    companion object {
        /**
         * Starts loading the bridge's native library (`libTodayBridgeJNI.so`, the Swift core with
         * its runtime) on a background thread, and returns at once: call it when the app starts
         * (`Application.onCreate`), so that the UI thread does not load it when it first makes a
         * [TodayBridge]. A bridge made before the load ends waits for it. Calling it again does
         * nothing.
         */
        @JvmStatic
        fun preload() = NativeLibrary.startLoading()
    }
}

/** A recording of a bridge's traffic ([TodayBridge.recordTraffic]). */
class TrafficRecording internal constructor(private val recorder: Long) {
    /** Stops recording and returns what was kept as JSON lines, which `today-bridge inspect FILE.jsonl` renders as a timeline. */
    fun stop(): String = NativeBridge.stopRecording(recorder)?.utf8() ?: ""
}

private fun daemonThreads(name: String) = ThreadFactory { task -> Thread(task, name).apply { isDaemon = true } }
