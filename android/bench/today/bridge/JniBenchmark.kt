package today.bridge

import org.json.JSONObject
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

// `make bench` (android/scripts/bench.sh): the Swift core through its JNI surface, as the Kotlin
// glue drives it, against a baseline measured in the same run: what a JVM-only host does at the
// least for the same message (parse the request and serialize a reply with org.json; for the
// asynchronous path, the same through the same kind of executor). Prints a Markdown table.

private const val ORIGIN = "https://feed.example.com"

/** Records nothing: answers services at once on its executor, counts replies. */
private class BenchHost(private val answer: (String) -> String?) : NativeHost {
    @Volatile var handle = 0L
    val replies = AtomicInteger()
    @Volatile var allReplied = CountDownLatch(0)
    private val executor = Executors.newFixedThreadPool(2) { Thread(it, "bench services").apply { isDaemon = true } }

    override fun reply(route: Any, reply: ByteArray) {
        replies.incrementAndGet()
        allReplied.countDown()
    }

    override fun service(callId: Long, service: String, arguments: ByteArray) {
        val handle = handle
        executor.execute { NativeBridge.completeService(handle, callId, answer(service)?.utf8(), null) }
    }
}

private fun request(id: Int, message: JSONObject) = JSONObject().put("id", id).put("message", message).toString().utf8()

private fun nanosPerCall(count: Int, body: (Int) -> Unit): Double {
    val start = System.nanoTime()
    for (index in 0 until count) body(index)
    return (System.nanoTime() - start).toDouble() / count
}

private fun baselineSync(message: JSONObject): (Int) -> Unit = { index ->
    val text = request(index, message).utf8()
    val parsed = JSONObject(text)
    JSONObject().put("id", parsed.getInt("id")).put("value", JSONObject().put("ok", true)).toString().utf8()
}

fun main(arguments: Array<String>) {
    val count = arguments.firstOrNull()?.toInt() ?: 20_000
    val configuration = TodayBridgeConfiguration(
        deviceId = "bench", surfaces = listOf(TrustedSurface("feed", listOf(ORIGIN))), maxCallsInFlight = count
    ).toJson().utf8()
    val services = BenchHost { service -> if (service == "currentToken") """{"value":"token"}""" else null }
    val bridge = NativeBridge.create(configuration, services)
    services.handle = bridge
    val host = BenchHost { null }
    val webView = NativeBridge.connect(bridge, host)
    host.handle = webView
    val route = Any()
    val url = "$ORIGIN/app/".utf8()

    fun send(index: Int, message: JSONObject) =
        NativeBridge.receive(webView, request(index, message), true, ORIGIN.utf8(), url, route)

    val hello = JSONObject().put("type", "__today.hello")
    val track = JSONObject().put("type", "track").put("ename", "opened").put("parameters", JSONObject().put("screen", "feed"))
    val headers = JSONObject().put("type", "headers")

    // Warm both sides up (JIT, the core's first allocations).
    repeat(2) {
        nanosPerCall(count) { send(it, hello) }
        nanosPerCall(count, baselineSync(hello))
    }
    val rows = mutableListOf<Triple<String, Double, Double>>()
    for ((name, message) in listOf("__today.hello" to hello, "track" to track)) {
        val baseline = nanosPerCall(count, baselineSync(message))
        val bridged = nanosPerCall(count) { send(it, message) }
        rows += Triple(name, bridged, baseline)
    }

    // headers: answered in a task after a token service call on the host's executor, all at once.
    host.allReplied = CountDownLatch(count)
    val start = System.nanoTime()
    for (index in 0 until count) send(index, headers)
    check(host.allReplied.await(60, TimeUnit.SECONDS)) { "headers did not all settle" }
    val bridgedAsync = (System.nanoTime() - start).toDouble() / count
    val baselineExecutor = Executors.newFixedThreadPool(2)
    val done = CountDownLatch(count)
    val baselineStart = System.nanoTime()
    for (index in 0 until count) baselineExecutor.execute { baselineSync(headers)(index); done.countDown() }
    check(done.await(60, TimeUnit.SECONDS))
    val baselineAsync = (System.nanoTime() - baselineStart).toDouble() / count
    baselineExecutor.shutdown()
    rows += Triple("headers ($count at once)", bridgedAsync, baselineAsync)

    NativeBridge.disconnect(webView)
    NativeBridge.destroy(bridge)

    println("| path | µs/message through JNI and the core | µs/message, JVM-only baseline | ratio |")
    println("|---|---|---|---|")
    for ((name, bridged, baseline) in rows) {
        println("| $name | %.2f | %.2f | %.2fx |".format(bridged / 1000, baseline / 1000, bridged / baseline))
    }
}
