package today.bridge

import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * How bytes cross on Android (B2), in both forms the host chooses at the handshake: beside the text
 * as `ArrayBuffer` web messages where the WebView has `WEB_MESSAGE_ARRAY_BUFFER`, else base64 in
 * the text; through the glue that ships, its JNI core and the emulation over a real Chromium.
 */
class BytesCarriageTest : OnePageTest() {
    /** Before the page and the bridge close ([OnePageTest]). */
    @After fun restoreFeatures() {
        System.clearProperty("today.emulation.unsupportedFeatures")
    }

    /** A page whose app echoes `echo`'s request, with a listener that notes the kind of each reply message. */
    private fun echoPage(path: String, html: String = "", maxMessageBytes: Int? = null): Page {
        services.handler = { call -> call.request }
        val made = TodayBridge(
            configuration(listOf(AppCapability("echo", AppCapability.Access.ANY_FRAME)), maxMessageBytes = maxMessageBytes), services)
        bridge = made
        val page = Page(made)
        this.page = page
        page.load(TestServer.page(path, html))
        page.evaluate("window.kinds = []; window.$OBJECT_NAME.addEventListener('message', (event) => window.kinds.push(typeof event.data === 'string' ? 's' : 'b')); true")
        return page
    }

    /**
     * Sends `{ type: 'echo', data }` with the SDK's bytes hint, [size] bytes of a known pattern, and
     * answers whether the echo came back as a `Uint8Array` with exactly those bytes.
     */
    private fun roundTrip(page: Page, key: String, size: Int): String {
        // In a function of its own: each evaluation's `const`s are its own.
        page.evaluate("""(() => {
            window.results = window.results || {};
            const data = new Uint8Array($size);
            for (let index = 0; index < data.length; index++) data[index] = (index * 31 + 7) & 255;
            window.todayWebViewBridge.postMessage({ type: 'echo', data }, { bytes: true }).then((value) => {
              const back = value && value.data;
              let same = back instanceof Uint8Array && back.length === data.length;
              for (let index = 0; same && index < data.length; index++) same = back[index] === data[index];
              window.results['$key'] = { value: same ? 'same' : 'different: ' + (back && back.constructor && back.constructor.name) + ' ' + (back && back.length) };
            }, (error) => { window.results['$key'] = { error: String(error && error.message) }; });
            return true;
          })()""")
        return page.result(key).toString()
    }

    @Test fun `B2 with WEB_MESSAGE_ARRAY_BUFFER 1 MiB crosses both ways as an ArrayBuffer beside the text, byte for byte`() {
        val page = echoPage("/bytes-attached")
        assertTrue(page.bridge.installation.attachesBytes)
        assertTrue(page.bridge.installation.documentStartScript.contains("\"attachesBytes\":true"))
        assertEquals("{\"value\":\"same\"}", roundTrip(page, "mebibyte", 1 shl 20))
        // The answer: its one attachment, then its text.
        assertEquals("[\"b\",\"s\"]", page.evaluate("window.kinds"))
        assertEquals("{\"value\":\"same\"}", roundTrip(page, "empty", 0))
    }

    @Test fun `B4 X7 the app's maxMessageBytes bounds bytes and text together, 8 MiB unless it says`() {
        val page = echoPage("/bytes-default-limit")
        assertEquals(8.0 * (1 shl 20), page.bridge.installation.maxMessageBytes, 0.0)
        // Over the limit, the message resolves undefined (X7): no echo comes back.
        assertEquals("{\"value\":\"different: undefined undefined\"}", roundTrip(page, "over", 9 shl 20))
        page.close()
        bridge?.close()
        val raised = echoPage("/bytes-raised-limit", maxMessageBytes = 16 shl 20)
        assertEquals(16.0 * (1 shl 20), raised.bridge.installation.maxMessageBytes, 0.0)
        assertEquals("{\"value\":\"same\"}", roundTrip(raised, "nine", 9 shl 20))
    }

    @Test fun `B2 without WEB_MESSAGE_ARRAY_BUFFER 1 MiB crosses both ways as base64 in the text, byte for byte`() {
        System.setProperty("today.emulation.unsupportedFeatures", "WEB_MESSAGE_ARRAY_BUFFER")
        val page = echoPage("/bytes-base64")
        assertFalse(page.bridge.installation.attachesBytes)
        assertTrue(page.bridge.installation.documentStartScript.contains("\"attachesBytes\":false"))
        assertEquals("{\"value\":\"same\"}", roundTrip(page, "mebibyte", 1 shl 20))
        assertEquals("[\"s\"]", page.evaluate("window.kinds"))
    }

    @Test fun `B2 B3 a stray ArrayBuffer before a message with bytes makes it refused, never read with bytes it did not post, and before one without is dropped`() {
        val page = echoPage("/bytes-stray")
        val handled = services.handled.get()
        // The page's own ArrayBuffer on the injected object, then a message with one attachment.
        page.evaluate("window.$OBJECT_NAME.postMessage(new Uint8Array([1, 2, 3]).buffer); true")
        val refused = roundTrip(page, "after-stray", 4)
        assertFalse(refused, refused.contains("same"))
        assertEquals(handled, services.handled.get())
        assertTrue(services.diagnostics.toString(), services.diagnostics.any { it.code == "undecodableMessage" && it.message.contains("attachments") })
        // The strays went with the refused text: the next message crosses.
        assertEquals("{\"value\":\"same\"}", roundTrip(page, "next", 4))
        // Before a message that names none, strays are dropped and the message is read without them.
        page.evaluate("window.$OBJECT_NAME.postMessage(new ArrayBuffer(8)); true")
        assertEquals("\"pong\"", page.call("plain", message("echo", "ping" to "pong")).getJSONObject("value").getString("ping").let { JSONObject.quote(it) })
        assertTrue(services.diagnostics.toString(), services.diagnostics.any { it.message.contains("ArrayBuffers before a request that names none") })
    }

    @Test fun `B2 B3 a text naming attachments that did not come before it is refused`() {
        val page = echoPage("/bytes-missing")
        val handled = services.handled.get()
        // Out of order: the text first, then its ArrayBuffer, which waits for a text that never names it.
        page.evaluate("""window.$OBJECT_NAME.postMessage('{"id":7,"attachments":1,"message":{"type":"echo","data":{"__today.bytes":0}}}');
            window.$OBJECT_NAME.postMessage(new ArrayBuffer(2)); true""")
        eventually("the refusal") { services.diagnostics.firstOrNull { it.code == "undecodableMessage" } }
        assertEquals(handled, services.handled.get())
    }

    @Test fun `B2 a sub-frame's ArrayBuffers never reach the main frame's message`() {
        val frame = TestServer.page("/bytes-frame", "<script>for (let i = 0; i < 3; i++) window.$OBJECT_NAME.postMessage(new Uint8Array([9, 9]).buffer)</script>")
        val page = echoPage("/bytes-parent", """<iframe onload="window.frameLoaded = true" src="${frame.replace(TestServer.origin, TestServer.otherOrigin)}"></iframe>""")
        eventually("the sub-frame to post") { if (page.evaluate("window.frameLoaded === true") == "true") true else null }
        assertEquals("{\"value\":\"same\"}", roundTrip(page, "main", 5))
    }

    @Test fun `B2 B4 the ArrayBuffers waiting for a frame's text are bounded by the message limit, per frame and for the sub-frames together`() {
        val reports = mutableListOf<String>()
        val pending = PendingAttachments<Any>(100) { reports.add(it) }
        val main = Any()
        val sub1 = Any()
        val sub2 = Any()
        pending.add(main, true, ByteArray(40))  // 59 counted
        pending.add(main, true, ByteArray(22))  // 100: at the limit
        assertEquals(listOf(40, 22), pending.take(main)!!.map { it.size })
        assertNull(pending.take(main))
        pending.add(main, true, ByteArray(60))
        pending.add(main, true, ByteArray(10))  // past it: both dropped, and what follows until the text
        pending.add(main, true, ByteArray(1))
        assertEquals(1, reports.size)
        assertNull(pending.take(main))
        pending.add(main, true, ByteArray(1))
        assertEquals(1, pending.take(main)!!.size)
        // Two sub-frames share one limit; the main frame keeps its own.
        pending.add(sub1, false, ByteArray(60))
        pending.add(main, true, ByteArray(60))
        pending.add(sub2, false, ByteArray(30))
        assertEquals(2, reports.size)
        assertNull(pending.take(sub2))
        assertEquals(1, pending.take(sub1)!!.size)
        assertEquals(1, pending.take(main)!!.size)
    }
}
