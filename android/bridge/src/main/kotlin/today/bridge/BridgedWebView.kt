package today.bridge

import android.graphics.Bitmap
import android.net.Uri
import android.webkit.JavascriptInterface
import android.webkit.RenderProcessGoneDetail
import android.webkit.WebChromeClient
import android.webkit.WebView
import android.webkit.WebViewClient
import androidx.webkit.JavaScriptReplyProxy
import androidx.webkit.WebMessageCompat
import androidx.webkit.WebViewCompat
import androidx.webkit.WebViewFeature

/**
 * One web view with the bridge installed ([TodayBridge.install]). Its frames' requests go to the
 * core with the facts Android gives (C8); replies come back on the UI thread.
 */
class BridgedWebView private constructor(private val webView: WebView, bridge: TodayBridge) {
    private val host = WebViewHost(webView)
    private val handle = NativeBridge.connect(bridge.handle, host)
    private val installation = bridge.installation
    /** The main document's URL, for messages that arrive off the UI thread (the fallback). */
    @Volatile private var mainDocumentUrl: String? = null
    private var runsScriptAtDocumentStart = true
    @Volatile private var isClosed = false

    init {
        host.handle = handle
    }

    /** The main frame started a new document: the old one's calls settle, no credential reaches it (S4). */
    fun onPageStarted(url: String?) {
        mainDocumentUrl = url
        NativeBridge.documentDidChange(handle)
        // Without DOCUMENT_START_SCRIPT: as early as Android allows, knowing the page may look first.
        if (!runsScriptAtDocumentStart) webView.evaluateJavascript(installation.documentStartScript, null)
    }

    /** The renderer is gone: every pending call settles (C5). Returns true (handled); replace the web view. */
    fun onRenderProcessGone(detail: RenderProcessGoneDetail): Boolean {
        NativeBridge.webProcessDidTerminate(handle, detail.didCrash())
        return true
    }

    /** The page closed itself (`window.close()`): the bridge is closed. */
    fun onCloseWindow() = close()

    /** Emits a native event to the page's subscribers (X3), from any thread; [data] is JSON text, or null. */
    @JvmOverloads
    fun emit(name: String, data: String? = null) = NativeBridge.emit(handle, name.utf8(), data?.utf8())

    /**
     * Calls the page's handler [name] with JSON [arguments] (X4), from any thread; [done] runs on the UI thread
     * with its answer, or with why it failed: the page has no such handler and no [fallback]
     * was given, the handler threw, [deadlineSeconds] passed (0: the configured default), or the
     * page went away.
     */
    @JvmOverloads
    fun call(name: String, arguments: String? = null, fallback: String? = null, deadlineSeconds: Double = 0.0, done: (NativeCallResult) -> Unit) =
        NativeBridge.call(handle, name.utf8(), arguments?.utf8(), fallback?.utf8(), deadlineSeconds, NativeCall(done))

    /** Closes the bridge of this web view: every pending call settles (C5). Call before `WebView.destroy()`. */
    fun close() {
        if (isClosed) return
        isClosed = true
        NativeBridge.disconnect(handle)
    }

    private fun listen() {
        val origins = setOf("*")
        if (WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER)) {
            WebViewCompat.addWebMessageListener(webView, installation.jsObjectName, origins) {
                    view: WebView, message: WebMessageCompat, sourceOrigin: Uri, isMainFrame: Boolean, replyProxy: JavaScriptReplyProxy ->
                val request = message.data
                if (request != null) {
                    val url = view.url
                    NativeBridge.receive(handle, request.utf8(), isMainFrame, sourceOrigin.toString().utf8(), url?.utf8(), replyProxy)
                }
            }
        } else {
            // No frame facts and no reply route: an unidentified frame, answered in the main frame (A1).
            webView.addJavascriptInterface(FallbackChannel(), installation.jsObjectName)
        }
        if (WebViewFeature.isFeatureSupported(WebViewFeature.DOCUMENT_START_SCRIPT)) {
            WebViewCompat.addDocumentStartJavaScript(webView, installation.documentStartScript, origins)
        } else {
            runsScriptAtDocumentStart = false
        }
    }

    /** The `@JavascriptInterface` object of hosts without `WEB_MESSAGE_LISTENER`; called on a background thread. */
    private inner class FallbackChannel {
        @JavascriptInterface
        fun postMessage(request: String) {
            NativeBridge.receive(handle, request.utf8(), false, "null".utf8(), mainDocumentUrl?.utf8(), null)
        }
    }

    private inner class Client : WebViewClient() {
        override fun onPageStarted(view: WebView, url: String?, favicon: Bitmap?) = this@BridgedWebView.onPageStarted(url)

        override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail) = this@BridgedWebView.onRenderProcessGone(detail)
    }

    private inner class ChromeClient : WebChromeClient() {
        override fun onCloseWindow(window: WebView) = this@BridgedWebView.onCloseWindow()
    }

    internal companion object {
        fun install(bridge: TodayBridge, webView: WebView, setClients: Boolean): BridgedWebView {
            val bridged = BridgedWebView(webView, bridge)
            bridged.listen()
            if (setClients) {
                webView.webViewClient = bridged.Client()
                webView.webChromeClient = bridged.ChromeClient()
            }
            return bridged
        }
    }
}
