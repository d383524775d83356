package today.bridge.host

import org.json.JSONObject
import org.json.JSONTokener
import today.bridge.BridgedWebView
import today.bridge.NativeCallResult
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** What a capability handler answers for a request (a JSON value, null for `undefined`). */
typealias Handler = (request: JSONObject) -> Any?

/**
 * What the test capabilities and the conformance fixture both do for a page, as the Swift hosts'
 * `PageExercises` do: echo a message, emit an event to the page, call one of the page's handlers.
 */
object PageExercises {
    /** The message's fields, without its `type`. */
    fun echo(request: JSONObject): JSONObject = JSONObject(request.toString()).apply { remove("type") }

    /** `{ name, data }`: emits the event to the page (X3). */
    fun emit(request: JSONObject, page: BridgedWebView) {
        page.emit(request.getString("name"), if (request.has("data")) jsonText(request.get("data")) else null)
    }

    /**
     * `{ name, args }`: calls the page's handler (X4), with `"unhandled"` for a page without it and
     * a 10 s deadline, and waits for the answer (on the services' thread, never the UI thread).
     */
    fun call(request: JSONObject, page: BridgedWebView): NativeCallResult {
        val results = LinkedBlockingQueue<NativeCallResult>()
        val arguments = if (request.has("args")) jsonText(request.get("args")) else null
        page.call(request.getString("name"), arguments, fallback = "\"unhandled\"", deadlineSeconds = 10.0) { results.add(it) }
        return results.poll(30, TimeUnit.SECONDS) ?: throw IllegalStateException("the native call never settled")
    }

    /** A value's JSON text as the glue takes it. */
    fun jsonText(value: Any?): String = when (value) {
        null, JSONObject.NULL -> "null"
        is String -> JSONObject.quote(value)
        else -> value.toString()
    }

    /** A JSON text back as an org.json value. */
    fun parse(text: String): Any? = JSONTokener(text).nextValue()
}
