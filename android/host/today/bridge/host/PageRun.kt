package today.bridge.host

import android.content.Context
import android.os.Handler
import android.webkit.RenderProcessGoneDetail
import android.webkit.WebView
import androidx.webkit.WebSettingsCompat
import today.bridge.BridgedWebView
import today.bridge.BridgedWebViewListener
import today.bridge.TodayBridge
import today.bridge.TodayBridgeConfiguration
import today.bridge.TrafficRecording
import today.bridge.TrustedSurface
import java.io.File

/** How a page run ended, as the process's exit status (`today-bridge open`'s). */
enum class End(val status: Int) { CLOSED_ITSELF(0), TIMED_OUT(1), WEB_PROCESS_ENDED(3) }

/**
 * One page in one `WebView` with the bridge installed, on the UI thread, until the page closes
 * itself, its renderer dies or the time runs out; then, off the looper, what an app does before
 * it goes: the analytics flushed, the recording written.
 */
class PageRun(private val options: HostOptions) {
    /** The web view's own thread (`WebView.getWebViewLooper()`), where the run posts its work. */
    private lateinit var ui: Handler
    private var end: End? = null
    private lateinit var bridge: TodayBridge
    private lateinit var webView: WebView
    private lateinit var bridged: BridgedWebView
    private var recording: TrafficRecording? = null
    private val services = HostServices(options, { bridged }, { ui.post { end(End.CLOSED_ITSELF) } })

    /** On the UI thread: the bridge, the web view, the page. */
    fun start() {
        bridge = TodayBridge(configuration(), services)
        recording = options.inspect?.let { bridge.recordTraffic() }
        webView = WebView(AppContext())
        ui = Handler(webView.webViewLooper)
        webView.settings.javaScriptEnabled = true
        // As an app opts in (androidx.webkit, experimental; Android Lint asks for an opt-in the emulation has no Lint for).
        if (options.backForwardCache) WebSettingsCompat.setBackForwardCacheEnabled(webView.settings, true)
        bridged = bridge.install(webView, listener = object : BridgedWebViewListener() {
            override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean {
                System.err.println("today-bridge: web process ended: ${if (detail.didCrash()) "crashed" else "killed"}")
                end(End.WEB_PROCESS_ENDED)
                return true  // the web view goes with the run
            }

            override fun onCloseWindow(view: WebView) = end(End.CLOSED_ITSELF)
        })
        options.rawEchoShim?.let { RawEcho.install(webView, File(it).readText()) }
        webView.loadUrl(options.url)
        ui.postDelayed({
            if (end == null) System.err.println("today-bridge: timed out")
            end(End.TIMED_OUT)
        }, (options.timeoutSeconds * 1000).toLong())
    }

    /** After the looper ended, on the same thread: returns the exit status. */
    fun finish(): Int {
        bridged.close()
        bridge.flushAnalytics()
        services.printBurstReport()
        recording?.let { File(options.inspect!!).writeText(it.stop()) }
        if (options.printPeakMemory) println("{\"hostPeakResidentKiB\":${peakResidentKiB()}}")
        System.out.flush()
        webView.destroy()
        bridge.close()
        return (end ?: End.TIMED_OUT).status
    }

    private fun end(how: End) {
        if (end != null) return
        end = how
        webView.webViewLooper.quitSafely()
    }

    private fun configuration(): TodayBridgeConfiguration {
        val capabilities = (if (options.testCapabilities) TestCapabilities.declared else emptyList()) +
            (if (options.conformanceFixture) ConformanceFixture.declared else emptyList())
        val streams = (if (options.testCapabilities) TestCapabilities.declaredStreams else emptyList()) +
            (if (options.conformanceFixture) ConformanceFixture.declaredStreams else emptyList())
        return TodayBridgeConfiguration(
            deviceId = "today-bridge-cli",
            surfaces = if (options.trustedOrigins.isEmpty()) emptyList() else listOf(TrustedSurface("default", options.trustedOrigins)),
            capabilities = capabilities,
            streams = streams,
            maxMessageBytes = options.maxMessageBytes
        )
    }

    /** This process's peak resident set in KiB (`VmHWM`). */
    private fun peakResidentKiB(): Long =
        File("/proc/self/status").readLines().firstOrNull { it.startsWith("VmHWM:") }?.split(Regex("\\s+"))?.getOrNull(1)?.toLong() ?: 0

    private class AppContext : Context()
}
