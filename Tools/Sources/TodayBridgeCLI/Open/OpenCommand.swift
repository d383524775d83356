#if canImport(TodayBridgeGTK)
import ArgumentParser
import Foundation
@_spi(Tools) import TodayBridge
import TodayBridgeGTK
import TodayBridgeConformance
import TodayPageHost

/// `today-bridge open URL`: tries a page against a real host from the terminal: WebKitGTK, or the
/// Android library in a JVM over the emulation of Android's WebView (Chromium).
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Load a page in a WebKitGTK, WKWebView or Android host with the bridge installed.",
        discussion: """
            Forwarded analytics events are printed to standard output, one JSON object per line. \
            Exits 0 when the page calls window.close(), 1 on timeout, 3 when the web content \
            process ends (after printing "web process ended: REASON" to standard error, REASON \
            one of crashed, killed, exceededMemoryLimit, terminatedByApp, unknown). On a terminal, \
            standard error shows what it is doing (the load, the page's end, the recording written \
            with --inspect); piped or redirected, it does not.
            """
    )

    /// The web engines a page can run in: `wkwebview` is the iOS adapter (`TodayBridgeWebKit`) over
    /// WebKit's API emulated on WebKitGTK.
    enum Engine: String, ExpressibleByArgument, CaseIterable {
        case webkitgtk
        /// The Android library (Kotlin glue, JNI core) in a JVM, over the emulation of Android's
        /// WebView on Chromium (`android/emulation`).
        case android
        case wkwebview

        /// The platform the host reports to the page.
        var platform: Platform {
            switch self {
            case .webkitgtk: .linux
            case .android: .android
            case .wkwebview: .ios
            }
        }
    }

    /// An option's `on` or `off`.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    @Argument(help: "The page to load.")
    var url: String

    @Option(
        help:
            "webkitgtk (platform linux), android (the Android library over Android's WebView API on Chromium, platform android) or wkwebview (the iOS adapter over WebKit's API on WebKitGTK, platform ios)."
    )
    var engine: Engine = .webkitgtk

    @Option(name: .customLong("trust"), help: "An origin rule of the trusted surface `default` (repeatable).")
    var trustedOrigins: [String] = []

    @Option(help: "A static test token; each refresh returns a new value.")
    var token: String?

    @Option(
        name: .customLong("token-endpoint"),
        help: "A token endpoint base URL (POST BASE/issue, BASE/refresh) instead of a static token.")
    var tokenEndpoint: String?

    @Flag(help: "Run on a virtual display of our own (Xvfb).")
    var headless = false

    @Option(help: "Give up after this many seconds.")
    var timeout: Double = 60

    @Option(help: "A PEM certificate to accept for the page's host (a local test server's).")
    var certificate: String?

    @Option(
        name: .customLong("certificate-host"),
        help: "A host the certificate is accepted for (repeatable; default: the page's).")
    var certificateHosts: [String] = []

    @Option(help: "Save a PNG screenshot here when the page closes or times out.")
    var screenshot: String?

    @Option(
        name: .customLong("app-scheme"),
        help: "NAME=DIRECTORY: serve DIRECTORY as NAME://, an app's own scheme (WebKitGTK).")
    var appScheme: String?

    @Flag(help: "Reload the page once when its web content process ends, as an app would (WebKitGTK).")
    var reloadOnCrash = false

    @Flag(help: "WebKitGTK: the relay path, without the web process extension.")
    var relay = false

    @Option(
        name: .customLong("back-forward-cache"),
        help:
            "on or off: whether Back and Forward may show pages from the back-forward cache (WebKitGTK's page cache, on by default; Android's WebView's, androidx.webkit's WebSettingsCompat.setBackForwardCacheEnabled, off by default, as on Android)."
    )
    var backForwardCache: Switch?

    @Option(
        name: .customLong("web-process-extension"),
        help:
            "WebKitGTK: the web process extension's directory (default: TodayBridgeGTKWebProcessExtension/ next to this executable)."
    )
    var webProcessExtension: String?

    @Flag(
        help:
            "Register the capabilities echo, fail, sleep, emitEvent, callPage, count, replay, deliveries and closeView, for trying a page."
    )
    var testCapabilities = false

    @Flag(help: "Register the conformance kit's capabilities (conformance.*), for loading the kit.")
    var conformanceFixture = false

    @Option(
        help:
            "Record the bridge's traffic to PATH.jsonl and PATH.html (an HTML timeline); sizes, types and codes, never a credential."
    )
    var inspect: String?

    @Flag(help: "Print the host process's peak resident memory as {\"hostPeakResidentKiB\": N} when the page closes.")
    var printPeakMemory = false

    /// Every check of the arguments alone, before anything starts (ArgumentParser calls it after
    /// parsing: a mistake is a usage error, exit 64).
    func validate() throws {
        guard let pageURL = URL(string: url), pageURL.scheme != nil else { throw ValidationError("not a URL: \(url)") }
        if let appScheme {
            guard engine == .webkitgtk else { throw ValidationError("--app-scheme needs --engine webkitgtk") }
            guard AppScheme(argument: appScheme) != nil else {
                throw ValidationError("not NAME=DIRECTORY: \(appScheme)")
            }
        }
        if relay, engine != .webkitgtk { throw ValidationError("--relay needs --engine webkitgtk") }
        if backForwardCache != nil, engine == .wkwebview {
            throw ValidationError(
                "--back-forward-cache needs --engine webkitgtk or android: WebKit gives a WKWebView's app no switch for it"
            )
        }
        if webProcessExtension != nil, engine == .android {
            throw ValidationError("--web-process-extension needs --engine webkitgtk or wkwebview")
        }
        if screenshot != nil, engine != .webkitgtk { throw ValidationError("--screenshot needs --engine webkitgtk") }
        if reloadOnCrash, engine == .android {
            throw ValidationError(
                "--reload-on-crash needs --engine webkitgtk or wkwebview: an Android WebView whose renderer is gone cannot be reloaded"
            )
        }
        do { _ = try trustedSurfaces() } catch { throw ValidationError("--trust: \(error.reason)") }
        if let tokenEndpoint, URL(string: tokenEndpoint) == nil { throw ValidationError("not a URL: \(tokenEndpoint)") }
        if !(timeout > 0) { throw ValidationError("--timeout must be positive") }
        if inspect == "" { throw ValidationError("--inspect needs a path") }
    }

    func run() async throws {
        guard let pageURL = URL(string: url) else { throw ExitCode.validationFailure }  // validate() checked it
        let scheme = appScheme.flatMap(AppScheme.init(argument:))
        let progress = TerminalProgress()
        progress.report(
            "loading \(PageLocation(url: pageURL)?.redacted ?? url) in \(engine.rawValue), for up to \(Int(timeout)) s"
                + (inspect.map { ", recording traffic to \($0).jsonl" } ?? ""))
        if engine == .android { return try await runAndroid(pageURL, progress: progress) }
        let bridge = TodayBridge(
            configuration: BridgeConfiguration(platform: engine.platform, surfaces: try trustedSurfaces()),
            tokens: try tokenProvider(),
            analytics: PrintingAnalyticsSink(),
            identity: AnalyticsIdentity(deviceID: "today-bridge-cli", sessionID: UUID().uuidString, userID: { nil })
        )
        let closer = PageRunCloser()
        let probe = PageRunProbe()
        if testCapabilities { try TestCapabilities.register(in: bridge, closer: closer, probe: probe) }
        if conformanceFixture { try ConformanceFixture.register(in: bridge) }
        let recorder = inspect.map { _ in TrafficRecorder(recording: bridge) }
        let diagnostics = bridge.diagnostics()
        let printed: Set<BridgeDiagnostic.Code> = [.webProcessTerminated, .webProcessExtensionUnavailable]
        let reports = Task {
            for await diagnostic in diagnostics where printed.contains(diagnostic.code) {
                printToStandardError("today-bridge: \(diagnostic)")
            }
        }
        defer { reports.cancel() }
        let options = PageRunOptions(
            url: pageURL, headless: headless, timeout: timeout,
            certificate: certificate, certificateHosts: certificateHosts, screenshot: screenshot, appScheme: scheme,
            reloadsOnCrash: reloadOnCrash, relay: relay, webProcessExtension: webProcessExtension, closer: closer,
            probe: probe, backForwardCache: backForwardCache.map { $0 == .on }
        )
        let end =
            engine == .wkwebview
            ? try await WKWebViewPageRunner.run(options: options, bridge: bridge)
            : try GTKPageRunner.run(options: options, bridge: bridge)
        progress.report("the page ended: \(end)")
        await bridge.flushAnalytics()
        if let inspect, let recorder {
            progress.report("writing \(inspect).jsonl and \(inspect).html")
            try InspectorFiles.save(recorder, to: inspect, page: pageURL)
        }
        if printPeakMemory { print(#"{"hostPeakResidentKiB":\#(Self.peakResidentKiB())}"#) }
        if end != .closedItself { throw ExitCode(end.rawValue) }
    }

    /// `--engine android`: the app is a JVM process (`AndroidPageRunner`), which prints the
    /// analytics and its peak memory itself and writes the recording's JSON lines; this process
    /// renders the recording's HTML.
    private func runAndroid(_ pageURL: URL, progress: TerminalProgress) async throws {
        let files = inspect.map(InspectorFiles.init)
        if let files {
            try FileManager.default.createDirectory(
                at: files.jsonLines.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        var app = AndroidPageRunner.AppOptions()
        app.trustedOrigins = trustedOrigins
        app.token = token
        app.tokenEndpoint = tokenEndpoint
        app.testCapabilities = testCapabilities
        app.conformanceFixture = conformanceFixture
        app.recording = files?.jsonLines.path
        app.printPeakMemory = printPeakMemory
        app.backForwardCache = backForwardCache == .on
        let options = PageRunOptions(url: pageURL, headless: true, timeout: timeout, certificate: certificate)
        let status = try await AndroidPageRunner.run(options: options, app: app)
        progress.report("the app ended, status \(status)")
        if let files, let text = try? String(contentsOf: files.jsonLines, encoding: .utf8) {
            try files.write(
                try TrafficRecording(jsonLines: text),
                title: "Bridge traffic · " + (PageLocation(url: pageURL)?.redacted ?? "page"))
            printToStandardError("today-bridge: traffic recorded to \(files.jsonLines.path) and \(files.html.path)")
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// This process's peak resident set, in KiB (Linux reports `ru_maxrss` in KiB).
    private static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// The trusted surface `default` with `--trust`'s rules; none without a rule.
    private func trustedSurfaces() throws(BridgeConfigurationError) -> [TrustedSurface] {
        try trustedOrigins.isEmpty ? [] : [TrustedSurface(name: "default", origins: trustedOrigins)]
    }

    private func tokenProvider() throws -> any TokenProvider {
        guard let tokenEndpoint else { return StaticTokenProvider(token: token) }
        guard let base = URL(string: tokenEndpoint) else { throw ExitCode.validationFailure }  // validate() checked it
        return EndpointTokenProvider(base: base)
    }
}
#endif
