package today.bridge

import android.webkit.WebResourceRequest
import android.webkit.WebResourceResponse
import android.webkit.WebView
import android.webkit.WebViewClient
import androidx.test.platform.app.InstrumentationRegistry
import androidx.webkit.WebViewAssetLoader
import org.json.JSONObject
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** Runs [task] on the main (UI) thread and returns its value, as an instrumentation test does. */
fun <T> onMain(task: () -> T): T {
    val result = LinkedBlockingQueue<Result<T>>()
    InstrumentationRegistry.getInstrumentation().runOnMainSync { result.add(runCatching(task)) }
    return result.take().getOrThrow()
}

/** Polls [read] until it gives a value, for at most [seconds]. */
fun <T : Any> eventually(what: String, seconds: Long = 30, read: () -> T?): T {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds)
    while (System.nanoTime() < deadline) {
        read()?.let { return it }
        Thread.sleep(50)
    }
    throw AssertionError("$what never came within $seconds s")
}

/**
 * A real `android.webkit.WebView` with the bridge installed as an app installs it: the app's own
 * `WebViewClient` set first (it serves the pages, from the test APK's assets or from [pages], with
 * `WebViewAssetLoader` on [domain] over HTTPS), then `install`, which wraps it. Made on the main
 * thread with the instrumentation's target context.
 */
class DevicePage(
    val bridge: TodayBridge,
    domain: String,
    pages: Map<String, String> = emptyMap(),
    val listener: BridgedWebViewListener? = null
) {
    val webView: WebView
    val bridged: BridgedWebView
    /** What the app's own client heard (`onPageFinished` URLs): the glue's wrapper passes it on. */
    val finished = LinkedBlockingQueue<String>()

    init {
        val instrumentation = InstrumentationRegistry.getInstrumentation()
        val loader = WebViewAssetLoader.Builder()
            .setDomain(domain)
            // The test APK's assets: the conformance kit (assets/conformance/, the build's conformanceAssets).
            .addPathHandler("/assets/", WebViewAssetLoader.AssetsPathHandler(instrumentation.context))
            .addPathHandler("/pages/", WebViewAssetLoader.PathHandler { path ->
                pages[path]?.let { WebResourceResponse("text/html", "utf-8", it.byteInputStream()) }
            })
            .build()
        val (view, installed) = onMain {
            val view = WebView(instrumentation.targetContext)
            view.settings.javaScriptEnabled = true
            view.webViewClient = object : WebViewClient() {
                override fun shouldInterceptRequest(view: WebView, request: WebResourceRequest): WebResourceResponse? =
                    loader.shouldInterceptRequest(request.url)

                override fun onPageFinished(view: WebView, url: String?) {
                    if (url != null) finished.add(url)
                }
            }
            view to bridge.install(view, listener = listener)
        }
        webView = view
        bridged = installed
    }

    /** Loads [url] and waits until the main frame shows it with its scripts run (`document.readyState`). */
    fun load(url: String): DevicePage {
        onMain { webView.loadUrl(url) }
        eventually("$url to show") { if (poll("document.readyState === 'complete' && location.href === ${JSONObject.quote(url)}") == "true") true else null }
        return this
    }

    /** `evaluateJavascript(script)`'s JSON result, or null when none came within [seconds]. */
    fun poll(script: String, seconds: Long = 5): String? {
        val result = LinkedBlockingQueue<String>()
        onMain { webView.evaluateJavascript(script) { result.add(it ?: "null") } }
        return result.poll(seconds, TimeUnit.SECONDS)
    }

    fun evaluate(script: String): String = poll(script, 10) ?: throw AssertionError("evaluateJavascript never answered: $script")

    /** `window.todayWebViewBridge.postMessage([message])` from the main frame, and its outcome: `{"value": …}` or `{"error": …}`. */
    fun call(key: String, message: JSONObject): JSONObject {
        evaluate("""window.results = window.results || {}; window.todayWebViewBridge.postMessage($message).then(
            (value) => { window.results[${JSONObject.quote(key)}] = { value: value === undefined ? 'undefined' : value }; },
            (error) => { window.results[${JSONObject.quote(key)}] = { error: String(error && error.message) }; }); true""")
        return eventually("the result of $key") {
            val text = evaluate("JSON.stringify((window.results || {})[${JSONObject.quote(key)}] || null)")
            // evaluateJavascript hands over the value as JSON: here a JSON string holding JSON.
            JSONObject("{\"r\":$text}").optString("r").takeIf { it.isNotEmpty() && it != "null" }?.let(::JSONObject)
        }
    }

    fun close() = onMain {
        bridged.close()
        webView.destroy()
    }
}

fun message(type: String, vararg fields: Pair<String, Any>): JSONObject =
    JSONObject().put("type", type).apply { fields.forEach { (key, value) -> put(key, value) } }
