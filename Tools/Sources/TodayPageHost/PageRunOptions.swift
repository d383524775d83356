import Foundation

/// How to show one page: where, for how long, with which test certificate.
package struct PageRunOptions: Sendable {
    package var url: URL
    /// Run on a virtual display of our own (Xvfb).
    package var headless: Bool
    /// Give up after this many seconds.
    package var timeout: Double
    /// A PEM certificate to accept for the page's hosts (a local test server's).
    package var certificate: String?
    /// The hosts the certificate is accepted for (WebKitGTK); empty: the page's.
    package var certificateHosts: [String]
    /// Save a PNG screenshot here when the page closes or times out (WebKitGTK).
    package var screenshot: String?
    /// An app's own scheme to serve from a directory (WebKitGTK).
    package var appScheme: AppScheme?
    /// Reload the page once when its web content process ends, as an app would (WebKitGTK).
    package var reloadsOnCrash: Bool
    /// WebKitGTK: the relay path, without the web process extension.
    package var relay: Bool
    /// WebKitGTK: the web process extension's directory; `nil` for the one next to the executable.
    package var webProcessExtension: String?
    /// How the app's side ends the run (the `closeView` test capability).
    package var closer: PageRunCloser?
    /// How the app's side tells the page about its deliveries (the `deliveries` test capability).
    package var probe: PageRunProbe?
    /// Whether Back and Forward may show pages from the back-forward cache; `nil`: the engine's
    /// default (on in WebKit, off in Android's WebView).
    package var backForwardCache: Bool?
    /// WebKitGTK: the largest message the web process extension carries; `nil`: the bridge's default.
    package var maxMessageBytes: Int?

    package init(
        url: URL, headless: Bool, timeout: Double, certificate: String? = nil, certificateHosts: [String] = [],
        screenshot: String? = nil,
        appScheme: AppScheme? = nil, reloadsOnCrash: Bool = false, relay: Bool = false,
        webProcessExtension: String? = nil,
        closer: PageRunCloser? = nil, probe: PageRunProbe? = nil, backForwardCache: Bool? = nil
    ) {
        self.url = url
        self.headless = headless
        self.timeout = timeout
        self.certificate = certificate
        self.certificateHosts = certificateHosts
        self.screenshot = screenshot
        self.appScheme = appScheme
        self.reloadsOnCrash = reloadsOnCrash
        self.relay = relay
        self.webProcessExtension = webProcessExtension
        self.closer = closer
        self.probe = probe
        self.backForwardCache = backForwardCache
    }
}

/// How a page run ended.
package enum PageRunEnd: Int32, Sendable {
    /// The page called `window.close()`, or the app closed the view (`closeView`).
    case closedItself = 0
    /// The time ran out.
    case timedOut = 1
    /// The web content process ended (and was not reloaded).
    case webProcessEnded = 3
}

/// Writes one line to standard error.
func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
