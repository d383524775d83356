#if canImport(TodayBridgeGTK)
import CWebKitGTK
import TodayBridgeGTK

/// Saves what a web view shows as a PNG file.
@GLibActor
enum GTKSnapshot {
    static func save(_ webView: UnsafeMutablePointer<WebKitWebView>, to path: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let box = Unmanaged.passRetained(Request(path: path, continuation: continuation)).toOpaque()
            webkit_web_view_get_snapshot(webView, WEBKIT_SNAPSHOT_REGION_VISIBLE, WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, { source, result, data in
                let request = Unmanaged<Request>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let view = UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self)
                if let texture = webkit_web_view_get_snapshot_finish(view, result, &error) {
                    gdk_texture_save_to_png(texture, request.path)
                    g_object_unref(gpointer(texture))
                } else {
                    printToStandardError("today-bridge: no screenshot: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
                    g_error_free(error)
                }
                request.continuation.resume()
            }, box)
        }
    }

    private final class Request {
        let path: String
        let continuation: CheckedContinuation<Void, Never>
        init(path: String, continuation: CheckedContinuation<Void, Never>) {
            self.path = path
            self.continuation = continuation
        }
    }
}
#endif
