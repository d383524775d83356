import TodayBridge

/// The scripts Chromium runs in every new document, before the page's own.
enum ChromiumPageScripts {
    /// What the main frame sends through the binding when the page calls `window.close()`, as
    /// Android's `WebChromeClient.onCloseWindow` tells an app.
    static let closeRequest = #"{"todayWindowClose":true}"#

    /// The web SDK's Android shim (A1) in every frame; in the main frame only, the platform tag
    /// (C7) and the close notice.
    static func documentStart(shim: String, bindingName: String, platform: Platform) -> String {
        let binding = JSONValue.string(bindingName).jsonString
        let request = JSONValue.string(closeRequest).jsonString
        return shim + """

            if (window === window.top) {
              \(PageScript.platformTag(platform))
              (function (send, close) {
                Object.defineProperty(window, 'close', { value: function () { send(\(request)); close(); }, configurable: true });
              })(window[\(binding)].bind(window), window.close.bind(window));
            }
            """
    }
}
