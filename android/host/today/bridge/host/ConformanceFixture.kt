package today.bridge.host

import org.json.JSONObject
import today.bridge.AppCapability
import today.bridge.AppCapability.Access
import today.bridge.BridgedWebView
import today.bridge.TodayBridgeException

/**
 * `--conformance-fixture`: the capabilities the conformance kit needs from a host under test
 * (TodayBridgeConformance's `ConformanceFixture`), registered as a Kotlin app registers them, with the
 * same behaviour:
 *
 * | Type | Access | Behaviour |
 * |---|---|---|
 * | `conformance.echo` | any frame | resolves the message's fields, without `type` |
 * | `conformance.count` | any frame | `{ count: number }` resolves `{ count }`; anything else rejects `invalidRequest` |
 * | `conformance.nothing` | any frame | resolves `undefined` |
 * | `conformance.reject` | any frame | rejects with code `conformance.declined`, recoverable |
 * | `conformance.throw` | any frame | throws a native error; the page must see a generic `failed` |
 * | `conformance.slow` | any frame | a deadline of 1 s, and never answers before it: rejects `timeout` |
 * | `conformance.emit` | main frame | `{ name, data }`: the host emits the event to the page |
 * | `conformance.call` | main frame | `{ name, args }`: the host calls the page's handler; resolves `{ value }` or `{ error }` |
 * | `conformance.mainFrame` | main frame | resolves `true` |
 * | `conformance.trusted` | trusted surface | resolves `true` |
 * | `conformance.stream` | main frame | a stream: `{ to, failAt? }` yields `{ n }` for `n` from 0 below `to`, then finishes; at `failAt` fails with `conformance.declined` (ST2, ST4, ST5) |
 */
object ConformanceFixture {
    private const val SLOW_DEADLINE = 1.0

    val declared = listOf(
        AppCapability("conformance.echo", Access.ANY_FRAME),
        AppCapability("conformance.count", Access.ANY_FRAME),
        AppCapability("conformance.nothing", Access.ANY_FRAME),
        AppCapability("conformance.reject", Access.ANY_FRAME),
        AppCapability("conformance.throw", Access.ANY_FRAME),
        AppCapability("conformance.slow", Access.ANY_FRAME, deadline = SLOW_DEADLINE),
        AppCapability("conformance.emit", Access.MAIN_FRAME),
        AppCapability("conformance.call", Access.MAIN_FRAME),
        AppCapability("conformance.mainFrame", Access.MAIN_FRAME),
        AppCapability("conformance.trusted", Access.TRUSTED_SURFACE)
    )

    val declaredStreams = listOf(
        AppCapability("conformance.stream", Access.MAIN_FRAME, summary = "yields { n } from 0 below to")
    )

    /** The fixture's error, `conformance.reject`'s and `conformance.stream`'s at `failAt`. */
    private fun declined() = TodayBridgeException("conformance.declined", "declined on purpose", recoverable = true)

    fun handlers(page: () -> BridgedWebView): Map<String, Handler> = mapOf(
        "conformance.echo" to { request -> PageExercises.echo(request) },
        "conformance.count" to { request ->
            val count = PageExercises.integer(request, "count", "conformance.count")
                ?: throw PageExercises.invalidRequest("conformance.count")
            JSONObject().put("count", count)
        },
        "conformance.nothing" to { _ -> null },
        "conformance.reject" to { _ -> throw declined() },
        "conformance.throw" to { _ -> throw IllegalStateException("native failure: native-detail-do-not-leak") },
        "conformance.slow" to { _ ->
            Thread.sleep((SLOW_DEADLINE * 30 * 1000).toLong())
            null
        },
        "conformance.emit" to { request ->
            PageExercises.emit(request, page())
            null
        },
        "conformance.call" to { request ->
            val result = PageExercises.call(request, page())
            if (result.isSuccess) JSONObject().apply { result.value?.let { put("value", PageExercises.parse(it)) } }
            else JSONObject().put("error", result.code)
        },
        "conformance.mainFrame" to { _ -> true },
        "conformance.trusted" to { _ -> true }
    )

    val streams: Map<String, StreamHandler> = mapOf(
        "conformance.stream" to { request, stream -> PageExercises.count("conformance.stream", request, stream, declined()) }
    )
}
