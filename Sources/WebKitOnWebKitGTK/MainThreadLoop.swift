#if os(Linux)
import CWebKitGTK
import Foundation

/// GLib's default main context, run by the main thread between its other work, as an app's main
/// run loop serves WebKit on Apple platforms.
///
/// WebKit is main-thread only (Apple's `WKWebView` stops a process that touches it from another
/// thread); WebKitGTK's work arrives on GLib's default main context. The main thread owns that
/// context for good, and each pass over it (prepare, query, poll, check, dispatch) is split: a
/// helper thread waits in `poll` on the context's descriptors, and the main queue checks and
/// dispatches what became ready. So the main thread keeps serving the main queue (the main actor,
/// Foundation's run loop) while WebKitGTK's events reach it, with no polling interval.
///
/// Needs the main queue to run on the main thread: an app's run loop, `RunLoop.main.run()`, or
/// XCTest's runner (Swift Testing on Linux runs the main actor on a pool thread instead: the
/// emulation refuses it, as WebKit refuses any thread but the main one).
@MainActor
enum MainThreadLoop {
    private static var started = false
    private static var fds = [GPollFD](repeating: GPollFD(), count: 16)
    private static var count: Int32 = 0
    private static var priority: gint = 0
    private static let poller = Poller()

    /// Starts serving GLib's default main context from the main queue; once per process.
    static func start() {
        guard !started else { return }
        precondition(Thread.isMainThread, "WebKit must be used from the main thread only")
        started = true
        precondition(
            g_main_context_acquire(g_main_context_default()) != 0, "another thread runs GLib's default main context")
        prepare()
    }

    /// Tells the context that main-thread code changed its sources outside a dispatch (a load, a
    /// script to run): the pending poll starts over with them.
    static func wake() {
        if started { g_main_context_wakeup(g_main_context_default()) }
    }

    /// ``wake()`` from code the compiler cannot tell runs on the main thread (a deinit).
    nonisolated static func wakeFromAnyContext() {
        g_main_context_wakeup(g_main_context_default())
    }

    private static func prepare() {
        let context = g_main_context_default()
        g_main_context_prepare(context, &priority)
        var timeout: gint = -1
        while true {
            count = fds.withUnsafeMutableBufferPointer {
                g_main_context_query(context, priority, &timeout, $0.baseAddress, gint($0.count))
            }
            if Int(count) <= fds.count { break }
            fds = [GPollFD](repeating: GPollFD(), count: Int(count))
        }
        poller.poll(Array(fds.prefix(Int(count))), timeout: timeout)
    }

    /// The poll ended: check and dispatch what is ready, then wait again.
    fileprivate static func ready(_ polled: [GPollFD]) {
        for index in polled.indices { fds[index].revents = polled[index].revents }
        let context = g_main_context_default()
        let dispatchable = fds.withUnsafeMutableBufferPointer {
            g_main_context_check(context, priority, $0.baseAddress, count)
        }
        if dispatchable != 0 { g_main_context_dispatch(context) }
        prepare()
    }

    /// The helper thread: one `poll` at a time, for the descriptors and timeout the main thread
    /// queried; the result goes back to the main queue.
    private final class Poller: @unchecked Sendable {  // `pending` is guarded by `condition`
        private let condition = NSCondition()
        private var pending: (fds: [GPollFD], timeout: gint)?

        init() {
            let thread = Thread { [unowned self] in self.run() }
            thread.name = "WebKit GLib poll"
            thread.start()
        }

        func poll(_ fds: [GPollFD], timeout: gint) {
            condition.withLock {
                pending = (fds, timeout)
                condition.signal()
            }
        }

        private func run() {
            while true {
                var (fds, timeout) = condition.withLock {
                    while pending == nil { condition.wait() }
                    defer { pending = nil }
                    return pending!
                }
                _ = fds.withUnsafeMutableBufferPointer { g_poll($0.baseAddress, guint($0.count), timeout) }
                let polled = fds
                DispatchQueue.main.async { MainActor.assumeIsolated { MainThreadLoop.ready(polled) } }
            }
        }
    }
}
#endif
