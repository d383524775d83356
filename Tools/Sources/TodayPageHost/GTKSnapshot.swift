import CWebKitGTK
import TodayBridgeGTK

/// Saves what a web view shows as a PNG file.
@GLibActor
enum GTKSnapshot {
    static func save(_ webView: UnsafeMutablePointer<WebKitWebView>, to path: String) async {
        do {
            try await GAsyncCall.run { callback, data in
                webkit_web_view_get_snapshot(
                    webView, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, callback, data)
            } finish: { _, result in
                let texture = try GLibError.check { webkit_web_view_get_snapshot_finish(webView, result, &$0) }
                gdk_texture_save_to_png(texture, path)
                g_object_unref(gpointer(texture))
            }
        } catch {
            printToStandardError("today-bridge: no screenshot: \(error)")
        }
    }
}
