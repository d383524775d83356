package today.bridge

import org.json.JSONObject
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.util.Random
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

private const val FUZZ_FEED = "https://feed.example.com"

/**
 * Every JNI export under random programs (issue 25): handles that are live, released, destroyed
 * or made up; byte arrays that are requests, fragments of them or noise; service answers that
 * come, fail, come twice, come for ids never asked, or never come until the end. Run under
 * -Xcheck:jni (android/scripts/test.sh), where a JNI misuse fails the suite.
 *
 * After every program it checks: each request with an id that a connected web view received for a
 * route was answered exactly once (C5), each native call exactly once (X4), no route answered
 * twice, every reply JSON. `make test` runs three short programs of fixed seeds; `make fuzz` runs
 * `TODAY_JNI_FUZZ_PROGRAMS` long ones (`TODAY_JNI_FUZZ_OPERATIONS` each) of new seeds.
 */
class NativeBridgeFuzzTest {
    /** Counts replies per route, and answers the core's service calls at random. */
    private class FuzzHost(private val random: Random) : NativeHost {
        val replies = ConcurrentHashMap<Any, AtomicInteger>()
        val malformedReplies = ConcurrentLinkedQueue<String>()
        val held = ConcurrentLinkedQueue<Long>()
        @Volatile var handle = 0L
        private val answering = Executors.newSingleThreadExecutor { Thread(it, "fuzz services").apply { isDaemon = true } }

        override fun reply(route: Any, reply: ByteArray, attachments: Array<ByteArray>?) {
            replies.computeIfAbsent(route) { AtomicInteger() }.incrementAndGet()
            val text = reply.utf8()
            if (runCatching { JSONObject(text) }.isFailure) malformedReplies.add(text)
        }

        override fun service(callId: Long, service: String, arguments: ByteArray, attachments: Array<ByteArray>?) {
            val handle = handle
            val choice = synchronized(random) { random.nextInt(6) }
            // What flushAnalytics waits for (the events' user id, their delivery) is always
            // answered, as the glue answers it: a program's flush would otherwise wait forever.
            if (choice == 0 && service != "recordEvents" && service != "userID") {
                held.add(callId)
                return
            }
            answering.execute {
                when (choice) {
                    1 -> NativeBridge.completeService(handle, callId, null, null, """{"message":"declined","code":"declined"}""".utf8())
                    2 -> NativeBridge.completeService(handle, callId, noise(Random(callId)), attachments(Random(callId)), null)
                    3 -> {
                        NativeBridge.completeService(handle, callId, """{"value":"token-$callId"}""".utf8(), null, null)
                        NativeBridge.completeService(handle, callId, """{"value":"twice"}""".utf8(), null, null)
                    }
                    4 -> NativeBridge.completeService(handle, callId, """{"value":"token-$callId","b":{"__today.bytes":0}}""".utf8(), attachments(Random(callId)), null)
                    else -> NativeBridge.completeService(handle, callId, """{"value":"token-$callId","ok":true}""".utf8(), null, null)
                }
            }
        }

        /** Fails every call still held, at the end of a program. */
        fun failHeld() {
            while (true) NativeBridge.completeService(handle, held.poll() ?: return, null, null, "gone".utf8())
        }

        fun stop() {
            answering.shutdown()
            answering.awaitTermination(10, TimeUnit.SECONDS)
        }
    }

    private class Program(seed: Long) {
        val random = Random(seed)
        /** Each bridge's services host, and each web view's host. */
        val hosts = mutableListOf<FuzzHost>()
        val bridges = mutableListOf<Long>()
        val live = mutableListOf<Pair<Long, FuzzHost>>()
        val released = mutableListOf<Long>()
        val destroyed = mutableListOf<Long>()
        val expected = mutableListOf<Pair<FuzzHost, Any>>()
        val expectedCalls = mutableListOf<Pair<FuzzHost, Any>>()
        var nextID = 1
        var strayReplies = 0

        fun pick(): Long = when (random.nextInt(10)) {
            0 -> listOf(0L, -1L, Long.MAX_VALUE, random.nextLong())[random.nextInt(4)]
            1 -> (released + destroyed).randomOrZero()
            2 -> bridges.randomOrZero()
            else -> live.randomOrNull()?.first ?: 0L
        }

        fun <T> List<T>.randomOrNull(): T? = if (isEmpty()) null else this[random.nextInt(size)]
        fun List<Long>.randomOrZero(): Long = randomOrNull() ?: 0L

        fun bytes(): ByteArray = when (random.nextInt(6)) {
            0 -> noise(random)
            1 -> ByteArray(random.nextInt(4) * 4096) { 120 }
            2 -> JSONObject().put("value", "t${random.nextInt()}").toString().utf8()
            3 -> "$FUZZ_FEED/app/${random.nextInt(3)}".utf8()
            // A byte value naming an attachment by index, which may or may not be there (B2).
            4 -> """{"value":[{"__today.bytes":${random.nextInt(3) - 1}}]}""".utf8()
            else -> byteArrayOf()
        }

        fun message(): JSONObject {
            val types = listOf("track", "headers", "refreshToken", "establishSession", "__today.hello", "__today.subscribe", "share", "nope", "")
            val message = JSONObject().put("type", types[random.nextInt(types.size)])
            if (random.nextBoolean()) message.put("ename", if (random.nextBoolean()) "opened" else "Bad Name!")
            if (random.nextBoolean()) message.put("parameters", JSONObject().put("screen", "feed").put("n", random.nextDouble()))
            if (random.nextInt(4) == 0) message.put("refresh", true)
            if (random.nextInt(8) == 0) message.put("protocol", random.nextInt(4))
            return message
        }

        fun step() {
            when (random.nextInt(21)) {
                0 -> if (bridges.size < 3) create()
                1 -> if (random.nextInt(4) == 0) bridges.randomOrNull()?.let { destroy(it) }
                2 -> bridges.randomOrNull()?.let { bridge -> connect(bridge) }
                3 -> live.randomOrNull()?.let { (webView, _) -> NativeBridge.disconnect(webView) }
                4 -> live.randomOrNull()?.let { entry -> if (random.nextInt(3) == 0) release(entry) }
                5 -> NativeBridge.documentDidChange(pick(), if (random.nextInt(4) == 0) null else bytes())
                6 -> NativeBridge.webProcessDidTerminate(pick(), random.nextBoolean())
                7 -> orRefused { NativeBridge.emit(pick(), bytes(), if (random.nextBoolean()) null else bytes(), attachments(random)) }
                8 -> call()
                9 -> NativeBridge.completeService(
                    pick(), random.nextLong() % 50, if (random.nextBoolean()) null else bytes(), attachments(random), if (random.nextBoolean()) null else bytes()
                )
                10 -> orRefused { NativeBridge.setToken(pick(), if (random.nextInt(3) == 0) null else bytes()) }
                11 -> NativeBridge.installation(pick(), false)
                12 -> NativeBridge.recordTraffic(pick(), random.nextInt(8) - 2).let { if (random.nextBoolean()) NativeBridge.stopRecording(it) }
                13 -> NativeBridge.stopRecording(pick())
                14 -> if (random.nextInt(8) == 0) NativeBridge.flushAnalytics(pick())
                15 -> NativeBridge.documentWasRestored(pick(), if (random.nextInt(4) == 0) null else bytes())
                else -> receive()
            }
        }

        fun create() {
            val configuration = if (random.nextInt(5) == 0) bytes() else TodayBridgeConfiguration(
                "device-1", listOf(TrustedSurface("feed", listOf(FUZZ_FEED))),
                capabilities = listOf(AppCapability("share", AppCapability.Access.ANY_FRAME, deadline = 30.0)), maxCallsInFlight = 64
            ).toWire().toJson().toString().utf8()
            val services = FuzzHost(Random(random.nextLong()))
            try {
                val bridge = NativeBridge.create(configuration, services)
                services.handle = bridge
                hosts += services
                bridges += bridge
            } catch (refused: IllegalArgumentException) {
                // noise is not a configuration
            }
        }

        fun destroy(bridge: Long) {
            NativeBridge.destroy(bridge)
            bridges.remove(bridge)
            destroyed += bridge
        }

        fun connect(bridge: Long) {
            val host = FuzzHost(Random(random.nextLong()))
            hosts += host
            val webView = NativeBridge.connect(bridge, host, false)
            host.handle = webView
            if (webView != 0L) live += webView to host
        }

        fun release(entry: Pair<Long, FuzzHost>) {
            NativeBridge.release(entry.first)
            live.remove(entry)
            released += entry.first
        }

        fun receive() {
            val target = if (random.nextInt(8) == 0) null else live.randomOrNull()
            val handle = target?.first ?: pick()
            val id = nextID++
            val wellFormed = random.nextInt(4) != 0
            val request = when {
                wellFormed -> JSONObject().put("id", id).put("message", message()).toString().utf8()
                random.nextBoolean() -> JSONObject().put("message", message()).toString().utf8()  // a notification
                else -> {
                    val whole = JSONObject().put("id", id).put("message", message()).toString().utf8()
                    if (random.nextBoolean()) whole.copyOf(random.nextInt(whole.size)) else noise(random)
                }
            }
            val route: Any? = if (random.nextInt(10) == 0) null else Any()
            val origin = listOf(FUZZ_FEED.utf8(), "https://ads.example.net".utf8(), "null".utf8(), null, noise(random))[random.nextInt(5)]
            val returned = NativeBridge.receive(handle, request, null, random.nextInt(4) != 0, origin, route)
            val host = live.firstOrNull { it.first == handle }?.second
            // An answer given at once comes back to a connected web view's route, which the glue posts it to.
            if (returned != null) {
                if (route == null || host == null) strayReplies++ else host.reply(route, returned, null)
            }
            if (wellFormed && route != null && host != null) expected += host to route
        }

        fun call() {
            val entry = live.randomOrNull()
            val handle = entry?.first ?: pick()
            val route = Any()
            val accepted = orRefused {
                NativeBridge.call(
                    handle, if (random.nextInt(6) == 0) noise(random) else "confirm".utf8(),
                    if (random.nextBoolean()) null else bytes(), attachments(random), if (random.nextBoolean()) null else bytes(),
                    listOf(0.0, -1.0, 0.05, 30.0, Double.NaN, Double.MAX_VALUE, Double.POSITIVE_INFINITY)[random.nextInt(7)], route
                )
            }
            if (accepted && entry != null && live.contains(entry)) expectedCalls += entry.second to route
        }

        /** Runs [body]; false when an export refused its input with IllegalArgumentException. */
        fun orRefused(body: () -> Unit): Boolean = try {
            body()
            true
        } catch (refused: IllegalArgumentException) {
            false
        }

        /**
         * Closes what is open, fails what the hosts held, and waits for the answers owed: at most
         * 5 s, well within every deadline (30 s), so a call that only its deadline would settle
         * counts as unanswered: closing must settle everything at once (C5).
         */
        fun finish() {
            for ((webView, _) in live.toList()) NativeBridge.disconnect(webView)
            for (host in hosts) host.failHeld()
            for (bridge in bridges.toList()) destroy(bridge)
            for ((webView, _) in live.toList()) NativeBridge.release(webView)
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5)
            while (System.nanoTime() < deadline && (expected + expectedCalls).any { (host, route) -> host.replies[route] == null }) Thread.sleep(10)
            for (host in hosts) host.stop()
        }
    }

    private fun run(seed: Long, operations: Int) {
        val program = Program(seed)
        program.create()
        repeat(operations) { program.step() }
        program.finish()
        val owed = program.expected + program.expectedCalls
        val unanswered = owed.count { (host, route) -> host.replies[route] == null }
        val twice = program.hosts.map { host -> host.replies.values.count { it.get() > 1 } }.sum()
        val malformed = program.hosts.flatMap { it.malformedReplies }
        assertEquals("seed $seed: requests and native calls never answered (C5, X4)", 0, unanswered)
        assertEquals("seed $seed: routes answered more than once (C5)", 0, twice)
        assertEquals("seed $seed: replies returned without a route or a web view to post them to", 0, program.strayReplies)
        assertTrue("seed $seed: replies that are not JSON: ${malformed.take(3)}", malformed.isEmpty())
        assertTrue("seed $seed: the program sent requests that were owed an answer", program.expected.isNotEmpty())
        val replies = program.hosts.map { host -> host.replies.size }.sum()
        println("JNI fuzz, seed $seed: $operations operations, ${program.destroyed.size} bridges, ${program.hosts.size} hosts, ${program.expected.size} requests and ${program.expectedCalls.size} native calls owed an answer, $replies routes answered")
    }

    @Test(timeout = 600_000) fun `C5 X4 X7 every export under random handles, bytes and service answers settles each call once`() {
        val operations = System.getenv("TODAY_JNI_FUZZ_OPERATIONS")?.toIntOrNull() ?: 2_000
        // `make fuzz`: programs of new seeds (printed, to replay one with TODAY_JNI_FUZZ_SEED).
        val programs = System.getenv("TODAY_JNI_FUZZ_PROGRAMS")?.toIntOrNull()
        val start = System.currentTimeMillis()
        val seeds = System.getenv("TODAY_JNI_FUZZ_SEED")?.toLongOrNull()?.let { listOf(it) }
            ?: programs?.let { count -> (0 until count).map { start + it } }
            ?: listOf(1L, 2L, 3L)
        for (seed in seeds) run(seed, operations)
    }
}

/** Attachments beside a JSON text (B2): none, an empty list, or up to three arrays of noise, one of them sometimes empty. */
private fun attachments(random: Random): Array<ByteArray>? = when (random.nextInt(4)) {
    0 -> null
    1 -> arrayOf()
    else -> Array(random.nextInt(3) + 1) { if (random.nextInt(4) == 0) byteArrayOf() else noise(random) }
}

/** Up to 64 random bytes: never valid UTF-8 JSON on purpose, sometimes by chance. */
private fun noise(random: Random): ByteArray = ByteArray(random.nextInt(65)).also { random.nextBytes(it) }
