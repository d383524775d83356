package today.bridge.host

import android.os.Handler
import android.os.Looper
import kotlin.system.exitProcess

/**
 * The app side of `today-bridge open --engine android`: a JVM process that hosts one page as an
 * Android app would, with the Android library that ships (the Kotlin glue in `android/bridge` and
 * the `TodayBridgeJNI` core) over the emulation of Android's WebView (`android/emulation`, a real
 * Chromium). Its main thread is the app's UI thread. It prints each forwarded analytics event as
 * a JSON line, and exits 0 when the page calls `window.close()`, 1 on timeout, 3 when the
 * renderer dies, 2 for bad arguments. It ends when its standard input does (its parent is gone).
 */
fun main(arguments: Array<String>) {
    val options = try {
        HostOptions(arguments)
    } catch (bad: IllegalArgumentException) {
        System.err.println("today-bridge: ${bad.message}")
        exitProcess(2)
    }
    @Suppress("DEPRECATION")
    Looper.prepareMainLooper()
    watchParent()
    val run = PageRun(options)
    Handler(Looper.getMainLooper()).post(run::start)
    Looper.loop()
    exitProcess(run.finish())
}

/** Ends the process when standard input closes: the CLI that started it is gone. */
private fun watchParent() {
    val watcher = Thread({
        try {
            while (System.`in`.read() >= 0) Unit
        } catch (ignored: java.io.IOException) {
            // Closed: the same as its end.
        }
        exitProcess(1)
    }, "today-bridge-parent")
    watcher.isDaemon = true
    watcher.start()
}
