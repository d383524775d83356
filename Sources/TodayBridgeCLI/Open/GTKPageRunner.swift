#if canImport(TodayBridgeGTK)
import CWebKitGTK
import Foundation
import TodayBridge
import TodayBridgeGTK

/// Shows one page in a WebKitGTK window with the bridge installed, until the page calls
/// `window.close()` (exit 0) or the time runs out (exit 1).
@GLibActor
final class GTKPageRunner {
    private let options: PageRunOptions
    private let bridge: TodayBridge
    private let exitCode: Locked<Int32>
    private let onInstalled: @GLibActor (WebKitGTKBridge) -> Void
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var webView: UnsafeMutablePointer<WebKitWebView>?
    private var finished = false

    private init(options: PageRunOptions, bridge: TodayBridge, exitCode: Locked<Int32>, onInstalled: @escaping @GLibActor (WebKitGTKBridge) -> Void) {
        self.options = options
        self.bridge = bridge
        self.exitCode = exitCode
        self.onInstalled = onInstalled
    }

    /// Runs the page on the calling (main) thread; returns the exit code.
    ///
    /// - Parameter onInstalled: Called with the installation before the page loads.
    nonisolated static func run(
        options: PageRunOptions,
        bridge: TodayBridge,
        onInstalled: @escaping @Sendable @GLibActor (WebKitGTKBridge) -> Void = { _ in }
    ) throws -> Int32 {
        let display = options.headless ? try VirtualDisplay() : nil
        gtk_init()
        let exitCode = Locked<Int32>(1)
        let runner = Task { @GLibActor in
            let runner = GTKPageRunner(options: options, bridge: bridge, exitCode: exitCode, onInstalled: onInstalled)
            runner.start()
            return runner
        }
        GLibMainLoop.run()
        withExtendedLifetime((display, runner)) {}
        return exitCode.withLock { $0 }
    }

    private func start() {
        let session = webkit_network_session_new_ephemeral()
        if let certificate = options.certificate { allow(certificate, in: session) }
        let view = today_web_view_new(webkit_user_content_manager_new(), session)!
        webView = view
        onInstalled(WebKitGTKBridge.install(bridge, in: view))
        if options.rawEcho { RawEchoHandler.register(in: view) }
        connectSignals(view)
        let window = gtk_window_new()
        self.window = window
        gtk_window_set_default_size(today_window(window), 1024, 720)
        gtk_window_set_child(today_window(window), today_web_view_widget(view))
        gtk_window_present(today_window(window))
        webkit_web_view_load_uri(view, options.url.absoluteString)
        g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(1, options.timeout * 1000)), { data in
            let runner = Unmanaged<GTKPageRunner>.fromOpaque(data!).takeUnretainedValue()
            GLibActor.assumeIsolated { runner.finish(exitCode: 1, reason: "timed out") }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func allow(_ certificatePath: String, in session: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        guard let certificate = g_tls_certificate_new_from_file(certificatePath, &error) else {
            printToStandardError("today-bridge: cannot read certificate \(certificatePath)")
            g_error_free(error)
            return
        }
        let hosts = options.certificateHosts.isEmpty ? [options.url.host ?? "127.0.0.1"] : options.certificateHosts
        for host in hosts { webkit_network_session_allow_tls_certificate_for_host(session, certificate, host) }
        g_object_unref(gpointer(certificate))
    }

    private func connectSignals(_ view: UnsafeMutablePointer<WebKitWebView>) {
        let data = Unmanaged.passUnretained(self).toOpaque()
        let onClose: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let runner = Unmanaged<GTKPageRunner>.fromOpaque(data!).takeUnretainedValue()
            GLibActor.assumeIsolated { runner.finish(exitCode: 0, reason: nil) }
        }
        let onCrash: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, _, data in
            let runner = Unmanaged<GTKPageRunner>.fromOpaque(data!).takeUnretainedValue()
            GLibActor.assumeIsolated { runner.finish(exitCode: 3, reason: "the web process terminated") }
        }
        _ = today_signal_connect(gpointer(view), "close", unsafeBitCast(onClose, to: GCallback.self), data)
        _ = today_signal_connect(gpointer(view), "web-process-terminated", unsafeBitCast(onCrash, to: GCallback.self), data)
    }

    private func finish(exitCode: Int32, reason: String?) {
        guard !finished else { return }
        finished = true
        self.exitCode.withLock { $0 = exitCode }
        if let reason { printToStandardError("today-bridge: \(reason)") }
        Task { @GLibActor in
            if let path = options.screenshot, let webView { await GTKSnapshot.save(webView, to: path) }
            if let window { gtk_window_destroy(today_window(window)) }
            GLibMainLoop.quit()
        }
    }
}

#endif
