import Foundation
import TodayBridge

/// The conformance kit, embedded: the pages a host loads to check itself against every rule of
/// the contract a page can observe.
///
/// The same pages ship in the web package under `conformance/` (`index.html`, `kit.js`,
/// `frame.html`, `frame.js`). The host under test registers ``ConformanceFixture`` on its bridge
/// and serves ``files`` from a trusted surface over HTTPS (and `frame.html` from a second origin),
/// or loads ``page(mode:frameURL:reportURL:session:close:)`` directly. The page shows a result per
/// rule id and sets `window.todayConformance` to the report: `{ mode, platform, host, rules: [{ id,
/// passed, checks: [{ title, passed, reason? }] }], passed, failed }`.
///
/// ```swift
/// try ConformanceFixture.register(in: bridge)
/// webView.loadHTMLString(ConformanceKit.page(), baseURL: URL(string: "https://feed.example.com/")!)
/// // then read `JSON.stringify(window.todayConformance)` once it is set
/// ```
public enum ConformanceKit {
    /// What the kit's page is to its host, which decides the outcomes its checks expect.
    public enum Mode: String, Sendable, CaseIterable {
        /// The main frame of a trusted surface over HTTPS: every capability is served.
        case trusted
        /// A main frame over HTTPS on no surface: no credential.
        case untrusted
        /// A main frame over cleartext HTTP: no credential, even on a surface.
        case cleartext
    }

    /// The kit's page with its script inline, for a host that loads HTML itself rather than
    /// serving ``files``.
    ///
    /// - Parameters:
    ///   - mode: What the page is to the host.
    ///   - frameURL: The kit's `frame.html` on a second origin, for the cross-origin sub-frame
    ///     checks; without it the kit probes its `srcdoc` and sandboxed sub-frames only.
    ///   - reportURL: Where the page POSTs its JSON report.
    ///   - session: Whether the page's server answers `GET /api/conformance/session` with
    ///     `{ "cookie": Bool }`, telling whether a valid `embed_bearer` cookie arrived (T4).
    ///   - close: Whether the page closes its window once it has reported.
    public static func page(
        mode: Mode = .trusted, frameURL: String? = nil, reportURL: String? = nil, session: Bool = false,
        close: Bool = false
    ) -> String {
        var options: [String: JSONValue] = [
            "mode": .string(mode.rawValue), "session": .bool(session), "close": .bool(close),
        ]
        options["frame"] = frameURL.map(JSONValue.string)
        options["report"] = reportURL.map(JSONValue.string)
        let script = files["kit.js"] ?? ""
        return """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><title>Today bridge conformance</title></head>
            <body>
            <script type="application/json" id="today-conformance-options">\(JSONValue.object(options).jsonString.replacingOccurrences(of: "<", with: "\\u003c"))</script>
            <script>
            \(script)
            </script>
            </body>
            </html>
            """
    }
}
