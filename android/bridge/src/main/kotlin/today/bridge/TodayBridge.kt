package today.bridge

import android.webkit.WebView
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
 * val page = bridge.install(webView) // on the UI thread, before loadUrl
 * ```
 *
 * Throws [IllegalArgumentException] when the core refuses the configuration (an invalid origin
 * rule, an unknown access level).
 */
class TodayBridge(configuration: TodayBridgeConfiguration, services: TodayBridgeServices) {
    private val executor: ExecutorService = Executors.newCachedThreadPool(daemonThreads("TodayBridge services"))
    private val serviceHost = ServiceHost(services, executor)
    internal val handle: Long = NativeBridge.create(configuration.toJson().utf8(), serviceHost)
    internal val installation: Installation
    @Volatile private var isClosed = false

    init {
        serviceHost.handle = handle
        installation = Installation(JSONObject(NativeBridge.installation(handle)!!.utf8()))
    }

    /**
     * Installs the bridge in [webView]: call on the UI thread, before the first `loadUrl`. Sets
     * the web view's `WebViewClient` and `WebChromeClient` unless [setClients] is false, in which
     * case the app's own clients call the returned [BridgedWebView]'s `onPageStarted`,
     * `onRenderProcessGone` and `onCloseWindow`.
     */
    @JvmOverloads
    fun install(webView: WebView, setClients: Boolean = true): BridgedWebView {
        check(!isClosed) { "this TodayBridge is closed" }
        return BridgedWebView.install(this, webView, setClients)
    }

    /** Ends the bridge: services the app has not answered fail. Close its web views first. */
    fun close() {
        isClosed = true
        NativeBridge.destroy(handle)
        executor.shutdown()
    }
}

/** What a web view needs installed: the injected object's name and the document-start script. */
internal class Installation(json: JSONObject) {
    val jsObjectName: String = json.getString("jsObjectName")
    val documentStartScript: String = json.getString("documentStartScript")
}

private fun daemonThreads(name: String) = ThreadFactory { task -> Thread(task, name).apply { isDaemon = true } }
