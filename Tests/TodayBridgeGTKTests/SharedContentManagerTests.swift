#if os(Linux)
import CWebKitGTK
import Foundation
import TodayBridge
import TodayBridgeGTK
import XCTest

/// A content manager an app shares between views, or that outlives one, keeps none of the
/// bridge's scripts once the view the bridge was installed in is gone (the soak's growth per view
/// was these scripts, kept after their view).
final class SharedContentManagerTests: GLibThreadTestCase {
    override func setUp() {
        super.setUp()
        gtk_init()
    }

    func test_C7_aViewsScriptsLeaveTheContentManagerItSharedWhenItGoesAway() throws {
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: .linux, surfaces: []),
            tokens: NoTokens(),
            analytics: NoAnalytics(),
            identity: AnalyticsIdentity(deviceID: "d", sessionID: "s")
        )
        let manager = try XCTUnwrap(webkit_user_content_manager_new())
        let session = try XCTUnwrap(webkit_network_session_new_ephemeral())
        defer {
            g_object_unref(gpointer(manager))
            g_object_unref(gpointer(session))
        }

        let first = try XCTUnwrap(today_web_view_new(manager, session))
        g_object_ref_sink(gpointer(first))
        nonisolated(unsafe) let view = first  // this thread owns GLib's context: it is the GLib thread
        GLibActor.assumeIsolated { _ = WebKitGTKBridge.install(bridge, in: view) }
        XCTAssertEqual(platformTag(seenBy: first), "object", "the installed view's page has the platform tag (C7)")
        g_object_unref(gpointer(first))

        let second = try XCTUnwrap(today_web_view_new(manager, session))
        g_object_ref_sink(gpointer(second))
        defer { g_object_unref(gpointer(second)) }
        XCTAssertEqual(platformTag(seenBy: second), "undefined", "a view without the bridge gets none of its scripts")
    }

    /// Loads a page that writes `typeof window.__todayWebView` as its title, and reads the title
    /// (bounded: 30 s of main-loop turns).
    private func platformTag(seenBy view: UnsafeMutablePointer<WebKitWebView>) -> String? {
        webkit_web_view_load_html(
            view, "<title></title><script>document.title = typeof window.__todayWebView</script>",
            "https://page.example/")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let title = webkit_web_view_get_title(view).map({ String(cString: $0) }), !title.isEmpty { return title }
            g_main_context_iteration(context, 0)
            usleep(1_000)
        }
        return nil
    }
}

private struct NoTokens: TokenProvider {
    func currentToken() async -> AccessToken? { nil }
    func refreshToken() async throws -> AccessToken { throw BridgeError.failed("no session") }
}

private struct NoAnalytics: AnalyticsSink {
    func record(_ event: AnalyticsEvent) async throws {}
}
#endif
