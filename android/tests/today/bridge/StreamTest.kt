package today.bridge

import org.json.JSONArray
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/**
 * The app's streaming capabilities (ST1–ST5) through the glue, its JNI core and the emulation of
 * Android's WebView over a real Chromium: the page speaks the stream messages itself, as the SDK
 * does, and keeps what it was delivered.
 */
class StreamTest {
    private val streams = ConcurrentProducers()
    private var bridge: TodayBridge? = null
    private var page: Page? = null

    /** The app's services with [producers] for its streams, by type. */
    private class ConcurrentProducers : TodayBridgeServices {
        val producers = java.util.concurrent.ConcurrentHashMap<String, (CapabilityCall, BridgeStream) -> Unit>()
        val threads = CopyOnWriteArrayList<String>()
        override fun currentToken(): AccessToken? = null
        override fun refreshToken(): AccessToken = throw UnsupportedOperationException()
        override fun record(events: List<AnalyticsEvent>) = Unit
        override fun stream(call: CapabilityCall, stream: BridgeStream) {
            threads.add(Thread.currentThread().name)
            producers.getValue(call.type)(call, stream)
        }
    }

    private fun page(vararg capabilities: AppCapability): Page {
        // The server first: the browser trusts its certificate only when it starts after it.
        val url = TestServer.page("/streams-" + capabilities.joinToString("-") { it.type }, PAGE)
        val bridge = TodayBridge(
            TodayBridgeConfiguration(deviceId = "device-1", streams = capabilities.toList()), streams)
        this.bridge = bridge
        return Page(bridge).also { page = it }.load(url)
    }

    @After fun close() {
        page?.close()
        bridge?.close()
        assertNothingThrownOnMain()
        assertFalse("a producer ran on the UI thread", streams.threads.contains("main"))
    }

    @Test fun `ST1 ST2 ST5 values arrive in order with the request's fields, then one end, and later sends return false`() {
        val after = LinkedBlockingQueue<Boolean>()
        streams.producers["count"] = { call, stream ->
            val to = (call.request as JSONObject).getInt("to")
            for (n in 1..to) check(stream.send(JSONObject().put("n", n).put("text", "𝄞")))
            stream.finish()
            stream.finish()
            stream.fail("late", "ignored")
            after.add(stream.send(0))
        }
        val page = page(AppCapability("count", AppCapability.Access.ANY_FRAME))
        assertEquals(16, page.open("count", "s1", "to" to 100, "ack" to true).getInt("window"))
        val ended = page.ended("s1")
        assertEquals("finished", ended.getJSONObject("end").getString("end"))
        assertEquals(1, ended.getInt("ends"))
        val values = ended.getJSONArray("values")
        assertEquals((1..100).toList(), List(values.length()) { values.getJSONObject(it).getInt("n") })
        assertEquals("𝄞", values.getJSONObject(99).getString("text"))
        assertEquals(false, after.poll(10, TimeUnit.SECONDS))
    }

    @Test fun `ST3 ST4 send blocks while the window is full, a page cancel unblocks it with false and reaches onCancel off the UI thread`() {
        val sent = AtomicInteger()
        val cancelled = LinkedBlockingQueue<String>()
        val stopped = LinkedBlockingQueue<Boolean>()
        streams.producers["endless"] = { _, stream ->
            stream.onCancel { cancelled.add(Thread.currentThread().name) }
            while (stream.send(sent.get())) sent.incrementAndGet()
            stopped.add(stream.isCancelled)
            stream.finish()
        }
        val page = page(AppCapability("endless", AppCapability.Access.ANY_FRAME))
        page.open("endless", "s2")
        eventually("the window filled") { if (page.count("s2") == 16) true else null }
        Thread.sleep(300)
        assertEquals("the producer ran no more than one value ahead of the window", 16, page.count("s2"))
        assertTrue("sent ${sent.get()}", sent.get() in 16..17)
        page.evaluate("window.todayWebViewBridge.postMessage({ type: '__today.streamCancel', stream: 's2' }); true")
        assertEquals(true, stopped.poll(10, TimeUnit.SECONDS))
        val thread = cancelled.poll(10, TimeUnit.SECONDS)!!
        assertTrue(thread, thread != "main")
        Thread.sleep(200)
        assertEquals("the page is told nothing after its cancel", "{\"values\":16,\"ends\":0}", page.evaluate("JSON.stringify({ values: window.streams.s2.values.length, ends: window.streams.s2.ends })").let { JSONObject("{\"r\":$it}").getString("r") })
    }

    @Test fun `ST4 ST5 a producer that stalls past the deadline times out once, and onCancel tells it`() {
        val cancelled = CountDownLatch(1)
        streams.producers["stall"] = { _, stream ->
            stream.send("first")
            stream.onCancel { cancelled.countDown() }
        }
        val page = page(AppCapability("stall", AppCapability.Access.ANY_FRAME, deadline = 0.3))
        page.open("stall", "s3", "ack" to true)
        val ended = page.ended("s3")
        assertEquals("timeout", ended.getJSONObject("end").getString("end"))
        assertEquals("timeout", ended.getJSONObject("end").getJSONObject("error").getString("code"))
        assertEquals(1, ended.getInt("ends"))
        assertEquals(JSONArray().put("first").toString(), ended.getJSONArray("values").toString())
        assertTrue(cancelled.await(10, TimeUnit.SECONDS))
    }

    @Test fun `ST5 X2 a TodayBridgeException fails the stream with its code, any other throw as failed without its text`() {
        streams.producers["fails"] = { call, stream ->
            stream.send(1)
            if ((call.request as JSONObject).getBoolean("structured")) throw TodayBridgeException("quota", "over quota", recoverable = true)
            throw IllegalStateException("native detail: do not leak")
        }
        val page = page(AppCapability("fails", AppCapability.Access.ANY_FRAME))
        page.open("fails", "s4", "structured" to true, "ack" to true)
        val structured = page.ended("s4").getJSONObject("end")
        assertEquals("failed", structured.getString("end"))
        assertEquals("quota", structured.getJSONObject("error").getString("code"))
        assertEquals("over quota", structured.getJSONObject("error").getString("message"))
        page.open("fails", "s5", "structured" to false, "ack" to true)
        val generic = page.ended("s5").getJSONObject("end")
        assertEquals("failed", generic.getJSONObject("error").getString("code"))
        assertFalse(generic.toString().contains("do not leak"))
    }

    @Test fun `ST5 a document gone ends its streams, the producer is told, the new document nothing`() {
        val cancelled = CountDownLatch(1)
        streams.producers["endless"] = { _, stream ->
            stream.onCancel { cancelled.countDown() }
            while (stream.send(1)) Unit
        }
        val page = page(AppCapability("endless", AppCapability.Access.ANY_FRAME))
        page.open("endless", "s6")
        eventually("the window filled") { if (page.count("s6") == 16) true else null }
        page.load(TestServer.page("/streams-next", PAGE))
        assertTrue(cancelled.await(10, TimeUnit.SECONDS))
    }

    @Test fun `ST1 a plain call of a streaming capability is invalidRequest, and nothing is produced`() {
        streams.producers["count"] = { _, _ -> throw AssertionError("produced") }
        val page = page(AppCapability("count", AppCapability.Access.ANY_FRAME))
        val error = page.call("plain", message("count")).getString("error")
        assertTrue(error, error.contains("invalidRequest"))
    }

    private companion object {
        /** Keeps each stream's values and ends; acknowledges each delivery's values at once when opened with `ack`. */
        const val PAGE = """<script>
            window.streams = {};
            window.acks = {};
            addEventListener('todaywebviewbridge', (event) => {
              const delivery = event.detail;
              const stream = window.streams[delivery.stream];
              if (!stream) return;
              if (delivery.kind === 'streamValues') {
                stream.values.push(...delivery.values);
                if (window.acks[delivery.stream]) window.todayWebViewBridge.postMessage({ type: '__today.streamAck', stream: delivery.stream, count: delivery.values.length });
              }
              if (delivery.kind === 'streamEnd') { stream.ends += 1; stream.end = { end: delivery.end, error: delivery.error }; }
            });
            </script>"""
    }
}

/** Opens stream [id] of [type] with [fields] (and `ack`, to acknowledge each value) and returns the host's answer. */
private fun Page.open(type: String, id: String, vararg fields: Pair<String, Any>): JSONObject {
    val ack = fields.any { it.first == "ack" && it.second == true }
    val request = message(type, "__stream" to id, *fields.filter { it.first != "ack" }.toTypedArray())
    evaluate("window.streams[${JSONObject.quote(id)}] = { values: [], ends: 0 }; window.acks[${JSONObject.quote(id)}] = $ack; true")
    return call("open-$id", request).getJSONObject("value")
}

/** How many values stream [id] delivered so far. */
private fun Page.count(id: String): Int = evaluate("window.streams[${JSONObject.quote(id)}].values.length").toInt()

/** Stream [id] once it ended, and a little after, so that a second end would show. */
private fun Page.ended(id: String): JSONObject {
    eventually("the end of $id") { if (evaluate("window.streams[${JSONObject.quote(id)}].ends") != "0") true else null }
    Thread.sleep(200)
    val text = evaluate("JSON.stringify(window.streams[${JSONObject.quote(id)}])")
    return JSONObject(JSONObject("{\"r\":$text}").getString("r"))
}
