package today.bridge

import org.json.JSONObject
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

// `make bench` (android/scripts/bench.sh): the Swift core through its JNI surface, as the Kotlin
// glue drives it, against a baseline measured in the same run: what a JVM-only host does at the
// least for the same message (parse the request and serialize a reply with org.json; for
// `headers`, the same through the same kind of executor, all at once). `headers` is measured with
// the token the app pushed (`TodayBridge.updateToken`, answered on the calling thread) and with the
// token asked of the app per call (a host service call on its executor). Prints a Markdown table.

private const val ORIGIN = "https://feed.example.com"

/** Records nothing: answers services at once on its executor, counts replies. */
private class BenchHost(private val answer: (String) -> String?) : NativeHost {
    @Volatile var handle = 0L
    val replies = AtomicInteger()
    @Volatile var allReplied = CountDownLatch(0)
    private val executor = Executors.newFixedThreadPool(2) { Thread(it, "bench services").apply { isDaemon = true } }

    override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) {
        replies.incrementAndGet()
        allReplied.countDown()
    }

    override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) {
        val handle = handle
        executor.execute { NativeBridge.completeService(handle, callId, answer(service)?.utf8(), null, null) }
    }
}

private fun request(id: Int, message: JSONObject) = JSONObject().put("id", id).put("message", message).toString().utf8()

private fun nanosPerCall(count: Int, body: (Int) -> Unit): Double {
    val start = System.nanoTime()
    for (index in 0 until count) body(index)
    return (System.nanoTime() - start).toDouble() / count
}

/**
 * The medians of five rounds of [round] (the bridged path, then the baseline, one after the
 * other): a collection or a compilation that lands in one round moves neither figure.
 */
private fun medians(round: () -> Pair<Double, Double>): Pair<Double, Double> {
    val rounds = (1..5).map { round() }
    return rounds.map { it.first }.sorted()[2] to rounds.map { it.second }.sorted()[2]
}

private fun baselineSync(message: JSONObject): (Int) -> Unit = { index ->
    val text = request(index, message).utf8()
    val parsed = JSONObject(text)
    JSONObject().put("id", parsed.getInt("id")).put("value", JSONObject().put("ok", true)).toString().utf8()
}

fun main(arguments: Array<String>) {
    val count = arguments.firstOrNull()?.toInt() ?: 20_000
    // Only the paths named after the count (`track`, `headers`, ...), for a profiler; all by default.
    val only = arguments.drop(1)
    fun measures(path: String) = only.isEmpty() || only.any { path.startsWith(it) }
    val configuration = TodayBridgeConfiguration(
        deviceId = "bench", surfaces = listOf(TrustedSurface("feed", listOf(ORIGIN))), maxCallsInFlight = count
    ).toWire().toJson().toString().utf8()
    val services = BenchHost { service -> if (service == "currentToken") """{"value":"token"}""" else null }
    val bridge = NativeBridge.create(configuration, services)
    services.handle = bridge
    val host = BenchHost { null }
    val webView = NativeBridge.connect(bridge, host, false)
    host.handle = webView
    NativeBridge.documentDidChange(webView, "$ORIGIN/app/".utf8())
    val route = Any()
    val origin = ORIGIN.utf8()

    // As the glue does: an answer returned at once is posted to the route (here: counted).
    fun send(index: Int, message: JSONObject) {
        val reply = NativeBridge.receive(webView, request(index, message), null, true, origin, route)
        if (reply != null) host.reply(route, reply, null)
    }

    val hello = JSONObject().put("type", "__today.hello")
    val track = JSONObject().put("type", "track").put("ename", "opened").put("parameters", JSONObject().put("screen", "feed"))
    val headers = JSONObject().put("type", "headers")

    val rows = mutableListOf<Triple<String, Double, Double>>()
    for ((name, message) in listOf("__today.hello" to hello, "track" to track).filter { measures(it.first) }) {
        // Warm both sides up on this path (JIT, the core's first allocations).
        repeat(2) {
            nanosPerCall(count) { send(it, message) }
            nanosPerCall(count, baselineSync(message))
        }
        val (bridged, baseline) = medians { nanosPerCall(count) { send(it, message) } to nanosPerCall(count, baselineSync(message)) }
        rows += Triple(name, bridged, baseline)
    }
    // The events accepted so far handed to the host: the drain's work stays out of the next figures.
    NativeBridge.flushAnalytics(bridge)

    // headers, all at once: the baseline parses and answers each on a two-thread executor.
    fun baselineHeaders(): Double {
        val executor = Executors.newFixedThreadPool(2)
        val done = CountDownLatch(count)
        val start = System.nanoTime()
        for (index in 0 until count) executor.execute { baselineSync(headers)(index); done.countDown() }
        check(done.await(60, TimeUnit.SECONDS))
        executor.shutdown()
        return (System.nanoTime() - start).toDouble() / count
    }

    fun bridgedHeaders(): Double {
        host.allReplied = CountDownLatch(count)
        val start = System.nanoTime()
        for (index in 0 until count) send(index, headers)
        check(host.allReplied.await(60, TimeUnit.SECONDS)) { "headers did not all settle" }
        return (System.nanoTime() - start).toDouble() / count
    }

    if (measures("headers")) {
        // The token asked of the app per call: a task and a host service call on its executor.
        baselineHeaders()
        bridgedHeaders()
        val (pulled, pulledBaseline) = medians { bridgedHeaders() to baselineHeaders() }
        // The token the app pushed: answered on the calling thread.
        NativeBridge.setToken(bridge, JSONObject().put("value", "token").put("scheme", "Bearer").toString().utf8())
        bridgedHeaders()
        val (pushed, pushedBaseline) = medians { bridgedHeaders() to baselineHeaders() }
        rows += Triple("headers, token pushed ($count at once)", pushed, pushedBaseline)
        rows += Triple("headers, token asked of the app ($count at once)", pulled, pulledBaseline)
    }

    NativeBridge.disconnect(webView)
    NativeBridge.release(webView)
    NativeBridge.destroy(bridge)

    println("| path | µs/message through JNI and the core | µs/message, JVM-only baseline | ratio |")
    println("|---|---|---|---|")
    for ((name, bridged, baseline) in rows) {
        println("| $name | %.2f | %.2f | %.2fx |".format(bridged / 1000, baseline / 1000, bridged / baseline))
    }
}
