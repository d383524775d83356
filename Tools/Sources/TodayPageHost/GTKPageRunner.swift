import CWebKitGTK
import Foundation
import TodayBridge
import ToolSupport
@_spi(Tools) import TodayBridgeGTK

/// Shows one page in a WebKitGTK window with the bridge installed, until the page calls
/// `window.close()` (or the app closes the view, `closeView`), its web process ends, or the time
/// runs out. The page may open popups, as in a browser-like app: each a view of the same web
/// process (the opener's related view), without the bridge.
@GLibActor
package final class GTKPageRunner {
    private let options: PageRunOptions
    private let bridge: TodayBridge
    private let end: Locked<PageRunEnd>
    private let onInstalled: @GLibActor (UnsafeMutablePointer<WebKitWebView>, WebKitGTKBridge) -> Void
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var webView: UnsafeMutablePointer<WebKitWebView>?
    private var popups: [UnsafeMutablePointer<GtkWidget>] = []
    private var finished = false
    private var reloaded = false

    private init(
        options: PageRunOptions, bridge: TodayBridge, end: Locked<PageRunEnd>,
        onInstalled: @escaping @GLibActor (UnsafeMutablePointer<WebKitWebView>, WebKitGTKBridge) -> Void
    ) {
        self.options = options
        self.bridge = bridge
        self.end = end
        self.onInstalled = onInstalled
    }

    /// Runs the page on the calling (main) thread; returns how it ended.
    ///
    /// - Parameter onInstalled: Called with the view and the installation before the page loads.
    package nonisolated static func run(
        options: PageRunOptions,
        bridge: TodayBridge,
        onInstalled: @escaping @Sendable @GLibActor (UnsafeMutablePointer<WebKitWebView>, WebKitGTKBridge) -> Void = {
            _, _ in
        }
    ) throws -> PageRunEnd {
        let display = options.headless ? try VirtualDisplay() : nil
        let quiet = options.headless ? QuietStandardError() : nil
        defer { quiet?.restore() }
        gtk_init()
        let end = Locked(PageRunEnd.timedOut)
        let runner = Task { @GLibActor in
            let runner = GTKPageRunner(options: options, bridge: bridge, end: end, onInstalled: onInstalled)
            runner.start()
            return runner
        }
        GLibMainLoop.run()
        withExtendedLifetime((display, runner)) {}
        return end.withLock { $0 }
    }

    private func start() {
        options.appScheme?.register()
        if !options.relay {
            let directory = options.webProcessExtension.map { URL(fileURLWithPath: $0, isDirectory: true) }
            WebKitGTKWebProcessExtension.prepare(
                webkit_web_context_get_default(), directory: directory,
                maxMessageBytes: options.maxMessageBytes ?? BridgeLimits().maxMessageBytes)
        }
        let session = webkit_network_session_new_ephemeral()
        if let certificate = options.certificate { allow(certificate, in: session) }
        let view = today_web_view_new(webkit_user_content_manager_new(), session)!
        webView = view
        let settings = webkit_web_view_get_settings(view)
        // A browser-like app: pages may open popups without a click; the page cache as asked.
        webkit_settings_set_javascript_can_open_windows_automatically(settings, 1)
        if let cached = options.backForwardCache { webkit_settings_set_enable_page_cache(settings, cached ? 1 : 0) }
        let installation = WebKitGTKBridge.install(bridge, in: view)
        options.probe?.whenAsked { @GLibActor in Self.describe(installation.deliveries) }
        onInstalled(view, installation)
        installation.connection.onWebProcessTermination { [self] reason in
            GLibActor.assumeIsolated { webProcessEnded(reason) }  // the adapter reports on the GLib thread
        }
        connectSignals(view)
        options.closer?.whenClosed { [self] in
            Task { @GLibActor in finish(.closedItself, reason: nil) }
        }
        let window = gtk_window_new()
        self.window = window
        gtk_window_set_default_size(today_window(window), 1024, 720)
        gtk_window_set_child(today_window(window), today_web_view_widget(view))
        gtk_window_present(today_window(window))
        webkit_web_view_load_uri(view, options.url.absoluteString)
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(max(1, options.timeout * 1000)),
            { data in
                let runner = Unmanaged<GTKPageRunner>.fromOpaque(data!).takeUnretainedValue()
                GLibActor.assumeIsolated { runner.finish(.timedOut, reason: "timed out") }
                return 0
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// The view's deliveries as the `deliveries` test capability answers them, with the attachment
    /// files (memfds) this process has open (a page compares them before and after many calls: no
    /// file leaks).
    private static func describe(_ deliveries: WebKitGTKDeliveries) -> JSONValue {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let openFiles = descriptors.filter { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
            return target?.contains("today-bytes") ?? false  // the attachment files' memfd name
        }.count
        let counts: [String: Int] = [
            "throughExtension": deliveries.throughExtension, "textBytes": deliveries.textBytes,
            "attachedBytes": deliveries.attachedBytes, "asScripts": deliveries.asScripts,
            "scriptBytes": deliveries.scriptBytes, "dropped": deliveries.dropped, "refused": deliveries.refused,
            "filesSent": deliveries.filesSent, "filesReceived": deliveries.filesReceived, "openFiles": openFiles,
        ]
        return .object(counts.mapValues { .number(Double($0)) })
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
            GLibActor.assumeIsolated { runner.finish(.closedItself, reason: nil) }
        }
        _ = today_signal_connect(gpointer(view), "close", unsafeBitCast(onClose, to: GCallback.self), data)
        let onCreate:
            @convention(c) (UnsafeMutablePointer<WebKitWebView>?, gpointer?, gpointer?) -> UnsafeMutablePointer<
                GtkWidget
            >? = { opener, _, data in
                let runner = Unmanaged<GTKPageRunner>.fromOpaque(data!).takeUnretainedValue()
                return GLibActor.assumeIsolated { runner.popup(openedBy: opener!) }
            }
        _ = today_signal_connect(gpointer(view), "create", unsafeBitCast(onCreate, to: GCallback.self), data)
    }

    /// A popup the page opened: a view related to its opener (the same web process, so the popup
    /// can reach its opener's realm, as in a browser), without the bridge (a content manager of its
    /// own), in a window of its own, kept until the run ends.
    private func popup(openedBy opener: UnsafeMutablePointer<WebKitWebView>) -> UnsafeMutablePointer<GtkWidget> {
        let manager = webkit_user_content_manager_new()
        defer { g_object_unref(gpointer(manager)) }
        let view = today_web_view_new_related(opener, manager)!
        let window = gtk_window_new()!
        gtk_window_set_child(today_window(window), today_web_view_widget(view))
        gtk_window_present(today_window(window))
        popups.append(window)
        return today_web_view_widget(view)
    }

    /// The bridge settled the dead process's calls: reload once if asked to, else end the run.
    private func webProcessEnded(_ reason: WebProcessTermination) {
        printToStandardError("today-bridge: web process ended: \(reason)")
        guard options.reloadsOnCrash, !reloaded, let webView else { return finish(.webProcessEnded, reason: nil) }
        reloaded = true
        printToStandardError("today-bridge: reloading the page")
        webkit_web_view_reload(webView)
    }

    private func finish(_ end: PageRunEnd, reason: String?) {
        guard !finished else { return }
        finished = true
        self.end.withLock { $0 = end }
        if let reason { printToStandardError("today-bridge: \(reason)") }
        Task { @GLibActor in
            if let path = options.screenshot, let webView { await GTKSnapshot.save(webView, to: path) }
            for popup in popups { gtk_window_destroy(today_window(popup)) }
            if let window { gtk_window_destroy(today_window(window)) }
            GLibMainLoop.quit()
        }
    }
}
