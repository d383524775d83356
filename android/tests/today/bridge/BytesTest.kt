package today.bridge

import org.json.JSONArray
import org.json.JSONObject
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.concurrent.CopyOnWriteArrayList

/**
 * Bytes for the app (B1–B3): [BridgeBytes] on its own, and through the glue, its JNI core and the
 * emulation of Android's WebView over a real Chromium. The app sees a byte value as a `JSONObject`
 * holding the bytes that crossed JNI beside the text (`BytesAcrossJniTest`), however they crossed
 * the page's channel (B2, `BytesCarriageTest`); written as text it is `{"__today.bytes": base64}`.
 */
class BytesTest : OnePageTest() {
    @Test fun `B1 B2 toJson and fromJson round-trip bytes of every value and length, the empty bytes included, also through JSON text`() {
        val every = ByteArray(256) { it.toByte() }
        for (length in listOf(0, 1, 2, 3, 4, 5, 255, 256)) {
            val bytes = every.copyOfRange(256 - length, 256)
            val value = BridgeBytes.toJson(bytes)
            assertArrayEquals("$length bytes", bytes, BridgeBytes.fromJson(value))
            // Android's org.json writes `/` as `\/`: the text still reads back as the same bytes.
            assertArrayEquals("$length bytes as text", bytes, BridgeBytes.fromJson(JSONObject(value.toString())))
            assertArrayEquals("$length bytes in an array", bytes, BridgeBytes.fromJson(JSONArray(JSONArray().put(value).toString()).opt(0)))
        }
        assertArrayEquals(ByteArray(0), BridgeBytes.fromJson(BridgeBytes.toJson(ByteArray(0))))
    }

    @Test fun `B2 toJson's value written as text is the one form, one member in RFC 4648's alphabet, padded`() {
        val value = BridgeBytes.toJson(byteArrayOf(0xFB.toByte(), 0xFF.toByte()))
        assertEquals(listOf("__today.bytes"), value.keys().asSequence().toList())
        assertEquals("+/8=", value.getString("__today.bytes"))
        assertEquals("", BridgeBytes.toJson(ByteArray(0)).getString("__today.bytes"))
        assertEquals("AAEC/f7/", BridgeBytes.toJson(byteArrayOf(0, 1, 2, -3, -2, -1)).getString("__today.bytes"))
    }

    @Test fun `B1 fromJson is null for a value that is not bytes`() {
        val notBytes = listOf<Any?>(
            null, JSONObject.NULL, "AAEC", 3, 3.5, true, JSONArray().put("AAEC"), JSONObject(),
            JSONObject().put("data", "AAEC"), JSONObject().put("__today.byte", "AAEC"), JSONObject().put("__TODAY.BYTES", "AAEC"),
            JSONObject().put("data", BridgeBytes.toJson(byteArrayOf(1))), "AAEC".toByteArray()
        )
        for (value in notBytes) assertNull("$value", BridgeBytes.fromJson(value))
    }

    @Test fun `B3 fromJson is null for a byte value that cannot be read`() {
        val members = listOf<Any?>(
            "AAE", "AA", "A", "AAECA", // unpadded, or not a whole number of quartets
            "AA=A", "A===", "====", "AAE=AAEC", // padding out of place
            "AAEC!!!!", "AA EC", "AAEC\n", "-_8=", // outside RFC 4648's standard alphabet (the URL-safe one included)
            0, 1.0, JSONObject.NULL, true, JSONArray(), JSONObject() // an attachment's index, which the glue resolves before the app sees it, or not text
        )
        for (member in members) assertNull("$member", BridgeBytes.fromJson(JSONObject().put("__today.bytes", member)))
        assertNull("an extra member", BridgeBytes.fromJson(JSONObject().put("__today.bytes", "AAEC").put("x", 1)))
        assertNull("an extra null member", BridgeBytes.fromJson(BridgeBytes.toJson(byteArrayOf(1)).put("x", JSONObject.NULL)))
    }

    @Test fun `B1 B2 a page's bytes reach the app's handler as bytes, and the bytes it answers reach the page as Uint8Arrays`() {
        val received = CopyOnWriteArrayList<Any>()
        services.handler = { call ->
            val request = call.request as JSONObject
            val data = BridgeBytes.fromJson(request.opt("data")) ?: throw TodayBridgeException("invalidRequest", "data is not bytes")
            val nested = BridgeBytes.fromJson(request.getJSONArray("nested").getJSONObject(0).opt("empty"))
            received.add(data)
            received.add(nested ?: "not bytes")
            JSONObject()
                .put("reversed", BridgeBytes.toJson(data.reversedArray()))
                .put("length", data.size)
                .put("nested", JSONArray().put(JSONObject().put("empty", BridgeBytes.toJson(ByteArray(0)))))
        }
        val page = page()
        // The page sends Uint8Arrays with the SDK's hint, as `bridge.request` does (B2), and
        // describes the Uint8Arrays it receives.
        page.evaluate(
            """window.results = window.results || {};
            window.todayWebViewBridge.postMessage(
                { type: 'reverse', data: new Uint8Array([0, 1, 2, 253, 254, 255]), nested: [{ empty: new Uint8Array(0) }] },
                { bytes: true }
            ).then(
                (value) => {
                    const bytes = (v) => (v instanceof Uint8Array ? Array.from(v) : 'not bytes');
                    window.results.reverse = { value: { reversed: bytes(value.reversed), length: value.length, empty: bytes(value.nested[0].empty) } };
                },
                (error) => { window.results.reverse = { error: String(error && error.message) }; });
            true"""
        )
        val answer = page.result("reverse").getJSONObject("value")
        assertEquals(2, received.size)
        assertArrayEquals(byteArrayOf(0, 1, 2, -3, -2, -1), received[0] as ByteArray)
        assertArrayEquals(ByteArray(0), received[1] as ByteArray)
        assertEquals(6, answer.getInt("length"))
        assertEquals("[255,254,253,2,1,0]", answer.getJSONArray("reversed").toString())
        assertEquals("[]", answer.getJSONArray("empty").toString())
    }

    @Test fun `B1 a request without bytes where the app reads them is the app's invalidRequest`() {
        services.handler = { call ->
            BridgeBytes.fromJson((call.request as JSONObject).opt("data")) ?: throw TodayBridgeException("invalidRequest", "data is not bytes")
            "unexpected"
        }
        val error = page().call("text", message("reverse", "data" to "AAEC/f7/")).getString("error")
        assertTrue(error, error.contains("invalidRequest") && error.contains("data is not bytes"))
    }

    @Test fun `B3 a byte value the core cannot read never reaches the app, and the page's call resolves undefined`() {
        services.handler = { throw AssertionError("the app was called") }
        val page = page()
        for ((key, data) in listOf(
            "unpadded" to JSONObject("{\"__today.bytes\":\"AAE\"}"),
            "extra" to JSONObject("{\"__today.bytes\":\"AAEC\",\"x\":1}"),
            "alphabet" to JSONObject("{\"__today.bytes\":\"-_8=\"}")
        )) {
            assertEquals(key, "undefined", page.call(key, message("reverse", "data" to data)).getString("value"))
        }
        assertEquals(0, services.handled.get())
    }

    private fun page(): Page {
        // The server first: the browser trusts its certificate only when it starts after it.
        val url = TestServer.page("/bytes")
        val bridge = TodayBridge(configuration(capabilities = listOf(AppCapability("reverse", AppCapability.Access.ANY_FRAME))), services)
        this.bridge = bridge
        return Page(bridge).also { page = it }.load(url)
    }
}
