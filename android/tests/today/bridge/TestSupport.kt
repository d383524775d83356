package today.bridge

import android.content.Context
import android.os.Looper
import android.webkit.WebView
import androidx.webkit.MirrorFrame
import org.json.JSONObject
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

const val FEED = "https://feed.example.com"
const val OBJECT_NAME = "todayWebViewBridgeNative"

/** Waits, at most 10 s, until [value] is not null; fails the test otherwise. */
fun <T> eventually(what: String, value: () -> T?): T {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
    while (System.nanoTime() < deadline) {
        value()?.let { return it }
        Thread.sleep(2)
    }
    throw AssertionError("timed out waiting for $what")
}

fun onMain(body: () -> Unit) = Looper.mirrorRunOnMainAndWait(Runnable(body))

/** The app's services, recording what the core asked and on which thread. */
class FakeServices : TodayBridgeServices {
    @Volatile var token: AccessToken? = AccessToken("secret-token")
    val refreshes = AtomicInteger()
    /** The most upstream refreshes ever running at once: 1 when every refresh coalesces (T3). */
    val mostConcurrentRefreshes = AtomicInteger()
    private val runningRefreshes = AtomicInteger()
    /** Refreshes wait for it. */
    @Volatile var refreshGate = CountDownLatch(0)
    val recorded = CopyOnWriteArrayList<AnalyticsEvent>()
    val threads: MutableSet<String> = ConcurrentHashMap.newKeySet()
    @Volatile var handler: (CapabilityCall) -> Any? = { throw UnsupportedOperationException("no handler") }
    /** Capability calls whose handler has returned or thrown. */
    val handled = AtomicInteger()

    override fun currentToken(): AccessToken? = token.also { noteThread() }

    override fun refreshToken(): AccessToken {
        noteThread()
        val number = refreshes.incrementAndGet()
        mostConcurrentRefreshes.accumulateAndGet(runningRefreshes.incrementAndGet(), ::maxOf)
        try {
            check(refreshGate.await(10, TimeUnit.SECONDS)) { "refresh gate never opened" }
            return AccessToken("fresh-$number").also { token = it }
        } finally {
            runningRefreshes.decrementAndGet()
        }
    }

    override fun userId() = "user-7"

    override fun record(events: List<AnalyticsEvent>) {
        noteThread()
        recorded.addAll(events)
    }

    override fun handle(call: CapabilityCall): Any? {
        noteThread()
        try {
            return handler(call)
        } finally {
            handled.incrementAndGet()
        }
    }

    private fun noteThread() {
        threads.add(Thread.currentThread().name)
    }
}

/** A test context: Android's is the app's. */
class TestContext : Context()

/** A web view with the bridge installed, on a trusted page (https://feed.example.com/app/). */
class Page(
    val bridge: TodayBridge,
    url: String = "$FEED/app/",
    setClients: Boolean = true
) {
    lateinit var webView: WebView
    lateinit var bridged: BridgedWebView
    private var nextId = 0

    init {
        onMain {
            webView = WebView(TestContext())
            bridged = bridge.install(webView, setClients)
        }
        webView.mirrorCommitNavigation(url)
    }

    val main: MirrorFrame by lazy { frame(FEED, isMainFrame = true) }

    fun frame(origin: String, isMainFrame: Boolean = false): MirrorFrame = webView.mirrorFrame(origin, isMainFrame)

    /** Sends [message] as the Android shim does; returns the request id. */
    fun send(message: JSONObject, from: MirrorFrame = main): Int {
        val id = synchronized(this) { ++nextId }
        from.postMessage(OBJECT_NAME, JSONObject().put("id", id).put("message", message).toString())
        return id
    }

    /** The reply to request [id] of [frame], waiting for it. */
    fun reply(id: Int, frame: MirrorFrame = main): JSONObject = awaitReply(id) { frame.replies() }

    /** The reply the glue posted for request [id] of [frame] after its document was gone (Chromium drops it), waiting for it. */
    fun droppedReply(id: Int, frame: MirrorFrame = main): JSONObject = awaitReply(id) { frame.droppedReplies() }

    private fun awaitReply(id: Int, replies: () -> List<String>): JSONObject =
        eventually("the reply to request $id") { replies().map(::JSONObject).firstOrNull { it.getInt("id") == id } }

    /** Sends [message] and waits for its reply. */
    fun call(message: JSONObject, from: MirrorFrame = main): JSONObject = reply(send(message, from), from)

    fun close() = bridged.close()
}

fun message(type: String, vararg fields: Pair<String, Any>): JSONObject =
    JSONObject().put("type", type).apply { fields.forEach { (key, value) -> put(key, value) } }

fun configuration(
    capabilities: List<AppCapability> = emptyList(),
    maxCallsInFlight: Int? = null
) = TodayBridgeConfiguration(
    deviceId = "device-1",
    surfaces = listOf(TrustedSurface("feed", listOf(FEED))),
    capabilities = capabilities,
    maxCallsInFlight = maxCallsInFlight
)
