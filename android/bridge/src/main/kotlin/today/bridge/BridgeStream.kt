package today.bridge

import org.json.JSONObject
import java.util.concurrent.atomic.AtomicBoolean

/**
 * One stream a page opened on one of the app's streaming capabilities
 * ([TodayBridgeConfiguration.streams]), as [TodayBridgeServices.stream] produces it (ST1–ST5):
 * [send] its values in order, then [finish] or [fail] it once.
 *
 * ```kotlin
 * override fun stream(call: CapabilityCall, stream: BridgeStream) {
 *     for (value in 1..3) {
 *         if (!stream.send(value)) return // the page cancelled it, or its deadline passed
 *     }
 *     stream.finish()
 * }
 * ```
 *
 * Thread-safe: any thread may call it, but [send] blocks, so never on the UI thread.
 *
 * Back-pressure (ST3): [send] returns once the core took the value, and the core takes a value
 * only after it delivered the one before it, which waits for room in the page's window of
 * unconsumed values: a producer that sends in a loop runs at most one value ahead of the page,
 * without a buffer of its own. The capability's deadline bounds the wait for each value (ST4).
 *
 * Cancellation (ST4, ST5): when the page cancels the stream, its deadline passes or its document
 * goes away, the stream ends on the bridge's side: [isCancelled] becomes true, a blocked [send]
 * returns false (as every later one does), and the [onCancel] callbacks run once, on a background
 * thread of the bridge (never the UI thread). The producer should stop; [finish] and [fail] then
 * do nothing. The stream ends exactly once: the first of [finish], [fail] or the bridge's end.
 */
class BridgeStream internal constructor(private val handle: Long) {
    private val ended = AtomicBoolean(false)
    private val lock = Any()
    private var callbacks: MutableList<() -> Unit>? = mutableListOf()

    /**
     * True once the bridge's side ended the stream (page cancel, deadline, document gone); true
     * already when [send] returns false for that reason.
     */
    @Volatile var isCancelled = false
        private set

    /**
     * Sends the next value: a JSON value (`JSONObject`, `JSONArray`, `String`, a number, a
     * `Boolean`, or null for `null`), byte values ([BridgeBytes.toJson]) among them. Blocks until
     * the bridge takes it (see back-pressure above); returns false, dropping it, once the stream
     * ended. Throws [IllegalArgumentException] for a value that is not JSON.
     */
    fun send(value: Any?): Boolean {
        if (ended.get() || isCancelled) return false
        val json = JsonText.of(value ?: JSONObject.NULL)!!
        if (NativeBridge.streamSend(handle, json.utf8, json.attachments)) return true
        // Only the bridge's side ends a stream the producer has not ended.
        if (!ended.get()) isCancelled = true
        return false
    }

    /** Ends the stream after the values sent: the page's `for await` loop ends (ST5). */
    fun finish() {
        if (ended.compareAndSet(false, true)) NativeBridge.streamFinish(handle)
    }

    /**
     * Fails the stream after the values sent with the app's structured error (X2): the page's
     * `for await` loop throws a `BridgeError` with [code] and [message].
     */
    @JvmOverloads
    fun fail(code: String, message: String, recoverable: Boolean = false) =
        fail(Wire.HostFailure(code, message, recoverable))

    internal fun fail(failure: Wire.HostFailure) {
        if (ended.compareAndSet(false, true)) NativeBridge.streamFail(handle, failure.toJson().toString().utf8())
    }

    /**
     * Runs [callback] once when the bridge's side ends the stream (see cancellation above), on a
     * background thread of the bridge; at once, on this thread, when it already did. Never when
     * the producer's [finish] or [fail] ended it first.
     */
    fun onCancel(callback: () -> Unit) {
        synchronized(lock) {
            callbacks?.let {
                it.add(callback)
                return
            }
        }
        if (isCancelled) callback()
    }

    /** The bridge told the end of the stream ([Wire.StreamEndedArguments]). */
    internal fun ended(cancelled: Boolean) {
        if (cancelled) isCancelled = true
        val waiting = synchronized(lock) { callbacks.also { callbacks = null } } ?: return
        if (!cancelled) return
        ended.set(true)
        for (callback in waiting) {
            try {
                callback()
            } catch (ignored: Throwable) {
                // A failing callback stops nobody else's.
            }
        }
    }
}
