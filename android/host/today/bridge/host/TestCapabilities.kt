package today.bridge.host

import org.json.JSONObject
import today.bridge.AppCapability
import today.bridge.AppCapability.Access
import today.bridge.BridgedWebView
import today.bridge.TodayBridgeException

/**
 * `--test-capabilities`, as the app's own capabilities, with the behaviour of the Swift hosts':
 *
 * - `echo` (any frame): resolves with the message's fields.
 * - `fail` (any frame): rejects with code `declined`, recoverable.
 * - `sleep` `{ ms }` (any frame): resolves `undefined` after `ms` milliseconds (at most 60 s).
 * - `count` `{ to, failAt? }` (main frame), a stream (ST1–ST5): yields `{ n }` for `n` from 0
 *   below `to` (at most 10,000), then finishes; with `failAt`, fails with code `declined` there.
 * - `replay` `{ values }` (main frame), a stream (ST2, B1): yields each of `values` (at most
 *   1,000) in order, bytes among them, then finishes.
 * - `emitEvent` `{ name, data }` (main frame): the host emits the event (X3).
 * - `callPage` `{ name, args, deadline? }` (main frame): the host calls the page's handler, which
 *   has `deadline` seconds to answer (10 unless said, at most 60), and resolves with `{ value }`
 *   or `{ error }` (X4).
 * - `deliveries` (main frame): how a WebKitGTK view carried the host's deliveries; `null` here.
 * - `closeView` (main frame): the app closes the web view, as when its screen is dismissed; the
 *   run ends as if the page had closed itself (a page that navigated cannot `window.close()`).
 */
object TestCapabilities {
    val declared = listOf(
        AppCapability("echo", Access.ANY_FRAME, summary = "resolves with the message's fields"),
        AppCapability("fail", Access.ANY_FRAME, summary = "always rejects"),
        AppCapability("sleep", Access.ANY_FRAME, summary = "resolves after ms milliseconds"),
        AppCapability("emitEvent", Access.MAIN_FRAME, summary = "the host emits an event"),
        AppCapability("callPage", Access.MAIN_FRAME, summary = "the host calls a page handler"),
        AppCapability("deliveries", Access.MAIN_FRAME, summary = "how the view delivered to the page"),
        AppCapability("closeView", Access.MAIN_FRAME, summary = "the app closes the web view")
    )

    val declaredStreams = listOf(
        AppCapability("count", Access.MAIN_FRAME, summary = "yields { n } from 0 below to"),
        AppCapability("replay", Access.MAIN_FRAME, summary = "yields each of values in order")
    )

    /** The error of `fail`, and of `count` at `failAt`. */
    private fun declined() = TodayBridgeException("declined", "declined on purpose", recoverable = true)

    fun handlers(page: () -> BridgedWebView, closeView: () -> Unit): Map<String, Handler> = mapOf(
        "echo" to { request -> PageExercises.echo(request) },
        "fail" to { _ -> throw declined() },
        "sleep" to { request ->
            Thread.sleep(Math.min(Math.max(request.optDouble("ms", 0.0), 0.0), 60_000.0).toLong())
            null
        },
        "emitEvent" to { request ->
            PageExercises.emit(request, page())
            null
        },
        "callPage" to { request ->
            val result = PageExercises.call(request, page())
            if (result.isSuccess) JSONObject().put("value", result.value?.let(PageExercises::parse) ?: JSONObject.NULL)
            else JSONObject().put("error", "BridgeError(${result.code}: ${result.error})")
        },
        "deliveries" to { _ -> JSONObject.NULL },
        "closeView" to { _ ->
            closeView()
            null
        }
    )

    val streams: Map<String, StreamHandler> = mapOf(
        "count" to { request, stream -> PageExercises.count("count", request, stream, declined()) },
        "replay" to { request, stream -> PageExercises.replay("replay", request, stream) }
    )
}
