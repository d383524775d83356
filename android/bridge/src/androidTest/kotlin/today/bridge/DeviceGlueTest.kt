package today.bridge

import android.webkit.RenderProcessGoneDetail
import android.webkit.WebView
import androidx.test.ext.junit.runners.AndroidJUnit4
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import org.junit.runner.RunWith
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/**
 * The glue over Android's own `WebView` (the system WebView of the emulator's image), with the
 * Swift core of the AAR (`libTodayBridgeJNI.so` for the emulator's ABI): what `GlueTest` proves
 * over the emulation here, checked on the platform itself. The pages are served by the app's own
 * `WebViewClient` (`WebViewAssetLoader`) at https://feed.example.com, a trusted surface.
 */
@RunWith(AndroidJUnit4::class)
class DeviceGlueTest {
    private val services = DeviceServices()
    private val bridge = TodayBridge(
        TodayBridgeConfiguration(
            deviceId = "device-1",
            surfaces = listOf(TrustedSurface("feed", listOf("https://feed.example.com"))),
            capabilities = listOf(AppCapability("slow", AppCapability.Access.ANY_FRAME))
        ),
        services
    )
    private val pages = CopyOnWriteArrayList<DevicePage>()

    private fun page(listener: BridgedWebViewListener? = null) =
        DevicePage(bridge, "feed.example.com", mapOf("index.html" to "<!doctype html><title>bridge</title><p>bridge"), listener).also { pages.add(it) }

    @After fun close() {
        pages.forEach { runCatching { it.close() } }
        bridge.close()
    }

    @Test fun a1_mainFrameRequestIsAnsweredThroughItsReplyProxy_andThePlatformIsAndroid() {
        val page = page().load(URL)
        val hello = page.call("hello", message("__today.hello")).getJSONObject("value")
        assertEquals("TodayBridge", hello.getJSONObject("host").getString("name"))
        assertEquals("\"android\"", page.evaluate("window.__todayWebView.platform"))
    }

    @Test fun s2_theTrustedMainFrameGetsTheToken_andTrackReachesTheApp() {
        val page = page().load(URL)
        val headers = page.call("headers", message("headers")).getJSONObject("value")
        assertEquals("Bearer device-token", headers.getString("Authorization"))
        assertEquals("undefined", page.call("track", message("track", "ename" to "on_device")).getString("value"))
        eventually("the recorded event") { services.recorded.firstOrNull { it.name == "on_device" } }
    }

    @Test fun theAppsOwnClientStillHearsItsCallbacks() {
        val page = page().load(URL)
        assertEquals(URL, page.finished.poll(10, TimeUnit.SECONDS))
    }

    @Test fun c5_aDeadRendererSettlesPendingCalls_closesTheBridge_andTheAppLives() {
        val gone = LinkedBlockingQueue<Boolean>()
        val page = page(object : BridgedWebViewListener() {
            override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean {
                gone.add(detail.didCrash())
                return true
            }
        }).load(URL)
        services.blockHandler = true
        page.evaluate("""window.todayWebViewBridge.postMessage({type: 'slow'}).then(() => {}, () => {}); true""")
        eventually("the handler to run") { if (services.handled.get() > 0) true else null }
        // WebView's debug URL that crashes the renderer (Chromium's chrome://crash), as Android's CTS does.
        onMain { page.webView.loadUrl("chrome://crash") }
        assertEquals(true, gone.poll(30, TimeUnit.SECONDS))
        val afterDeath = LinkedBlockingQueue<NativeCallResult>()
        page.bridged.call("anything") { afterDeath.add(it) }
        assertEquals("cancelled", afterDeath.poll(10, TimeUnit.SECONDS)?.code)
        assertTrue(services.diagnostics.any { it.code == "webProcessTerminated" })
        services.release()
    }

    private companion object {
        const val URL = "https://feed.example.com/pages/index.html"
    }
}

/** The app's services for the device tests: a token, recorded events, a capability that can wait. */
class DeviceServices : TodayBridgeServices {
    val recorded = CopyOnWriteArrayList<AnalyticsEvent>()
    val diagnostics = CopyOnWriteArrayList<BridgeDiagnostic>()
    val handled = java.util.concurrent.atomic.AtomicInteger()
    @Volatile var blockHandler = false
    private val gate = java.util.concurrent.CountDownLatch(1)

    override fun currentToken(): AccessToken? = AccessToken("device-token")
    override fun refreshToken(): AccessToken = AccessToken("device-token-2")
    override fun userId(): String? = "user-1"
    override fun record(events: List<AnalyticsEvent>) {
        recorded.addAll(events)
    }

    override fun handle(call: CapabilityCall): Any? {
        handled.incrementAndGet()
        if (blockHandler) gate.await(20, TimeUnit.SECONDS)
        return JSONObject().put("ok", true)
    }

    override fun diagnostic(diagnostic: BridgeDiagnostic) {
        diagnostics.add(diagnostic)
    }

    fun release() = gate.countDown()
}
