package today.bridge

import android.os.Looper
import android.webkit.CookieManager
import androidx.webkit.WebViewCompat
import androidx.webkit.WebViewFeature
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Before
import org.junit.Test
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit

/** Every built-in capability through the glue, the mirror's fake `WebView` and the Swift core. */
class GlueTest {
    private val services = FakeServices()
    private val bridges = mutableListOf<TodayBridge>()
    private val pages = mutableListOf<Page>()

    private fun page(configuration: TodayBridgeConfiguration = configuration(), url: String = "$FEED/app/"): Page {
        val bridge = bridges.firstOrNull() ?: TodayBridge(configuration, services).also { bridges.add(it) }
        return Page(bridge, url).also { pages.add(it) }
    }

    @Before fun reset() {
        WebViewFeature.mirrorReset()
        CookieManager.getInstance().mirrorReset()
    }

    @After fun close() {
        pages.forEach { it.close() }
        bridges.forEach { it.close() }
        Looper.mirrorDrainMain()
        assertEquals("exceptions on the UI thread", emptyList<Throwable>(), Looper.mirrorUncaught())
    }

    @Test fun `A1 a request gets its reply through its own frame's reply proxy, on the UI thread`() {
        val page = page()
        val other = page.frame("https://ads.example.net")
        val reply = page.call(message("__today.hello"))
        val hello = reply.getJSONObject("value")
        assertEquals("TodayBridge", hello.getJSONObject("host").getString("name"))
        assertTrue(hello.getJSONObject("capabilities").has("headers"))
        assertEquals(emptyList<String>(), other.replies())
    }

    @Test fun `C7 the document-start script is the platform tag and the shim, for the configured channel`() {
        val scripts = WebViewCompat.mirrorDocumentStartScripts(page().webView)
        assertEquals(1, scripts.size)
        assertTrue(scripts[0].contains("\"platform\":\"android\""))
        assertTrue(scripts[0].contains("\"bindingName\":\"$OBJECT_NAME\""))
    }

    @Test fun `T2 headers give the trusted main frame its Authorization and a sub-frame nothing (S1)`() {
        val page = page()
        val headers = page.call(message("headers")).getJSONObject("value")
        assertEquals("Bearer secret-token", headers.getString("Authorization"))
        val frame = page.frame(FEED)
        val fromFrame = page.call(message("headers"), from = frame)
        assertFalse(fromFrame.has("value"))
        assertFalse(frame.replies().any { it.contains("secret-token") })
    }

    @Test fun `T2 an untrusted page gets no Authorization (S2)`() {
        val page = page(url = "https://evil.example.net/")
        val reply = page.call(message("headers"), from = page.frame("https://evil.example.net", isMainFrame = true))
        assertFalse(reply.toString().contains("secret-token"))
    }

    @Test fun `T1 track reaches the app's analytics enriched, its non-BMP text intact`() {
        val page = page()
        val text = "𝄞 clef, 😀 face"
        val reply = page.call(message("track", "ename" to "song_played", "parameters" to JSONObject().put("title", text)))
        assertFalse(reply.has("error"))
        val event = eventually("the recorded event") { services.recorded.firstOrNull() }
        assertEquals("song_played", event.name)
        assertEquals(text, event.properties.getString("title"))
        assertEquals("device-1", event.deviceId)
        assertEquals("user-7", event.userId)
        assertTrue(services.threads.all { it.startsWith("TodayBridge services") })
    }

    @Test fun `T3 refreshes from two web views at once never run upstream at the same time`() {
        // One bridge serves both web views: a refresh from either joins the one in flight. (How
        // many upstream refreshes there are depends on when each call arrives; that two never run
        // at once does not.)
        services.refreshGate = CountDownLatch(1)
        services.handler = { "pong" }
        val withPing = configuration(capabilities = listOf(AppCapability("ping", AppCapability.Access.ANY_FRAME)))
        val first = page(withPing)
        val second = page(withPing)
        val calls = (1..10).map { index -> (if (index % 2 == 0) first else second).let { it to it.send(message("refreshToken")) } }
        eventually("the refresh to start") { if (services.refreshes.get() == 1) true else null }
        // Every call is in the core, and a call sent after them has been through the core's tasks.
        Looper.mirrorDrainMain()
        listOf(first, second).forEach { it.call(message("ping")) }
        services.refreshGate.countDown()
        val authorizations = calls.map { (page, id) -> page.reply(id).getJSONObject("value").getString("authorization") }
        assertTrue(authorizations.toString(), authorizations.all { it.startsWith("Bearer fresh-") })
        assertEquals(1, services.mostConcurrentRefreshes.get())
    }

    @Test fun `T4 establishSession mints the session cookie through CookieManager`() {
        val page = page()
        val reply = page.call(message("establishSession"))
        assertTrue(reply.getJSONObject("value").getBoolean("ok"))
        val cookies = CookieManager.getInstance().mirrorSetCookies()
        assertEquals(1, cookies.size)
        assertEquals("$FEED/api/", cookies[0][0])
        assertTrue(cookies[0][1].startsWith("embed_bearer=secret-token;"))
        assertTrue(cookies[0][1].contains("HttpOnly"))
        assertFalse(reply.toString().contains("secret-token"))
    }

    @Test fun `X1 an app capability is answered by the app with the sender's facts, a failure rejects`() {
        val capability = AppCapability("greet", AppCapability.Access.ANY_FRAME)
        val page = page(configuration(capabilities = listOf(capability)))
        services.handler = { call ->
            if (call.isMainFrame) JSONObject().put("text", "Hello, " + (call.request as JSONObject).getString("name") + " from " + call.origin + " on " + call.surface)
            else throw IllegalStateException("not from a sub-frame")
        }
        val reply = page.call(message("greet", "name" to "Ada 𝄞"))
        assertEquals("Hello, Ada 𝄞 from $FEED on feed", reply.getJSONObject("value").getString("text"))
        val rejected = page.call(message("greet", "name" to "Bob"), from = page.frame("https://ads.example.net"))
        assertTrue(rejected.getString("error").contains("not from a sub-frame"))
    }

    @Test fun `X3 a native event reaches the main frame through evaluateJavascript`() {
        val page = page()
        page.call(message("__today.subscribe", "event" to "cart"))
        page.bridged.emit("cart", "{\"items\":3}")
        val script = eventually("the event script") { page.webView.mirrorEvaluatedScripts().firstOrNull { it.contains("\"cart\"") } }
        assertTrue(script.contains("\"items\":3"))
    }

    @Test fun `X4 a native call reaches the page's handler and its answer comes back on the UI thread`() {
        val page = page()
        val results = java.util.concurrent.LinkedBlockingQueue<Pair<NativeCallResult, Boolean>>()
        onMain { page.bridged.call("confirmLeave", "{\"draft\":true,\"title\":\"𝄞\"}") { results.add(it to Looper.getMainLooper().isCurrentThread) } }
        val script = eventually("the call script") { page.webView.mirrorEvaluatedScripts().firstOrNull { it.contains("confirmLeave") } }
        assertTrue(script.contains("𝄞"))
        val id = Regex("\"id\":\"([0-9]+)\"").find(script)!!.groupValues[1]
        page.send(message("__today.reply", "id" to id, "value" to JSONObject().put("leave", true)))
        val (result, onUiThread) = results.poll(10, TimeUnit.SECONDS)!!
        assertTrue("answered on the UI thread", onUiThread)
        assertTrue(result.isSuccess)
        assertEquals(true, JSONObject(result.value).getBoolean("leave"))
    }

    @Test fun `X4 a native call the page does not answer in time settles as a timeout (C5)`() {
        val page = page()
        val results = java.util.concurrent.LinkedBlockingQueue<NativeCallResult>()
        onMain { page.bridged.call("neverAnswers", deadlineSeconds = 0.05) { results.add(it) } }
        val result = results.poll(10, TimeUnit.SECONDS)!!
        assertFalse(result.isSuccess)
        assertEquals("timeout", result.code)
    }

    @Test fun `S4 a new document settles the old document's pending calls`() {
        val gate = CountDownLatch(1)
        val page = page(configuration(capabilities = listOf(AppCapability("slow", AppCapability.Access.MAIN_FRAME))))
        services.handler = { gate.await(10, TimeUnit.SECONDS); "late" }
        val id = page.send(message("slow"))
        eventually("the handler to run") { if (services.threads.isNotEmpty()) true else null }
        val oldDocument = page.main
        page.webView.mirrorCommitNavigation("$FEED/app/next")
        val settlement = page.droppedReply(id, oldDocument)
        assertTrue(settlement.toString(), settlement.getString("error").contains("cancelled"))
        gate.countDown()
        eventually("the handler to return") { if (services.handled.get() > 0) true else null }
        val newDocument = page.frame(FEED, isMainFrame = true)
        page.call(message("__today.hello"), newDocument)  // a round trip after the late answer
        assertEquals(1, oldDocument.droppedReplies().size)
        assertEquals(1, newDocument.replies().size)
    }

    @Test fun `C5 a renderer gone settles every pending call and the app stays alive`() {
        val gate = CountDownLatch(1)
        val page = page(configuration(capabilities = listOf(AppCapability("slow", AppCapability.Access.MAIN_FRAME))))
        services.handler = { gate.await(10, TimeUnit.SECONDS); "late" }
        val ids = (1..5).map { page.send(message("slow")) }
        eventually("the handlers to run") { if (services.threads.isNotEmpty()) true else null }
        page.webView.mirrorRenderProcessGone(true)
        ids.forEach { assertTrue(page.droppedReply(it).has("error")) }
        gate.countDown()
        assertFalse(page.webView.mirrorAppWouldHaveBeenKilled())
    }

    @Test fun `C5 closing the web view settles every pending call`() {
        val gate = CountDownLatch(1)
        val page = page(configuration(capabilities = listOf(AppCapability("slow", AppCapability.Access.ANY_FRAME))))
        services.handler = { gate.await(10, TimeUnit.SECONDS); "late" }
        val ids = (1..100).map { page.send(message("slow")) }
        eventually("the calls to start") { if (services.threads.isNotEmpty()) true else null }
        page.webView.mirrorCloseWindow()
        ids.forEach { assertTrue(page.reply(it).getString("error").contains("cancelled")) }
        gate.countDown()
        assertEquals(100, page.main.replies().size)
    }

    @Test fun `C5 ten thousand calls at once each settle exactly once`() {
        val page = page(configuration(capabilities = listOf(AppCapability("echo", AppCapability.Access.ANY_FRAME)), maxCallsInFlight = 10_000))
        services.handler = { call -> (call.request as JSONObject).getString("text") }
        val count = 10_000
        val ids = (1..count).map { page.send(message("echo", "text" to "call $it 😀")) }
        eventually("$count replies") { if (page.main.replies().size >= count) true else null }
        Looper.mirrorDrainMain()
        val replies = page.main.replies().map(::JSONObject)
        assertEquals(count, replies.size)
        assertEquals(ids.toSet(), replies.map { it.getInt("id") }.toSet())
        replies.forEach { assertEquals("call ${it.getInt("id")} 😀", it.getString("value")) }
    }

    @Test fun `C5 a closed bridge installs nothing and says so`() {
        val bridge = TodayBridge(configuration(), services)
        bridge.close()
        var refused: Throwable? = null
        onMain {
            try {
                bridge.install(android.webkit.WebView(TestContext()))
            } catch (expected: IllegalStateException) {
                refused = expected
            }
        }
        assertTrue(refused?.message ?: "installed", refused != null)
    }

    @Test fun `A1 without WEB_MESSAGE_LISTENER the fallback answers in the main frame and serves no credential (S1)`() {
        WebViewFeature.mirrorSetSupported(WebViewFeature.WEB_MESSAGE_LISTENER, false)
        val page = page()
        val request = JSONObject().put("id", 41).put("message", message("headers")).toString()
        page.main.callJavascriptInterface(OBJECT_NAME, "postMessage", request)
        val script = eventually("the reply script") { page.webView.mirrorEvaluatedScripts().firstOrNull { it.contains("todaywebviewbridge:reply") } }
        assertTrue(script.contains("\\\"id\\\":41"))
        assertFalse(script.contains("secret-token"))
    }

    @Test fun `A2 without DOCUMENT_START_SCRIPT the scripts run when each page starts`() {
        WebViewFeature.mirrorSetSupported(WebViewFeature.DOCUMENT_START_SCRIPT, false)
        val page = page()
        val scripts = page.webView.mirrorEvaluatedScripts()
        assertTrue(scripts.any { it.contains("\"bindingName\":\"$OBJECT_NAME\"") })
    }
}
