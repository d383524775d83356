package today.bridge

import android.content.Context
import android.os.Handler
import android.os.Looper
import android.webkit.RenderProcessGoneDetail
import android.webkit.WebView
import org.json.JSONObject
import org.junit.After
import org.junit.Assert.assertEquals
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

const val OBJECT_NAME = "todayWebViewBridgeNative"

/**
 * Waits, at most 60 s, until [value] is not null; fails the test otherwise. The bound only ends a
 * broken test: on a loaded 2-core machine two thousand round trips took more than 10 s.
 */
fun <T> eventually(what: String, value: () -> T?): T {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60)
    while (System.nanoTime() < deadline) {
        value()?.let { return it }
        Thread.sleep(2)
    }
    throw AssertionError("timed out waiting for $what")
}

/**
 * A thread with a looper, as Android gives the app's UI thread or a `HandlerThread`. An
 * exception a task throws ends an Android app; here it is kept in [crashes] (each test checks
 * there is none) and the looper runs on.
 */
open class LooperThread(name: String, prepare: () -> Unit = Looper::prepare) {
    val crashes = CopyOnWriteArrayList<Throwable>()
    val looper: Looper

    init {
        val prepared = LinkedBlockingQueue<Looper>()
        val thread = Thread({
            prepare()
            prepared.add(Looper.myLooper()!!)
            while (true) {
                try {
                    Looper.loop()
                    return@Thread
                } catch (crash: Throwable) {
                    crashes.add(crash)
                }
            }
        }, name)
        thread.isDaemon = true
        thread.start()
        looper = prepared.take()
    }

    /** Runs [body] on this thread and returns its value, rethrowing what it threw (at most 20 s). */
    fun <T> run(body: () -> T): T {
        val result = LinkedBlockingQueue<Outcome<T>>()
        Handler(looper).post {
            val outcome: Outcome<T> = try {
                Outcome(body(), null)
            } catch (thrown: Throwable) {
                Outcome(null, thrown)
            }
            result.add(outcome)
        }
        val outcome = result.poll(20, TimeUnit.SECONDS) ?: throw AssertionError("${looper.thread.name} did not run the task within 20 s")
        outcome.thrown?.let { throw it }
        @Suppress("UNCHECKED_CAST")
        return outcome.value as T
    }

    private class Outcome<T>(val value: T?, val thrown: Throwable?)
}

/** The app's main thread, as Android gives one: a thread "main" with the main looper. */
@Suppress("DEPRECATION")
object MainThread : LooperThread("main", Looper::prepareMainLooper)

fun <T> onMain(body: () -> T): T = MainThread.run(body)

/** Fails the test with what the UI thread threw during it, and clears that for the next test. */
fun assertNothingThrownOnMain() {
    val crashes = MainThread.crashes.toList()
    MainThread.crashes.clear()
    assertEquals("exceptions on the UI thread", emptyList<Throwable>(), crashes)
}

/** A looper thread of the app's other than the main one, as a `HandlerThread` is: web views made there are its. */
object OtherThread : LooperThread("webview-thread")

/**
 * A suite whose tests each make at most one bridge and one page with the app's [services]: both
 * are closed after each test, which then checks that the UI thread threw nothing.
 */
abstract class OnePageTest {
    protected val services = FakeServices()
    protected var bridge: TodayBridge? = null
    protected var page: Page? = null

    @After fun closePageAndBridge() {
        page?.close()
        bridge?.close()
        assertNothingThrownOnMain()
    }
}

/** The app's services, recording what the core asked and on which thread. */
class FakeServices : TodayBridgeServices {
    @Volatile var token: AccessToken? = AccessToken("secret-token")
    val currentTokenCalls = AtomicInteger()
    val refreshes = AtomicInteger()
    /** The most upstream refreshes ever running at once: 1 when every refresh coalesces (T3). */
    val mostConcurrentRefreshes = AtomicInteger()
    private val runningRefreshes = AtomicInteger()
    /** Refreshes wait for it. */
    @Volatile var refreshGate = CountDownLatch(0)
    val recorded = CopyOnWriteArrayList<AnalyticsEvent>()
    val diagnostics = CopyOnWriteArrayList<BridgeDiagnostic>()
    val threads: MutableSet<String> = ConcurrentHashMap.newKeySet()
    @Volatile var handler: (CapabilityCall) -> Any? = { throw UnsupportedOperationException("no handler") }
    /** Capability calls whose handler has returned or thrown. */
    val handled = AtomicInteger()

    override fun currentToken(): AccessToken? {
        noteThread()
        currentTokenCalls.incrementAndGet()
        return token
    }

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

    override fun diagnostic(diagnostic: BridgeDiagnostic) {
        diagnostics.add(diagnostic)
    }

    private fun noteThread() {
        threads.add(Thread.currentThread().name)
    }
}

/** A test context: Android's is the app's. */
class TestContext : Context()

/** What the app's listener heard: renderer deaths (answered with [handles]) and closes. */
class RecordingListener(private val handles: Boolean = true) : BridgedWebViewListener() {
    val gone = LinkedBlockingQueue<Boolean>()
    val closed = AtomicInteger()

    override fun onRenderProcessGone(view: WebView, detail: RenderProcessGoneDetail): Boolean {
        gone.add(detail.didCrash())
        return handles
    }

    override fun onCloseWindow(view: WebView) {
        closed.incrementAndGet()
    }
}

/**
 * A web view with the bridge installed, JavaScript on, as an app makes one; pages come from the
 * [TestServer]. Tests drive the page with `evaluateJavascript`, as an instrumentation test does.
 */
class Page(
    val bridge: TodayBridge,
    val listener: BridgedWebViewListener? = RecordingListener(),
    setClients: Boolean = true,
    /** The thread the web view is made on: its looper is the web view's (`getWebViewLooper()`). */
    val ui: LooperThread = MainThread,
    beforeLoad: (WebView) -> Unit = {}
) {
    val webView: WebView
    val bridged: BridgedWebView

    init {
        val (view, installed) = ui.run {
            val view = WebView(TestContext())
            view.settings.javaScriptEnabled = true
            val installed = bridge.install(view, setClients, listener)
            beforeLoad(view)
            view to installed
        }
        webView = view
        bridged = installed
    }

    /** Loads [url] and waits until its document has run its scripts (`window.loaded`). */
    fun load(url: String): Page {
        ui.run { webView.loadUrl(url) }
        return shows(url)
    }

    /** Waits until the main frame shows [url]'s document, its scripts run (`window.loaded`). */
    fun shows(url: String): Page {
        eventually("$url to show") { if (poll("window.loaded === true && location.href === ${JSONObject.quote(url)}") == "true") true else null }
        return this
    }

    /** `evaluateJavascript(script)`'s JSON result. */
    fun evaluate(script: String): String = poll(script, 10) ?: throw AssertionError("evaluateJavascript never answered: $script")

    /**
     * `evaluateJavascript(script)`'s JSON result, or null when none came within [seconds]: during a
     * navigation the frame can go away first, and Android never answers then.
     */
    fun poll(script: String, seconds: Long = 1): String? {
        val result = LinkedBlockingQueue<String>()
        ui.run { webView.evaluateJavascript(script) { result.add(it) } }
        return result.poll(seconds, TimeUnit.SECONDS)
    }

    /** Starts `window.todayWebViewBridge.postMessage([message])` in the main frame; its outcome is kept as `window.results[key]`. */
    fun send(key: String, message: JSONObject) {
        evaluate("""window.results = window.results || {}; window.todayWebViewBridge.postMessage(${message}).then(
            (value) => { window.results[${JSONObject.quote(key)}] = { value: value === undefined ? 'undefined' : value }; },
            (error) => { window.results[${JSONObject.quote(key)}] = { error: String(error && error.message) }; })""")
    }

    /** The outcome of [send] call [key], waiting for it: `{"value": …}` or `{"error": …}`. */
    fun result(key: String): JSONObject = eventually("the result of $key") {
        val text = evaluate("JSON.stringify((window.results || {})[${JSONObject.quote(key)}] || null)")
        JSONObject(JSONObject("{\"r\":$text}").getString("r").takeIf { it != "null" } ?: return@eventually null)
    }

    /** Sends [message] and waits for its outcome. */
    fun call(key: String, message: JSONObject): JSONObject {
        send(key, message)
        return result(key)
    }

    fun close() = ui.run {
        bridged.close()
        webView.destroy()
    }
}

fun message(type: String, vararg fields: Pair<String, Any>): JSONObject =
    JSONObject().put("type", type).apply { fields.forEach { (key, value) -> put(key, value) } }

fun configuration(
    capabilities: List<AppCapability> = emptyList(),
    maxCallsInFlight: Int? = null,
    pathPrefixes: List<String> = emptyList(),
    maxMessageBytes: Int? = null
) = TodayBridgeConfiguration(
    deviceId = "device-1",
    surfaces = listOf(TrustedSurface("feed", listOf(TestServer.origin), pathPrefixes = pathPrefixes)),
    capabilities = capabilities,
    maxCallsInFlight = maxCallsInFlight,
    maxMessageBytes = maxMessageBytes
)
