package today.bridge

import android.os.Handler
import android.webkit.CookieManager
import android.webkit.WebView
import androidx.webkit.JavaScriptReplyProxy
import org.json.JSONObject

/**
 * Carries out one web view's side of the core on the web view's own thread, its looper
 * (`WebView.getWebViewLooper()`, API 28: the thread it was made on, which need not be the main
 * one): replies through the frame's
 * [JavaScriptReplyProxy] (at once when the core answers on that thread, else posted there),
 * scripts with `evaluateJavascript` (main frame only; each done when its callback comes or its
 * document is gone, [documentGone]), the session cookie with [CookieManager].
 * The core holds it weakly and calls it from the web view's thread or its own threads.
 */
internal class WebViewHost(private val webView: WebView) : NativeHost {
    @Volatile var handle = 0L
    private val webViewLooper = webView.webViewLooper
    private val webViewThread = Handler(webViewLooper)
    /** The scripts run whose callback has not come, by service call; on the web view's thread. */
    private val running = HashMap<Long, (String?) -> Unit>()

    override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) {
        val text = reply.utf8()
        when (route) {
            // The bytes the text names by index first, in order, then the text (B2): one proxy
            // delivers in order, and the shim keeps them for the text that follows.
            is JavaScriptReplyProxy -> onWebViewThread {
                if (attachments != null) for (bytes in attachments) route.postMessage(bytes)
                route.postMessage(text)
            }
            is NativeCall -> webViewThread.post { route.settle(JSONObject(text)) }
        }
    }

    override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) {
        val handle = handle
        val complete = { error: String? ->
            NativeBridge.completeService(handle, callId, null, null, error?.let { Wire.HostFailure(message = it).toJson().toString().utf8() })
        }
        val request = JSONObject(arguments.utf8())
        when (service) {
            Wire.HostServices.EVALUATE_JAVASCRIPT -> {
                val script = Wire.EvaluateJavascriptArguments.fromJson(request).script
                webViewThread.post {
                    running[callId] = complete
                    webView.evaluateJavascript(script) { running.remove(callId)?.invoke(null) }
                }
            }
            Wire.HostServices.SET_COOKIE -> {
                val cookie = Wire.SetCookieArguments.fromJson(request)
                webViewThread.post {
                    CookieManager.getInstance().setCookie(cookie.url, cookie.value) { stored ->
                        complete(if (stored == true) null else "CookieManager did not store the cookie")
                    }
                }
            }
            else -> complete("unknown service \"$service\"")
        }
    }

    /**
     * The main document the scripts ran in is gone (another committed, one came back from the
     * cache, the renderer died): Android never calls back a script whose frame went away, so each
     * one still running ends now, as failed, and the deliveries after it are not held up. On the
     * web view's thread.
     */
    fun documentGone() {
        val ended = running.values.toList()
        running.clear()
        for (complete in ended) complete("the page went away before the script answered")
    }

    private fun onWebViewThread(task: () -> Unit) {
        if (webViewLooper.isCurrentThread) task() else webViewThread.post(task)
    }
}
