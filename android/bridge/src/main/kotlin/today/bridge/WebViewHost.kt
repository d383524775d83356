package today.bridge

import android.os.Handler
import android.os.Looper
import android.webkit.CookieManager
import android.webkit.WebView
import androidx.webkit.JavaScriptReplyProxy
import org.json.JSONObject

/**
 * Carries out one web view's side of the core on the UI thread: replies through the frame's
 * [JavaScriptReplyProxy], scripts with `evaluateJavascript` (main frame only), the session cookie
 * with [CookieManager]. The core calls it from its own threads.
 */
internal class WebViewHost(private val webView: WebView) : NativeHost {
    @Volatile var handle = 0L
    private val mainThread = Handler(Looper.getMainLooper())

    override fun reply(route: Any, reply: ByteArray) {
        val text = reply.utf8()
        when (route) {
            is JavaScriptReplyProxy -> mainThread.post { route.postMessage(text) }
            is NativeCall -> mainThread.post { route.settle(JSONObject(text)) }
        }
    }

    override fun service(callId: Long, service: String, arguments: ByteArray) {
        val handle = handle
        val complete = { error: String? -> NativeBridge.completeService(handle, callId, null, error?.utf8()) }
        val request = JSONObject(arguments.utf8())
        when (service) {
            "evaluateJavascript" -> mainThread.post {
                webView.evaluateJavascript(request.getString("script")) { complete(null) }
            }
            "setCookie" -> mainThread.post {
                CookieManager.getInstance().setCookie(request.getString("url"), request.getString("value")) { stored ->
                    complete(if (stored == true) null else "CookieManager did not store the cookie")
                }
            }
            else -> complete("unknown service \"$service\"")
        }
    }
}
