package today.bridge

import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNotEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import java.lang.ref.WeakReference
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList

private const val FEED = "https://feed.example.com"

/** The JNI surface itself, driven the way the glue drives it, with hosts that record. */
class NativeBridgeTest {
    /** Records what the core sends; completes services only when told to. */
    private class RecordingHost : NativeHost {
        val replies = ConcurrentHashMap<Any, String>()
        val services = CopyOnWriteArrayList<Pair<Long, String>>()
        val threads: MutableSet<String> = ConcurrentHashMap.newKeySet()

        override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) {
            threads.add(Thread.currentThread().name)
            replies[route] = reply.utf8()
        }

        override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) {
            threads.add(Thread.currentThread().name)
            services.add(callId to service)
        }
    }

    private val configuration = TodayBridgeConfiguration("device-1", listOf(TrustedSurface("feed", listOf(FEED)))).toWire().toJson().toString().utf8()

    private fun request(id: Int, message: JSONObject) = JSONObject().put("id", id).put("message", message).toString().utf8()

    /** A web view of [bridge] showing the trusted page `FEED/app/`. */
    private fun connect(bridge: Long, host: NativeHost): Long {
        val webView = NativeBridge.connect(bridge, host, false)
        NativeBridge.documentDidChange(webView, "$FEED/app/".utf8())
        return webView
    }

    /** A request from the main frame; an answer returned at once goes to [host] as the glue posts it. */
    private fun receive(webView: Long, host: RecordingHost, request: ByteArray, route: Any) {
        NativeBridge.receive(webView, request, null, true, FEED.utf8(), route)?.let { host.replies[route] = it.utf8() }
    }

    @Test fun `A1 create, connect, answer, disconnect and destroy`() {
        val services = RecordingHost()
        val bridge = NativeBridge.create(configuration, services)
        assertNotEquals(0L, bridge)
        val installation = JSONObject(NativeBridge.installation(bridge, false)!!.utf8())
        assertEquals(OBJECT_NAME, installation.getString("jsObjectName"))
        val host = RecordingHost()
        val webView = connect(bridge, host)
        assertNotEquals(0L, webView)
        val route = Any()
        receive(webView, host, request(1, message("__today.hello")), route)
        val reply = JSONObject(eventually("the reply") { host.replies[route] })
        assertEquals(1, reply.getInt("id"))
        NativeBridge.disconnect(webView)
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
    }

    @Test fun `A1 an answer the core gives at once is the method's return value, a later one comes through the host`() {
        val services = RecordingHost()
        val bridge = NativeBridge.create(configuration, services)
        val host = RecordingHost()
        val webView = connect(bridge, host)
        val now = Any()
        val returned = NativeBridge.receive(webView, request(1, message("__today.hello")), null, true, FEED.utf8(), now)
        assertEquals(1, JSONObject(returned!!.utf8()).getInt("id"))
        val later = Any()
        assertNull(NativeBridge.receive(webView, request(2, message("refreshToken")), null, true, FEED.utf8(), later))
        val (callId, _) = eventually("the refresh service call") { services.services.firstOrNull() }
        NativeBridge.completeService(bridge, callId, """{"value":"fresh"}""".utf8(), null, null)
        assertEquals(2, JSONObject(eventually("the later reply") { host.replies[later] }).getInt("id"))
        assertFalse("an answer given at once was also sent to the host", host.replies.containsKey(now))
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
    }

    @Test fun `S1 each request is judged by its own frame, origin and document, however many came before`() {
        val bridge = NativeBridge.create(configuration, RecordingHost())
        NativeBridge.setToken(bridge, """{"value":"secret","scheme":"Bearer"}""".utf8())
        val webView = connect(bridge, RecordingHost())
        var id = 0
        fun headers(isMainFrame: Boolean, origin: String): String {
            id += 1
            return NativeBridge.receive(webView, request(id, message("headers")), null, isMainFrame, origin.utf8(), Any())!!.utf8()
        }
        val credential = "Bearer secret"
        assertTrue(headers(true, FEED).contains(credential))
        assertFalse("a sub-frame of the same origin got the credential", headers(false, FEED).contains(credential))
        assertTrue(headers(true, FEED).contains(credential))
        assertFalse("another origin's main frame got the credential", headers(true, "https://ads.example.com").contains(credential))
        assertTrue(headers(true, FEED).contains(credential))
        NativeBridge.documentDidChange(webView, "https://ads.example.com/".utf8())
        assertFalse("a page off the surface got the credential", headers(true, FEED).contains(credential))
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
    }

    @Test fun `S4 a document restored from the back-forward cache is judged by its own URL again, and its earlier calls stay settled`() {
        val services = RecordingHost()
        val bridge = NativeBridge.create(configuration, services)
        val host = RecordingHost()
        val webView = connect(bridge, host)
        val inFlight = Any()
        receive(webView, host, request(1, message("refreshToken")), inFlight)
        eventually("the refresh service call") { services.services.firstOrNull() }
        // The trusted page is left for a page off the surface: its call settles, as cancelled.
        NativeBridge.documentDidChange(webView, "https://ads.example.com/".utf8())
        assertTrue(JSONObject(eventually("the left page's reply") { host.replies[inFlight] }).getString("error").contains("cancelled"))
        NativeBridge.setToken(bridge, """{"value":"secret","scheme":"Bearer"}""".utf8())
        fun headers(id: Int) = NativeBridge.receive(webView, request(id, message("headers")), null, true, FEED.utf8(), Any())!!.utf8()
        assertFalse("the page off the surface got the credential", headers(2).contains("Bearer secret"))
        NativeBridge.documentWasRestored(webView, "$FEED/app/".utf8())
        assertTrue("the restored trusted page lost its credential", headers(3).contains("Bearer secret"))
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
    }

    @Test fun `X7 a configuration the core refuses is an IllegalArgumentException`() {
        for (bad in listOf("{}", "not json", """{"deviceID":"d","surfaces":[{"name":"feed","origins":["https://*bad*"]}]}""")) {
            try {
                NativeBridge.create(bad.utf8(), RecordingHost())
                fail("accepted $bad")
            } catch (expected: IllegalArgumentException) {
                assertTrue(expected.message!!.startsWith("TodayBridge configuration"))
            }
        }
    }

    @Test fun `C5 unknown, released and destroyed handles are ignored`() {
        val bridge = NativeBridge.create(configuration, RecordingHost())
        val webView = connect(bridge, RecordingHost())
        NativeBridge.disconnect(webView)
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
        for (handle in listOf(0L, -1L, 987_654L, bridge, webView)) {
            receive(handle, RecordingHost(), request(1, message("__today.hello")), Any())
            NativeBridge.documentDidChange(handle, null)
            NativeBridge.documentWasRestored(handle, null)
            NativeBridge.webProcessDidTerminate(handle, true)
            NativeBridge.emit(handle, "cart".utf8(), null, null)
            NativeBridge.completeService(handle, 1, null, null, null)
            NativeBridge.disconnect(handle)
            NativeBridge.release(handle)
            NativeBridge.destroy(handle)
            assertNull(NativeBridge.installation(handle, false))
        }
        assertEquals(0L, NativeBridge.connect(bridge, RecordingHost(), false))
    }

    @Test fun `C5 a closed web view still answers what its page sends, until the glue releases it`() {
        val bridge = NativeBridge.create(configuration, RecordingHost())
        val host = RecordingHost()
        val webView = connect(bridge, host)
        NativeBridge.disconnect(webView)
        val closed = Any()
        receive(webView, host, request(2, message("refreshToken")), closed)
        assertTrue(JSONObject(eventually("the reply") { host.replies[closed] }).getString("error").contains("cancelled"))
        NativeBridge.release(webView)
        val released = Any()
        receive(webView, host, request(3, message("__today.hello")), released)
        assertFalse(host.replies.containsKey(released))
        NativeBridge.destroy(bridge)
    }

    @Test fun `C5 a destroyed bridge fails the services the app has not answered, and the page's call settles`() {
        val services = RecordingHost()
        val bridge = NativeBridge.create(configuration, services)
        val host = RecordingHost()
        val webView = connect(bridge, host)
        val route = Any()
        receive(webView, host, request(7, message("refreshToken")), route)
        val (callId, service) = eventually("the refresh service call") { services.services.firstOrNull() }
        assertEquals("refreshToken", service)
        NativeBridge.destroy(bridge)
        val reply = JSONObject(eventually("the reply") { host.replies[route] })
        assertTrue(reply.has("error"))
        NativeBridge.completeService(bridge, callId, """{"value":"late"}""".utf8(), null, null)  // too late: ignored
        NativeBridge.release(webView)
    }

    @Test fun `C5 a service completed twice or with an unknown id settles its call once`() {
        val services = RecordingHost()
        val bridge = NativeBridge.create(configuration, services)
        val host = RecordingHost()
        val webView = connect(bridge, host)
        val route = Any()
        receive(webView, host, request(3, message("headers")), route)
        val (callId, _) = eventually("the token service call") { services.services.firstOrNull() }
        NativeBridge.completeService(bridge, callId + 1000, """{"value":"wrong"}""".utf8(), null, null)
        NativeBridge.completeService(bridge, callId, """{"value":"right 😀"}""".utf8(), null, null)
        NativeBridge.completeService(bridge, callId, """{"value":"again"}""".utf8(), null, null)
        val reply = JSONObject(eventually("the reply") { host.replies[route] })
        assertEquals("Bearer right 😀", reply.getJSONObject("value").getString("Authorization"))
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
    }

    @Test fun `A1 an unreadable request with the shim's id is still answered, and a notification is not`() {
        val bridge = NativeBridge.create(configuration, RecordingHost())
        val host = RecordingHost()
        val webView = connect(bridge, host)
        val broken = Any()
        val notification = Any()
        receive(webView, host, """{"id":5,"message":{"type":""".utf8(), broken)
        receive(webView, host, """{"message":{"type":"track","ename":"seen"}}""".utf8(), notification)
        assertEquals(5, JSONObject(eventually("the reply") { host.replies[broken] }).getInt("id"))
        receive(webView, host, request(6, message("__today.hello")), Any())
        eventually("the next reply") { if (host.replies.size == 2) true else null }
        assertFalse(host.replies.containsKey(notification))
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
    }

    @Test fun `C5 no global reference outlives what it was for`() {
        // Every reply route, and each host once its bridge or web view is gone, must be collectable:
        // a JNI global reference left behind would keep it alive.
        val weak = mutableListOf<WeakReference<Any>>()
        fun exercise() {
            val services = RecordingHost()
            val bridge = NativeBridge.create(configuration, services)
            val host = RecordingHost()
            val webView = connect(bridge, host)
            weak += WeakReference<Any>(services)
            weak += WeakReference<Any>(host)
            val routes = (1..200).map { Any() }
            routes.forEachIndexed { index, route ->
                weak += WeakReference(route)
                val bytes = if (index % 2 == 0) request(index, message("__today.hello"))
                else """{"message":{"type":"track","ename":"seen"}}""".utf8()  // a notification: never answered
                receive(webView, host, bytes, route)
            }
            eventually("the replies") { if (host.replies.size == 100) true else null }
            host.replies.clear()
            NativeBridge.release(webView)
            NativeBridge.destroy(bridge)
        }
        exercise()
        eventually("every route and host to be collected") {
            System.gc()
            if (weak.all { it.get() == null }) true else null
        }
    }
}
