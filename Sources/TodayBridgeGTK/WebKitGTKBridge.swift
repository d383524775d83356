#if os(Linux)
import CWebKitGTK
import Foundation
import TodayBridge

/// The Today bridge installed in one WebKitGTK web view.
///
/// ``install(_:in:)`` registers the channel, injects the platform tag, follows the view's
/// navigations, reports its web process ending (`web-process-terminated`) and releases everything
/// when the view is destroyed. Every decision is the core's: this type only carries messages,
/// replies, scripts and cookies.
///
/// WebKitGTK's message signal says nothing about the sending frame, and a handler registered in
/// the page world is visible to every frame. Where the view's context was prepared for the web
/// process extension (``WebKitGTKWebProcessExtension``), every frame's channel
/// (`webkitgtk/channel.ts`, page world) sends each message through the extension's native entry,
/// and the extension tells which frame sent it: the view receives a user message with the
/// engine's facts. Where the extension did not load, the main frame's channel hands each message
/// through a synchronous DOM event to a relay (`webkitgtk/relay.ts`) in an isolated world of the
/// top frame, whose `location` the page cannot tamper with; the relay posts it with its origin
/// and URL to a handler registered in that world alone: whatever arrives there comes from the
/// main frame. Sub-frames then keep WebKit's own page-world channel, which the host treats as an
/// unidentified sub-frame (`track` only).
///
/// Deliveries to the page (native events and calls, stream values) go through the extension too,
/// where it is loaded, tagged with the main document they are for and with their bytes beside the
/// text; through the relay's path they are scripts in the main frame (`WebKitGTKPage`).
///
/// ```swift
/// Task { @GLibActor in
///     WebKitGTKWebProcessExtension.prepare(webkit_web_context_get_default())  // once per context
///     let view = today_web_view_new(webkit_user_content_manager_new(), session)
///     let installed = WebKitGTKBridge.install(bridge, in: view!)
///     webkit_web_view_load_uri(view, "https://feed.example.com/app/")
///     await installed.connection.emit(.foreground)
/// }
/// ```
@GLibActor
public final class WebKitGTKBridge {
    /// The core connection for this view: emit events and call the page through it (X3, X4).
    public let connection: BridgeConnection

    /// The way out to the view, which the connection keeps weakly: kept here.
    let page: WebKitGTKPage
    let contentManager: OpaquePointer
    let channel: String
    private var signalHandlers: [(instance: gpointer, id: gulong)] = []
    /// The user scripts this installation added, removed when the view goes away: an app's
    /// content manager may outlive the view, or serve others.
    private var userScripts: [OpaquePointer] = []
    /// What the last messages said, parsed once: the extension's origin, frame URL and main
    /// document URL.
    var extensionOrigin = LastParsed<SecurityOrigin>()
    var extensionURL = LastParsed<URL>()
    var extensionMainURL = LastParsed<URL>()
    /// The main document the relay speaks for: the one whose relay told it began or came back
    /// from the back-forward cache last, with its facts; none from a commit until it tells.
    var relayDocument: RelayDocument?
    /// Whether the view's context was prepared for the web process extension, whether the
    /// extension said it is loaded, and whether the relay's use was reported.
    let expectsExtension: Bool
    var extensionLoaded = false
    var reportedRelayFallback = false

    /// The isolated world the relay runs in.
    static let relayWorld = "today-webview-bridge"

    /// The relay's handler name, registered in ``relayWorld`` only.
    var relayHandler: String { channel + "Relay" }

    /// The bridge installed in `webView`, if any.
    public static func installed(in webView: UnsafeMutablePointer<WebKitWebView>) -> WebKitGTKBridge? {
        g_object_get_data(today_gobject(webView), dataKey).map {
            Unmanaged<WebKitGTKBridge>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// Installs `bridge` in `webView` before its first load; the view keeps the installation alive.
    ///
    /// Prepare the view's `WebKitWebContext` first, once, with
    /// ``WebKitGTKWebProcessExtension/prepare(_:directory:maxMessageBytes:)``, so its frames are identified by
    /// the engine; without it the view uses the relay.
    @discardableResult
    public static func install(
        _ bridge: TodayBridge, in webView: UnsafeMutablePointer<WebKitWebView>
    ) -> WebKitGTKBridge {
        if let existing = installed(in: webView) { return existing }
        let installation = WebKitGTKBridge(bridge: bridge, webView: webView)
        g_object_set_data_full(today_gobject(webView), dataKey, Unmanaged.passRetained(installation).toOpaque()) {
            pointer in
            // the data set here: never nil
            let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(pointer!).takeRetainedValue()
            GLibActor.assumeIsolated { installation.webViewDidGoAway() }
        }
        return installation
    }

    private static let dataKey = "today-webview-bridge"

    private init(bridge: TodayBridge, webView view: UnsafeMutablePointer<WebKitWebView>) {
        expectsExtension = WebKitGTKWebProcessExtension.isPrepared(webkit_web_view_get_context(view))
        page = WebKitGTKPage(view, expectsExtension: expectsExtension)
        contentManager = webkit_web_view_get_user_content_manager(view)
        g_object_ref(gpointer(contentManager))
        channel = bridge.configuration.channelName
        connection = bridge.connect(page, startingTasks: Self.startingTasks)
        addUserScripts(
            platform: bridge.configuration.platform, maxMessageBytes: bridge.configuration.limits.maxMessageBytes)
        registerHandlers()
        connectExtension(view)
        connectNavigation(view)
    }

    private func addUserScripts(platform: Platform, maxMessageBytes: Int) {
        let limit = Double(maxMessageBytes)
        let channelConfiguration = WebKitGTKChannelConfiguration(
            channelName: channel, maxMessageBytes: limit, entryName: WebKitGTKWebProcessExtension.entryName
        )
        addUserScript(
            HostScript.platformTag.invocation(PlatformTagConfiguration(platform: platform)), world: nil,
            frames: WEBKIT_USER_CONTENT_INJECT_TOP_FRAME)
        addUserScript(
            HostScript.webKitGTKChannel.invocation(channelConfiguration), world: nil,
            frames: WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES)
        let relayConfiguration = WebKitGTKRelayConfiguration(handlerName: relayHandler, maxMessageBytes: limit)
        addUserScript(
            HostScript.webKitGTKRelay.invocation(relayConfiguration), world: Self.relayWorld,
            frames: WEBKIT_USER_CONTENT_INJECT_TOP_FRAME)
    }

    private func addUserScript(_ source: String, world: String?, frames: WebKitUserContentInjectedFrames) {
        let time = WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START
        let made =
            if let world {
                webkit_user_script_new_for_world(source, frames, time, world, nil, nil)
            } else {
                webkit_user_script_new(source, frames, time, nil, nil)
            }
        guard let script = made else { return }  // WebKit returns a new script: never NULL
        webkit_user_content_manager_add_script(contentManager, script)
        userScripts.append(script)
    }

    /// Capabilities start at once on the GLib thread and keep to it: one that does not suspend
    /// answers before the signal handler returns, with no hop at all (an idle source only after a
    /// suspension).
    nonisolated package static let startingTasks: BridgeConnection.TaskStarter = { operation in
        Task.immediate(executorPreference: GLibActor.taskExecutor, operation: operation)
    }

    /// Connects a GObject signal to a C callback whose data is this installation (unretained:
    /// every handler is disconnected before the installation goes away).
    func connect(_ instance: gpointer, _ signal: String, _ callback: GCallback) {
        let id = today_signal_connect(instance, signal, callback, Unmanaged.passUnretained(self).toOpaque())
        signalHandlers.append((instance, id))
    }

    private func webViewDidGoAway() {
        // The view's own handlers went with it; the content manager may outlive it.
        for handler in signalHandlers where handler.instance == gpointer(contentManager) {
            g_signal_handler_disconnect(handler.instance, handler.id)
        }
        signalHandlers = []
        for script in userScripts {
            webkit_user_content_manager_remove_script(contentManager, script)
            webkit_user_script_unref(script)
        }
        userScripts = []
        unregisterHandlers()
        g_object_unref(gpointer(contentManager))
        page.close()
        connection.close()
    }

    private func connectNavigation(_ view: UnsafeMutablePointer<WebKitWebView>) {
        let onLoadChanged: @convention(c) (UnsafeMutablePointer<WebKitWebView>?, WebKitLoadEvent, gpointer?) -> Void = {
            _, event, data in
            guard event == WEBKIT_LOAD_COMMITTED, let data else { return }
            let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(data).takeUnretainedValue()
            GLibActor.assumeIsolated { installation.mainDocumentCommitted() }
        }
        connect(gpointer(view), "load-changed", unsafeBitCast(onLoadChanged, to: GCallback.self))
        let onTerminated: @convention(c) (gpointer?, WebKitWebProcessTerminationReason, gpointer?) -> Void = {
            _, reason, data in
            guard let data else { return }
            let installation = Unmanaged<WebKitGTKBridge>.fromOpaque(data).takeUnretainedValue()
            let termination = WebProcessTermination(reason)
            GLibActor.assumeIsolated { installation.webProcessDidTerminate(termination) }
        }
        connect(gpointer(view), "web-process-terminated", unsafeBitCast(onTerminated, to: GCallback.self))
    }

    /// The view with a reference the caller releases, or `nil` once it is gone.
    func view() -> UnsafeMutablePointer<WebKitWebView>? {
        page.view()
    }

    /// The main frame committed a document, new or from the back-forward cache (which the
    /// extension or the relay tells apart next): a new document for the core (S4), and the relay
    /// speaks for nobody until the committed document's relay tells it began.
    private func mainDocumentCommitted() {
        relayDocument = nil
        page.documentChanged(to: connection.documentDidChange())
    }

    /// The view's web process ended: its calls settle and the next document begins (S4); what was
    /// on its way to the page fails.
    private func webProcessDidTerminate(_ termination: WebProcessTermination) {
        page.documentChanged(to: connection.webProcessDidTerminate(termination))
    }

    /// What this view delivered to its page, and which way (X3, X4, ST2, B2): for this
    /// repository's suites.
    @_spi(Tools) public var deliveries: WebKitGTKDeliveries { page.deliveries }
}
#endif
