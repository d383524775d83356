package today.bridge.host

import android.net.Uri
import android.webkit.WebView
import androidx.webkit.JavaScriptReplyProxy
import androidx.webkit.WebMessageCompat
import androidx.webkit.WebViewCompat

/**
 * The benchmarks' baseline on Android's channel (`--raw-echo SHIM-FILE`): a second web message
 * listener, `window.todayRawEchoNative`, with its own shim (the Android shim for the channel
 * `todayRawEcho`, rendered by the benchmark with `attachesBytes`) presenting `window.todayRawEcho`,
 * whose requests are answered at once by slicing the text: no parsing and no core. A request's
 * bytes come as `ArrayBuffer` messages before its text, and each goes back as it came, so the
 * reply's text names them as the request's did: the channel carries the same bytes both ways.
 */
object RawEcho {
    fun install(webView: WebView, shim: String) {
        WebViewCompat.addWebMessageListener(webView, "todayRawEchoNative", setOf("*")) {
                _: WebView, message: WebMessageCompat, _: Uri, _: Boolean, replyProxy: JavaScriptReplyProxy ->
            when (message.type) {
                WebMessageCompat.TYPE_STRING -> reply(message.data ?: "")?.let(replyProxy::postMessage)
                WebMessageCompat.TYPE_ARRAY_BUFFER -> replyProxy.postMessage(message.arrayBuffer)
            }
        }
        WebViewCompat.addDocumentStartJavaScript(webView, shim, setOf("*"))
    }

    /** `{"id":N,"message":M}` answered `{"id":N,"value":M}`. */
    private fun reply(request: String): String? {
        val marker = request.indexOf(",\"message\":")
        if (!request.startsWith("{\"id\":") || marker < 0) return null
        return request.substring(0, marker) + ",\"value\":" + request.substring(marker + ",\"message\":".length)
    }
}
