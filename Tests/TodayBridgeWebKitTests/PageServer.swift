#if canImport(WebKit)
import Foundation
import WebKit

/// Serves the tests' pages from memory under the app's own schemes (`WKURLSchemeHandler`), so that
/// a view navigates between real documents, with a session history and a back-forward cache, and
/// no network: `myapp://` (a surface's own scheme in ``RealWebView``) and `other://` (another
/// origin, on no surface). A page can be held: its load stays provisional until released.
@MainActor
final class PageServer: NSObject, WKURLSchemeHandler {
    static let schemes = ["myapp", "other"]

    /// The pages by URL (without fragment).
    var pages: [String: String] = [:]
    /// URLs whose loads wait for ``release(_:)``.
    var holding: Set<String> = []
    private var held: [String: any WKURLSchemeTask] = [:]

    /// Serves every scheme of ``schemes`` in `configuration`.
    func serve(in configuration: WKWebViewConfiguration) {
        for scheme in Self.schemes { configuration.setURLSchemeHandler(self, forURLScheme: scheme) }
    }

    /// Whether a load of `url` is waiting.
    func isHolding(_ url: String) -> Bool { held[url] != nil }

    /// Answers the held load of `url`.
    func release(_ url: String) {
        holding.remove(url)
        if let task = held.removeValue(forKey: url) { answer(task) }
    }

    func webView(_ webView: WKWebView, start urlSchemeTask: any WKURLSchemeTask) {
        let url = Self.key(urlSchemeTask.request.url)
        if holding.contains(url) {
            held[url] = urlSchemeTask
        } else {
            answer(urlSchemeTask)
        }
    }

    func webView(_ webView: WKWebView, stop urlSchemeTask: any WKURLSchemeTask) {
        held = held.filter { $0.value !== urlSchemeTask }
    }

    private func answer(_ task: any WKURLSchemeTask) {
        let url = task.request.url ?? URL(string: "about:blank")!
        let html = pages[Self.key(url)] ?? "<!doctype html><title>not served</title>"
        let data = Data(html.utf8)
        task.didReceive(
            URLResponse(url: url, mimeType: "text/html", expectedContentLength: data.count, textEncodingName: "utf-8"))
        task.didReceive(data)
        task.didFinish()
    }

    private static func key(_ url: URL?) -> String {
        guard let url, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "" }
        parts.fragment = nil
        return parts.string ?? url.absoluteString
    }
}
#endif
