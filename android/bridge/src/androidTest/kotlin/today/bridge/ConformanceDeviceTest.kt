package today.bridge

import androidx.test.ext.junit.runners.AndroidJUnit4
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Test
import org.junit.runner.RunWith
import today.bridge.host.ConformanceFixture
import java.util.concurrent.CopyOnWriteArrayList

/**
 * The conformance kit (the web package's conformance/ pages, in the test APK's assets) on Android's
 * own WebView, as ConformanceKit.md's Android section describes: the app's bridge with the
 * fixture's capabilities and stream (`ConformanceFixture`, the same source the JVM host
 * registers), the kit loaded at a trusted surface and at an origin on no surface, and every rule
 * it checks passed.
 * Without the kit's second origin (no `frame`) and session endpoint, which this test does not serve.
 */
@RunWith(AndroidJUnit4::class)
class ConformanceDeviceTest {
    private val bridges = CopyOnWriteArrayList<TodayBridge>()
    private val pages = CopyOnWriteArrayList<DevicePage>()

    @After fun close() {
        pages.forEach { runCatching { it.close() } }
        bridges.forEach { it.close() }
    }

    @Test fun trusted() = passes("trusted", "feed.example.com")

    @Test fun untrusted() = passes("untrusted", "elsewhere.example.org")

    private fun passes(mode: String, domain: String) {
        var page: DevicePage? = null
        val handlers = ConformanceFixture.handlers { page!!.bridged }
        val bridge = TodayBridge(
            TodayBridgeConfiguration(
                deviceId = "conformance-device",
                surfaces = listOf(TrustedSurface("feed", listOf("https://feed.example.com"))),
                capabilities = ConformanceFixture.declared,
                streams = ConformanceFixture.declaredStreams
            ),
            object : TodayBridgeServices {
                override fun currentToken(): AccessToken? = AccessToken("conformance-token")
                override fun refreshToken(): AccessToken = AccessToken("conformance-token-2")
                override fun record(events: List<AnalyticsEvent>) = Unit
                override fun handle(call: CapabilityCall): Any? {
                    val handler = handlers[call.type] ?: throw UnsupportedOperationException(call.type)
                    return handler(call.request as JSONObject)
                }
                override fun stream(call: CapabilityCall, stream: BridgeStream) {
                    val producer = ConformanceFixture.streams[call.type] ?: throw UnsupportedOperationException(call.type)
                    producer(call.request as JSONObject, stream)
                }
            }
        ).also { bridges.add(it) }
        page = DevicePage(bridge, domain).also { pages.add(it) }
        page.load("https://$domain/assets/conformance/index.html?mode=$mode")
        val report = JSONObject(eventually("the kit's report", seconds = 120) {
            page.poll("window.todayConformance ? JSON.stringify(window.todayConformance) : null")?.takeIf { it != "null" }
        }.let { JSONObject("{\"r\":$it}").getString("r") })
        assertEquals("android", report.getString("platform"))
        val rules = report.getJSONArray("rules")
        val failing = (0 until rules.length()).map { rules.getJSONObject(it) }.filter { !it.getBoolean("passed") }
        assertEquals(report.toString(2), emptyList<String>(), failing.map { it.getString("id") })
    }
}
