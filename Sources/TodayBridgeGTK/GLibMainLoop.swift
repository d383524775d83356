#if os(Linux)
import CWebKitGTK

/// Runs GLib's default main loop on the calling thread, which must be the one that called
/// `gtk_init()`, until ``quit()``.
public enum GLibMainLoop {
    // Written by `run()` on the main thread before the loop starts and read by `quit()` on the
    // same thread while it runs: never touched concurrently.
    nonisolated(unsafe) private static var loop: OpaquePointer?

    /// Runs the loop; returns after ``quit()``.
    public static func run() {
        let mainLoop = g_main_loop_new(nil, 0)
        loop = mainLoop
        g_main_loop_run(mainLoop)
        g_main_loop_unref(mainLoop)
        loop = nil
    }

    /// Stops the loop started by ``run()``.
    @GLibActor
    public static func quit() {
        if let loop { g_main_loop_quit(loop) }
    }
}
#endif
