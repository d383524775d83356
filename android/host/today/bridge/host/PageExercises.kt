package today.bridge.host

import org.json.JSONArray
import org.json.JSONObject
import org.json.JSONTokener
import today.bridge.BridgeStream
import today.bridge.BridgedWebView
import today.bridge.NativeCallResult
import today.bridge.TodayBridgeException
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** What a capability handler answers for a request (a JSON value, null for `undefined`). */
typealias Handler = (request: JSONObject) -> Any?

/** How a streaming capability produces one stream a page opened, from its request (ST1–ST5). */
typealias StreamHandler = (request: JSONObject, stream: BridgeStream) -> Unit

/**
 * What the test capabilities and the conformance fixture both do for a page, as the Swift hosts'
 * `PageExercises` do: echo a message, emit an event to the page, call one of the page's handlers,
 * count in a stream.
 */
object PageExercises {
    /** At most this many values of [count]. */
    private const val MAX_COUNT = 10_000L

    /** At most this many values of [replay]. */
    private const val MAX_REPLAY = 1_000

    /**
     * The message's fields, without its `type`: its values themselves in a new object, byte values
     * holding the bytes that came (never written out and read back, B2).
     */
    fun echo(request: JSONObject): JSONObject =
        JSONObject(request, request.keys().asSequence().filter { it != "type" }.toList().toTypedArray())

    /** `{ name, data }`: emits the event to the page (X3), an object's or an array's bytes as bytes (B2). */
    fun emit(request: JSONObject, page: BridgedWebView) {
        val name = request.getString("name")
        when (val data = request.opt("data")) {
            is JSONObject -> page.emit(name, data)
            is JSONArray -> page.emit(name, data)
            else -> page.emit(name, if (request.has("data")) jsonText(data) else null)
        }
    }

    /**
     * `{ name, args, deadline? }`: calls the page's handler (X4), with `"unhandled"` for a page
     * without it and `deadline` seconds to answer (10 unless said, at most 60), and waits for the
     * answer (on the services' thread, never the UI thread).
     */
    fun call(request: JSONObject, page: BridgedWebView): NativeCallResult {
        val results = LinkedBlockingQueue<NativeCallResult>()
        val name = request.getString("name")
        val deadline = Math.min(Math.max(request.optDouble("deadline", 10.0), 0.0), 60.0)
        val fallback = "\"unhandled\""
        // An object's or an array's bytes cross as bytes (B2).
        when (val arguments = request.opt("args")) {
            is JSONObject -> page.call(name, arguments, fallback, deadline) { results.add(it) }
            is JSONArray -> page.call(name, arguments, fallback, deadline) { results.add(it) }
            else -> page.call(name, if (request.has("args")) jsonText(arguments) else null, fallback, deadline) { results.add(it) }
        }
        return results.poll(deadline.toLong() + 30, TimeUnit.SECONDS) ?: throw IllegalStateException("the native call never settled")
    }

    /**
     * `{ to, failAt? }` of a stream of [type]: sends `{ n }` for `n` from 0 below `to` (at most
     * 10,000), then finishes; at `failAt` it fails with [failure] instead (ST2, ST5). It stops
     * when the page's side ended the stream (a `break`, an abort, the deadline, the page gone). A
     * request the Swift hosts' `CountRequest` does not decode rejects `invalidRequest`, as theirs.
     */
    fun count(type: String, request: JSONObject, stream: BridgeStream, failure: TodayBridgeException) {
        val to = integer(request, "to", type) ?: throw invalidRequest(type)
        val failAt = integer(request, "failAt", type)
        for (n in 0 until to.coerceIn(0, MAX_COUNT)) {
            if (n == failAt) throw failure
            if (!stream.send(JSONObject().put("n", n))) return
        }
        stream.finish()
    }

    /**
     * Yields each of the request's `values` (at most 1,000) in order, a byte value as the page
     * sent it (`{"__today.bytes": …}`, which the page receives as a `Uint8Array`), then finishes
     * (ST2, B1).
     */
    fun replay(type: String, request: JSONObject, stream: BridgeStream) {
        val values = request.optJSONArray("values") ?: throw invalidRequest(type)
        for (index in 0 until values.length().coerceAtMost(MAX_REPLAY)) {
            if (!stream.send(values.get(index))) return
        }
        stream.finish()
    }

    /**
     * The field [name] of a request to [type] as the Swift hosts decode an `Int`: null when it is
     * absent or null; a whole number within a 64-bit integer's range; anything else rejects
     * `invalidRequest`.
     */
    fun integer(request: JSONObject, name: String, type: String): Long? {
        val value = request.opt(name)
        if (value == null || value == JSONObject.NULL) return null
        if (value !is Number) throw invalidRequest(type)
        val number = value.toDouble()
        // 2^63 is Long.MAX_VALUE as a double, and the first double beyond the range.
        if (number != Math.rint(number) || number < Long.MIN_VALUE.toDouble() || number >= Long.MAX_VALUE.toDouble()) {
            throw invalidRequest(type)
        }
        return value.toLong()
    }

    /** A request to [type] that does not match its fields (X1), in the Swift core's words. */
    fun invalidRequest(type: String) = TodayBridgeException("invalidRequest", "the message does not match the fields of $type")

    /** A value's JSON text as the glue takes it. */
    fun jsonText(value: Any?): String = when (value) {
        null, JSONObject.NULL -> "null"
        is String -> JSONObject.quote(value)
        else -> value.toString()
    }

    /** A JSON text back as an org.json value. */
    fun parse(text: String): Any? = JSONTokener(text).nextValue()
}
