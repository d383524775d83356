import Foundation
@_spi(Tools) import TodayBridge

/// The traffic inspector as one self-contained HTML page (X5): the recording and the viewer
/// (`Tools/inspector/`, embedded) inline, no network access (its content security policy
/// allows inline script and style only).
package enum InspectorPage {
    /// The page drawing `recording`.
    package static func html(_ recording: TrafficRecording, title: String) -> String {
        let script = HostScript.inspector.invocation(
            InspectorConfiguration(title: title, recording: recording), escaping: scriptSafe)
        // The viewer's own source is checked when it is built (Tools/inspector/test/inspector.test.ts).
        precondition(
            script.range(of: "</script", options: .caseInsensitive) == nil,
            "the inspector script cannot sit in a <script> element")
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(htmlEscaped(title))</title>
            </head>
            <body>
            <noscript>The timeline needs JavaScript. The recording itself is the JSON lines file beside this page.</noscript>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    /// JSON text that can sit in a `<script>` element: `<`, `>` and `&` (found only inside JSON
    /// strings) become `\u003c`, `\u003e` and `\u0026`, so no `</script>` or `<!--` in a type
    /// name can end the element.
    static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }

    private static func htmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
