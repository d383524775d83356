package today.bridge

import android.net.Uri
import android.webkit.JavascriptInterface
import android.webkit.RenderProcessGoneDetail
import android.webkit.WebView
import androidx.webkit.JavaScriptReplyProxy
import androidx.webkit.ScriptHandler
import androidx.webkit.WebMessageCompat
import androidx.webkit.WebViewCompat
import androidx.webkit.WebViewFeature
import org.json.JSONArray
import org.json.JSONObject

/**
 * One web view with the bridge installed ([TodayBridge.install]). Its frames' requests go to the
 * core with the facts Android gives (C8), each judged against the committed URL of the main
 * document it belongs to ([MainDocuments]), a document restored from the back-forward cache
 * included; replies come back on the web view's thread (`WebView.getWebViewLooper()`).
 */
class BridgedWebView private constructor(
    private val webView: WebView,
    bridge: TodayBridge,
    private val listener: BridgedWebViewListener?
) {
    private val host = WebViewHost(webView)
    private val attachesBytes = bridge.attachesBytes
    private val handle = NativeHandle(NativeBridge.connect(bridge.handle, host, attachesBytes))
    private val installation = bridge.installation
    /** The frames' `ArrayBuffer`s, each for its frame's next text (B2), when the shim attaches bytes. */
    private val attachments = PendingAttachments<JavaScriptReplyProxy>(installation.maxMessageBytes.toLong()) { message ->
        bridge.serviceHost.diagnostic("limitExceeded", message)
    }
    private val documents = MainDocuments<JavaScriptReplyProxy, Request>(Reports(), ::forward)
    private var documentStartScript: ScriptHandler? = null
    /** The app's clients wrapped, when the glue set the clients ([TodayBridge.install]'s `setClients`). */
    private var clients: AppClients? = null
    private var lastOrigin: String? = null
    private var lastOriginBytes: ByteArray? = null
    @Volatile private var isClosed = false

    init {
        host.handle = handle.value
    }

    /** A frame's request, as the listener received it, with the `ArrayBuffer`s its frame posted before it (B2). */
    private class Request(
        val text: String, val isMainFrame: Boolean, val sourceOrigin: String?, val route: JavaScriptReplyProxy?, val attachments: Array<ByteArray>?
    )

    /**
     * The main frame committed a document (`WebViewClient.onPageStarted`), a new one or one restored
     * from the back-forward cache: the old one's calls settle, no credential reaches it (S4). On the
     * web view's thread.
     */
    fun onPageStarted(url: String?) = documents.pageStarted(url)

    /**
     * The renderer is gone: every pending call settles (C5) and the bridge of this web view is
     * closed, since Android's `WebView` cannot be used again. On the web view's thread. The app
     * removes the web view, destroys it, and installs the bridge in a new one.
     */
    fun onRenderProcessGone(detail: RenderProcessGoneDetail) {
        documents.reset()
        attachments.clear()
        host.documentGone()
        NativeBridge.webProcessDidTerminate(handle.value, detail.didCrash())
        close()
    }

    /** The page closed itself (`window.close()`): the bridge of this web view is closed. */
    fun onCloseWindow() = close()

    /**
     * Emits a native event to the page's subscribers (X3), from any thread; [data] is JSON text,
     * or null. Byte values in text cross as base64: give a `JSONObject` or `JSONArray` instead for
     * bytes.
     */
    @JvmOverloads
    fun emit(name: String, data: String? = null) = NativeBridge.emit(handle.value, name.utf8(), data?.utf8(), null)

    /**
     * Emits a native event whose data is [data] (X3), from any thread: its byte values
     * ([BridgeBytes.toJson]) cross as bytes, not base64 (B2). Throws [IllegalArgumentException]
     * for a value in it that JSON cannot hold.
     */
    fun emit(name: String, data: JSONObject) = emitJson(name, data)

    /** [emit] with a `JSONArray` as the data. */
    fun emit(name: String, data: JSONArray) = emitJson(name, data)

    private fun emitJson(name: String, data: Any) {
        val json = JsonText.of(data)!!
        NativeBridge.emit(handle.value, name.utf8(), json.utf8, json.attachments)
    }

    /**
     * Calls the page's handler [name] with JSON [arguments] (X4), from any thread; [done] runs on the web view's thread
     * with its answer, or with why it failed: the page has no such handler and no [fallback]
     * was given, the handler threw, [deadlineSeconds] passed (0: the configured default), or the
     * page went away. Byte values in text cross as base64: give a `JSONObject` or `JSONArray`
     * instead for bytes.
     */
    @JvmOverloads
    fun call(name: String, arguments: String? = null, fallback: String? = null, deadlineSeconds: Double = 0.0, done: (NativeCallResult) -> Unit) =
        NativeBridge.call(handle.value, name.utf8(), arguments?.utf8(), null, fallback?.utf8(), deadlineSeconds, NativeCall(done))

    /**
     * [call] with [arguments] a `JSONObject`, whose byte values ([BridgeBytes.toJson]) cross as
     * bytes, not base64 (B2). Throws [IllegalArgumentException] for a value in it that JSON cannot hold.
     */
    @JvmOverloads
    fun call(name: String, arguments: JSONObject, fallback: String? = null, deadlineSeconds: Double = 0.0, done: (NativeCallResult) -> Unit) =
        callJson(name, arguments, fallback, deadlineSeconds, done)

    /** [call] with [arguments] a `JSONArray`. */
    @JvmOverloads
    fun call(name: String, arguments: JSONArray, fallback: String? = null, deadlineSeconds: Double = 0.0, done: (NativeCallResult) -> Unit) =
        callJson(name, arguments, fallback, deadlineSeconds, done)

    private fun callJson(name: String, arguments: Any, fallback: String?, deadlineSeconds: Double, done: (NativeCallResult) -> Unit) {
        val json = JsonText.of(arguments)!!
        NativeBridge.call(handle.value, name.utf8(), json.utf8, json.attachments, fallback?.utf8(), deadlineSeconds, NativeCall(done))
    }

    /**
     * Closes the bridge of this web view, on the web view's thread: every pending call settles (C5), and
     * so does every call the page makes from now on (rejected as cancelled); later documents get
     * no channel. Call before `WebView.destroy()`.
     */
    fun close() {
        if (isClosed) return
        isClosed = true
        NativeBridge.disconnect(handle.value)
        host.documentGone()
        documentStartScript?.remove()
        documentStartScript = null
    }

    /** What the main documents tell the core and this web view's host, on the web view's thread. */
    private inner class Reports : MainDocuments.Reports {
        /** A new main document, and the scripts a host without document-start scripts runs now. */
        override fun documentBegins(url: String?) {
            NativeBridge.documentDidChange(handle.value, url?.utf8())
            host.documentGone()
            if (documentStartScript == null && !isClosed && !WebViewFeature.isFeatureSupported(WebViewFeature.DOCUMENT_START_SCRIPT)) {
                // As early as Android allows, knowing the page may look first.
                webView.evaluateJavascript(installation.documentStartScript, null)
            }
        }

        override fun documentRestored(url: String?) {
            NativeBridge.documentWasRestored(handle.value, url?.utf8())
            host.documentGone()
        }

        /** The URL shown while the shim's notice, sent before any page script, is the first message of a document. */
        override fun startingURL(): String? = if (documentStartScript != null) webView.url else null
    }

    /** A request to the core; the shim's notice that its document is shown (the empty text) only marked it. */
    private fun forward(request: Request) {
        if (request.text.length == 0) return
        val reply = NativeBridge.receive(
            handle.value, request.text.utf8(), request.attachments, request.isMainFrame, originBytes(request.sourceOrigin), request.route
        )
        // Answered at once, on this (the web view's) thread: posted here; a later answer, or one
        // with bytes beside it, comes through WebViewHost.
        if (reply != null) request.route?.postMessage(reply.utf8())
    }

    private fun originBytes(origin: String?): ByteArray? {
        if (origin != lastOrigin) {
            lastOrigin = origin
            lastOriginBytes = origin?.utf8()
        }
        return lastOriginBytes
    }

    private fun listen() {
        val origins = setOf("*")
        if (WebViewFeature.isFeatureSupported(WebViewFeature.WEB_MESSAGE_LISTENER)) {
            WebViewCompat.addWebMessageListener(webView, installation.jsObjectName, origins) {
                    _: WebView, message: WebMessageCompat, sourceOrigin: Uri, isMainFrame: Boolean, replyProxy: JavaScriptReplyProxy ->
                // Any frame may post an ArrayBuffer, whose getData() throws: only strings are requests.
                // With attachesBytes, an ArrayBuffer waits for its frame's next text (B2); else it is ignored.
                if (message.type == WebMessageCompat.TYPE_STRING) {
                    val text = message.data
                    val carried = attachments.take(replyProxy)
                    if (text != null) {
                        if (isMainFrame) clients?.keepWrapped()
                        val origin = sourceOrigin.toString()
                        documents.message(Request(text, isMainFrame, origin, replyProxy, carried), isMainFrame, replyProxy, origin, text.length == 0)
                    }
                } else if (attachesBytes && message.type == WebMessageCompat.TYPE_ARRAY_BUFFER) {
                    attachments.add(replyProxy, isMainFrame, message.arrayBuffer)
                }
            }
        } else {
            // No frame facts and no reply route: an unidentified frame, answered in the main frame (A1).
            webView.addJavascriptInterface(FallbackChannel(), installation.jsObjectName)
        }
        if (WebViewFeature.isFeatureSupported(WebViewFeature.DOCUMENT_START_SCRIPT)) {
            documentStartScript = WebViewCompat.addDocumentStartJavaScript(webView, installation.documentStartScript, origins)
        }
    }

    /**
     * The `@JavascriptInterface` object of hosts without `WEB_MESSAGE_LISTENER`; called on a
     * background thread. Kept by name for R8 (consumer-rules.pro). [request] is nullable: a page
     * may pass `null` or `undefined`, which Android hands over as null; a non-null parameter would
     * throw before the body runs.
     */
    private inner class FallbackChannel {
        @JavascriptInterface
        fun postMessage(request: String?) {
            if (request != null && request.isNotEmpty()) NativeBridge.receive(handle.value, request.utf8(), null, false, null, null)
        }
    }

    /** What the glue's clients tell it, after the app's own clients heard it. */
    private inner class Events : ClientEvents {
        override fun pageStarted(url: String?) = onPageStarted(url)

        /** Handled unless the app's client or its listener says otherwise: a renderer's death never ends the app by default. */
        override fun renderProcessGone(view: WebView, detail: RenderProcessGoneDetail, appAnswer: Boolean?): Boolean {
            onRenderProcessGone(detail)
            val listenerAnswer = listener?.onRenderProcessGone(view, detail)
            return (appAnswer ?: true) && (listenerAnswer ?: true)
        }

        override fun closeWindow(window: WebView) {
            onCloseWindow()
            listener?.onCloseWindow(window)
        }
    }

    internal companion object {
        fun install(bridge: TodayBridge, webView: WebView, setClients: Boolean, listener: BridgedWebViewListener?): BridgedWebView {
            val bridged = BridgedWebView(webView, bridge, listener)
            bridged.listen()
            if (setClients) bridged.clients = AppClients(webView, bridged.Events())
            return bridged
        }
    }
}

/**
 * What the bridge tells an app whose web view's clients it wraps ([TodayBridge.install] with
 * `setClients`): the events after which the app removes the `WebView`.
 */
open class BridgedWebViewListener {
    /**
     * The renderer is gone, every pending call has settled (C5) and the bridge of this web view is
     * closed: the `WebView` cannot be used again. The app removes it from its layout, destroys it,
     * and shows the page again in a new `WebView` with the bridge installed. Return true, the
     * default, once the app handles it; false asks Android to end the app, as
     * `WebViewClient.onRenderProcessGone`'s false does.
     */
    open fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean = true

    /** The page called `window.close()`: the bridge of this web view is closed; remove the `WebView`. */
    open fun onCloseWindow(view: WebView) = Unit
}

/** A web view's handle, released when the glue lets the web view go (nothing reaches it any more). */
private class NativeHandle(val value: Long) {
    protected fun finalize() {
        NativeBridge.release(value)
    }
}
