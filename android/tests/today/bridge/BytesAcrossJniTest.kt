package today.bridge

import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.Base64
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Executors
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

private const val FEED = "https://feed.example.com"

/**
 * Bytes between the Kotlin glue and the JNI core (B2, the attachments form): they cross JNI as
 * `ByteArray`s beside the JSON text, both ways, never as base64; the app reads and makes them with
 * [BridgeBytes], whose values hold the arrays themselves.
 */
class BytesAcrossJniTest : OnePageTest() {
    /** A web view's host: the replies for its frames, with the bytes beside them. */
    private class FrameHost : NativeHost {
        val replies = ConcurrentHashMap<Any, Pair<String, Array<ByteArray>?>>()

        override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) {
            replies[route] = reply.utf8() to attachments
        }

        override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) = Unit
    }

    /** The app's services host as the glue makes it, with what the core handed it over JNI noted first. */
    private class SeeingHost(val glue: ServiceHost) : NativeHost {
        val calls = CopyOnWriteArrayList<Pair<String, Array<ByteArray>?>>()

        override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) = Unit

        override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) {
            if (service == Wire.HostServices.CAPABILITY) calls.add(arguments.utf8() to attachments)
            glue.service(callId, service, arguments, attachments)
        }
    }

    @Test fun `B1 B2 a capability's bytes cross JNI beside the text both ways, never as base64, and the app reads the arrays that crossed`() {
        val executor = Executors.newCachedThreadPool()
        val seen = CopyOnWriteArrayList<Any?>()
        val answered = ByteArray(300_000) { (it * 7 + 1).toByte() }
        services.handler = { call ->
            val request = call.request as JSONObject
            seen.add(BridgeBytes.fromJson(request.opt("data")))
            seen.add(BridgeBytes.fromJson(request.getJSONArray("list").opt(1)))
            JSONObject().put("echoed", BridgeBytes.toJson(answered)).put("none", BridgeBytes.toJson(ByteArray(0)))
        }
        val host = SeeingHost(ServiceHost(services, executor))
        val configuration = configuration(listOf(AppCapability("echo", AppCapability.Access.ANY_FRAME))).toWire().toJson().toString().utf8()
        val bridge = NativeBridge.create(configuration, host)
        host.glue.handle = bridge
        val frames = FrameHost()
        val webView = NativeBridge.connect(bridge, frames, true)
        NativeBridge.documentDidChange(webView, "$FEED/app/".utf8())
        val sent = ByteArray(1 shl 20) { (it * 31 + 7).toByte() }
        val request = """{"id":1,"attachments":2,"message":{"type":"echo","data":{"__today.bytes":0},"list":[1,{"__today.bytes":1}]}}"""
        val route = Any()
        assertNull(NativeBridge.receive(webView, request.utf8(), arrayOf(sent, ByteArray(0)), true, FEED.utf8(), route))
        val (text, attachments) = eventually("the reply") { frames.replies[route] }

        // Core to app: the request's text names its bytes by index; the bytes came beside it.
        val (arguments, carried) = host.calls.single()
        assertTrue(arguments, arguments.contains("\"data\":{\"__today.bytes\":0}") && arguments.contains("[1,{\"__today.bytes\":1}]"))
        assertTrue("base64 crossed: ${arguments.length} characters", arguments.length < 200)
        assertEquals(listOf(1 shl 20, 0), carried!!.map { it.size })
        assertArrayEquals(sent, carried[0])
        // The app read the very arrays that crossed: no copy, no decoding.
        assertSame(carried[0], seen[0])
        assertSame(carried[1], seen[1])

        // App to page: the answer's bytes came back beside the reply's text, in the order it names them.
        val reply = JSONObject(text)
        assertEquals(1, reply.getInt("id"))
        assertFalse(text, text.contains(Base64.getEncoder().encodeToString(answered.copyOf(30))))
        val value = reply.getJSONObject("value")
        assertArrayEquals(answered, attachments!![value.getJSONObject("echoed").getInt("__today.bytes")])
        assertEquals(0, attachments[value.getJSONObject("none").getInt("__today.bytes")].size)
        assertEquals(2, attachments.size)
        NativeBridge.release(webView)
        NativeBridge.destroy(bridge)
        executor.shutdown()
    }

    @Test fun `B1 B2 fromJson reads the bytes a value holds and the base64 form, and toJson's value written as text is the base64 form`() {
        val bytes = byteArrayOf(0, 1, 2, -3, -2, -1)
        val made = BridgeBytes.toJson(bytes)
        assertSame("toJson holds the app's array", bytes, BridgeBytes.fromJson(made))
        // Android's org.json writes a member it does not know as its quoted toString(): the base64 form.
        assertEquals("{\"__today.bytes\":\"AAEC\\/f7\\/\"}", made.toString())
        assertArrayEquals(bytes, BridgeBytes.fromJson(JSONObject(made.toString())))
        assertArrayEquals(bytes, BridgeBytes.fromJson(JSONObject().put("__today.bytes", "AAEC/f7/")))
        assertArrayEquals(bytes, BridgeBytes.fromJson(JSONArray(JSONArray().put(JSONObject().put("x", made)).toString()).getJSONObject(0).opt("x")))
        assertArrayEquals(ByteArray(0), BridgeBytes.fromJson(BridgeBytes.toJson(ByteArray(0))))
        assertEquals("{\"__today.bytes\":\"\"}", BridgeBytes.toJson(ByteArray(0)).toString())
        // A request's byte value, as the glue hands it over, holds the array that crossed.
        val crossed = byteArrayOf(9, 8, 7)
        val request = JsonText.parseObject("""{"data":{"__today.bytes":0}}""".utf8(), arrayOf(crossed))
        assertSame(crossed, BridgeBytes.fromJson(request.opt("data")))
    }

    @Test fun `B2 the glue writes an app's nested byte values as attachments in order, the empty one included, without changing the app's objects`() {
        val first = byteArrayOf(1, 2, 3)
        val empty = ByteArray(0)
        val last = ByteArray(5) { 42 }
        val inner = JSONObject().put("b", BridgeBytes.toJson(empty))
        val answer = JSONObject()
            .put("list", JSONArray().put(BridgeBytes.toJson(first)).put(inner).put(JSONArray().put(JSONArray().put(BridgeBytes.toJson(last)))))
            .put("text", "a \"quoted\" \\ line\n\u0001 é 😀 </script>")
            .put("n", 1.5).put("whole", 3).put("no", false).put("nothing", JSONObject.NULL)
        val before = answer.toString()
        val json = JsonText.of(answer)!!
        val text = json.utf8.utf8()
        assertEquals(
            """{"list":[{"__today.bytes":0},{"b":{"__today.bytes":1}},[[{"__today.bytes":2}]]],"text":"a \"quoted\" \\ line\n\u0001 é 😀 </script>","n":1.5,"whole":3,"no":false,"nothing":null}""",
            text
        )
        val attachments = json.attachments!!
        assertEquals(3, attachments.size)
        assertSame(first, attachments[0])
        assertSame(empty, attachments[1])
        assertSame(last, attachments[2])
        // The app's objects are as they were: the same text, the same arrays held.
        assertEquals(before, answer.toString())
        assertSame(first, BridgeBytes.fromJson(answer.getJSONArray("list").get(0)))
        assertSame(empty, BridgeBytes.fromJson(inner.get("b")))
        // The text reads back as the app's JSON, the bytes held again.
        val back = JsonText.parseObject(json.utf8, json.attachments)
        assertEquals(answer.getString("text"), back.getString("text"))
        assertSame(last, BridgeBytes.fromJson(back.getJSONArray("list").getJSONArray(2).getJSONArray(0).get(0)))
        // Without bytes nothing crosses beside the text; top-level values as the capability API takes them.
        assertNull(JsonText.of(JSONObject().put("a", 1))!!.attachments)
        assertNull(JsonText.of(null))
        assertEquals("null", JsonText.of(JSONObject.NULL)!!.utf8.utf8())
        assertEquals("\"x\"", JsonText.of("x")!!.utf8.utf8())
        assertEquals("{\"__today.bytes\":0}", JsonText.of(BridgeBytes.toJson(first))!!.utf8.utf8())
    }

    @Test fun `X1 the glue refuses an answer that is not JSON, as before`() {
        for (notJson in listOf<Any>(Any(), byteArrayOf(1), listOf(1), Double.NaN)) {
            try {
                JsonText.of(notJson)
                throw AssertionError("wrote $notJson")
            } catch (expected: IllegalArgumentException) {
                // refused
            }
        }
    }

    @Test fun `B4 X7 the app's own answer is not bounded by the pages' message limit, bytes over maxMessageBytes reach the page whole`() {
        val size = 200_000
        services.handler = { JSONObject().put("data", BridgeBytes.toJson(ByteArray(size) { (it * 31 + 7).toByte() })) }
        val url = TestServer.page("/bytes-jni-over-limit")
        val made = TodayBridge(configuration(listOf(AppCapability("echo", AppCapability.Access.ANY_FRAME)), maxMessageBytes = 64 shl 10), services)
        bridge = made
        val page = Page(made).also { page = it }.load(url)
        assertTrue(made.attachesBytes)
        page.evaluate("""(() => {
            window.results = {};
            window.todayWebViewBridge.postMessage({ type: 'echo' }).then((value) => {
              const data = value && value.data;
              let same = data instanceof Uint8Array && data.length === $size;
              for (let index = 0; same && index < data.length; index++) same = data[index] === ((index * 31 + 7) & 255);
              window.results.big = { value: same ? 'same' : 'different' };
            }, (error) => { window.results.big = { error: String(error && error.message) }; });
            return true;
          })()""")
        assertEquals("{\"value\":\"same\"}", page.result("big").toString())
    }

    @Test fun `B1 B2 X3 X4 an event's data and a native call's arguments given as JSON values carry their bytes to the page as Uint8Arrays`() {
        val url = TestServer.page("/bytes-jni-deliveries", """<script>
            window.events = [];
            const bytes = (value) => value instanceof Uint8Array ? Array.from(value) : 'not bytes';
            addEventListener('todaywebviewbridge', (event) => {
              const delivery = event.detail;
              if (delivery.kind === 'event') window.events.push({ data: bytes(delivery.data.data), nested: bytes(delivery.data.list[0][0]) });
              if (delivery.kind === 'call') window.todayWebViewBridge.postMessage({ type: '__today.reply', id: delivery.id, value: { got: bytes(delivery.args.data), empty: bytes(delivery.args.empty) } });
            });
            </script>""")
        val made = TodayBridge(configuration(), services)
        bridge = made
        val page = Page(made).also { page = it }.load(url)
        page.call("subscribe", message("__today.subscribe", "event" to "photo"))
        page.bridged.emit("photo", JSONObject().put("data", BridgeBytes.toJson(byteArrayOf(1, 2, -1))).put("list", JSONArray().put(JSONArray().put(BridgeBytes.toJson(ByteArray(0))))))
        assertEquals(
            "[{\"data\":[1,2,255],\"nested\":[]}]",
            eventually("the event") { page.evaluate("window.events.length ? JSON.stringify(window.events) : null").takeIf { it != "null" } }.let { JSONObject("{\"e\":$it}").getString("e") }
        )
        val results = LinkedBlockingQueue<NativeCallResult>()
        page.bridged.call("upload", JSONObject().put("data", BridgeBytes.toJson(byteArrayOf(7, 8))).put("empty", BridgeBytes.toJson(ByteArray(0)))) { results.add(it) }
        val result = results.poll(10, TimeUnit.SECONDS)!!
        assertEquals(null, result.error)
        val value = JSONObject(result.value)
        assertEquals("[7,8]", value.getJSONArray("got").toString())
        assertEquals("[]", value.getJSONArray("empty").toString())
    }
}
