package today.bridge.host

import org.json.JSONObject
import today.bridge.AccessToken
import today.bridge.AnalyticsEvent
import today.bridge.BridgeDiagnostic
import today.bridge.BridgeStream
import today.bridge.BridgedWebView
import today.bridge.CapabilityCall
import today.bridge.TodayBridgeException
import today.bridge.TodayBridgeServices
import java.net.HttpURLConnection
import java.net.URL
import java.util.concurrent.atomic.AtomicInteger
import java.util.concurrent.atomic.AtomicLong

/**
 * The host's services, as an app's: tokens from the backend's token endpoint (`POST BASE/issue`
 * for the first, `POST BASE/refresh` for each refresh, both answering `{"token"}`) or a static
 * test token (`VALUE`, then `VALUE-1`, `VALUE-2` on refreshes); each analytics event printed as
 * one JSON line, as `today-bridge open` prints them; its capabilities; diagnostics on standard
 * error.
 */
class HostServices(
    private val options: HostOptions,
    private val page: () -> BridgedWebView,
    private val closeView: () -> Unit
) : TodayBridgeServices {
    private var token: String? = null
    private var refreshes = 0
    private val burstEvents = AtomicInteger()
    private val lastBurstEventAt = AtomicLong()

    @Synchronized override fun currentToken(): AccessToken? {
        val endpoint = options.tokenEndpoint
        if (endpoint == null) return options.token?.let { AccessToken(if (refreshes == 0) it else "$it-$refreshes") }
        if (token == null) token = try {
            fetchToken("$endpoint/issue")
        } catch (failed: Exception) {
            null
        }
        return token?.let { AccessToken(it) }
    }

    @Synchronized override fun refreshToken(): AccessToken {
        val endpoint = options.tokenEndpoint
        if (endpoint == null) {
            val base = options.token ?: throw TodayBridgeException("failed", "no session")
            refreshes += 1
            return AccessToken("$base-$refreshes")
        }
        return AccessToken(fetchToken("$endpoint/refresh").also { token = it })
    }

    override fun record(events: List<AnalyticsEvent>) {
        val lines = StringBuilder()
        for (event in events) {
            val line = JSONObject(event.properties.toString()).put("event", event.name).put("eid", event.id)
            lines.append(line.toString()).append('\n')
            if (options.countEvents && event.name == "burst") {
                burstEvents.incrementAndGet()
                lastBurstEventAt.set(System.currentTimeMillis())
            }
        }
        if (options.countEvents) return
        synchronized(System.out) {
            print(lines)
            System.out.flush()
        }
    }

    private val handlers = TestCapabilities.handlers(page, closeView) + ConformanceFixture.handlers(page)

    override fun handle(call: CapabilityCall): Any? {
        val handler = handlers[call.type] ?: throw UnsupportedOperationException("no capability ${call.type}")
        return handler(call.request as? JSONObject ?: JSONObject())
    }

    private val streams = TestCapabilities.streams + ConformanceFixture.streams

    override fun stream(call: CapabilityCall, stream: BridgeStream) {
        val producer = streams[call.type] ?: throw UnsupportedOperationException("no stream ${call.type}")
        producer(call.request as? JSONObject ?: JSONObject(), stream)
    }

    override fun diagnostic(diagnostic: BridgeDiagnostic) {
        System.err.println("today-bridge: $diagnostic")
    }

    /** With `--count-events`: `{"burstEvents": N, "lastRecordedAt": epoch ms}`, as the benchmarks read it. */
    fun printBurstReport() {
        if (options.countEvents) println("{\"burstEvents\":${burstEvents.get()},\"lastRecordedAt\":${lastBurstEventAt.get()}}")
    }

    private fun fetchToken(url: String): String {
        val connection = URL(url).openConnection() as HttpURLConnection
        connection.requestMethod = "POST"
        connection.doOutput = true
        connection.outputStream.close()
        if (connection.responseCode != 200) throw TodayBridgeException("failed", "the token endpoint refused")
        return JSONObject(connection.inputStream.bufferedReader().readText()).getString("token")
    }
}
