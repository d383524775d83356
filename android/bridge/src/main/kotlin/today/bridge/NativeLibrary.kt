package today.bridge

import java.util.concurrent.ExecutionException
import java.util.concurrent.FutureTask
import java.util.concurrent.atomic.AtomicBoolean

/**
 * `libTodayBridgeJNI.so`, loaded once: on a background thread of its own from [startLoading]
 * ([TodayBridge.preload]), else on the thread that first needs it, which then waits for a load
 * already under way rather than loading again. The library carries the Swift runtime and
 * Foundation, so loading it (mapping, relocations, the runtime's initializers) is work to keep
 * off the UI thread.
 */
internal object NativeLibrary {
    private val loading = FutureTask<String> {
        System.loadLibrary("TodayBridgeJNI")
        Thread.currentThread().name
    }
    private val started = AtomicBoolean()

    /** Starts the load on a daemon thread "TodayBridge library", unless it started already. */
    fun startLoading() {
        if (started.compareAndSet(false, true)) Thread(loading, "TodayBridge library").apply { isDaemon = true }.start()
    }

    /**
     * Loads the library on this thread, or waits for the load under way; rethrows its failure
     * (an `UnsatisfiedLinkError`). Returns the name of the thread that loaded it.
     */
    fun load(): String {
        started.set(true)
        loading.run()
        try {
            return loading.get()
        } catch (failed: ExecutionException) {
            throw failed.cause ?: failed
        }
    }
}
