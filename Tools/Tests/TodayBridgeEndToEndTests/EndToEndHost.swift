import Foundation
import Testing
import TodayBridge
import ToolSupport
import TodayDemoBackend

/// The real parts of an end-to-end run: the demo backend on loopback (HTTPS and HTTP, a fresh
/// certificate) and `today-bridge open` showing a page in WebKitGTK on its own Xvfb, or in the
/// Android host (a JVM) over the emulation of Android's WebView on Chromium.
enum EndToEndHost {
    /// The repository's root (the libraries' package), found from this file: Tools/Tests/<suite>/.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// One backend for the whole suite.
    static let shared = Task { () throws -> (backend: DemoBackend, certificate: CertificateFiles) in
        try requireSDK()
        let certificate = try await CertificateFiles.generate()
        let backend = try await DemoBackend.start(
            webRoot: packageRoot.appendingPathComponent("web").path, certificate: certificate)
        return (backend, certificate)
    }

    /// Throws unless the packed web SDK the pages load is built.
    static func requireSDK() throws {
        let bundle = packageRoot.appendingPathComponent("web/dist/packed/package/today-bridge.js").path
        guard FileManager.default.fileExists(atPath: bundle) else { throw EndToEndError.sdkNotBuilt }
    }

    /// What one page run printed and how it ended.
    struct Run {
        var exitCode: Int32
        /// Every line it printed.
        var output: [String]
        var errors: String

        /// The lines it printed that are JSON.
        var lines: [JSONValue] { output.compactMap { try? JSONValue(parsing: $0) } }

        /// The analytics events the host forwarded.
        var analytics: [JSONValue] { lines.filter { $0["event"] != nil } }
    }

    /// The engines the contract is proven in, and WebKitGTK's fallback path.
    enum Engine: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// WebKitGTK with the bridge's web process extension, platform `linux`.
        case webkitgtk
        /// WebKitGTK on the relay, the path where the web process extension did not load.
        case webkitgtkRelay = "webkitgtk-relay"
        /// The Android library (the Kotlin glue and the JNI core) in a JVM, over the emulation of
        /// Android's WebView on Chromium, platform `android`.
        case android
        /// The iOS adapter (`TodayBridgeWebKit`) over WebKit's API emulated on WebKitGTK, platform `ios`.
        case wkwebview

        /// One run per engine, where WebKitGTK's two paths would prove nothing more.
        static let engines: [Engine] = [.webkitgtk, .android, .wkwebview]

        /// Whether WebKitGTK is the engine (behind WebKit's API for `wkwebview`).
        var isWebKitGTK: Bool { self != .android }
        var platform: String {
            switch self {
            case .webkitgtk, .webkitgtkRelay: "linux"
            case .android: "android"
            case .wkwebview: "ios"
            }
        }
        /// The reason `today-bridge open` prints when the engine's content process is killed:
        /// WebKitGTK tells a crash, Android's WebView whether the renderer crashed or was killed,
        /// and WebKit gives a `WKWebView`'s app no reason at all.
        var killedContentProcessReason: String {
            switch self {
            case .webkitgtk, .webkitgtkRelay: "crashed"
            case .android: "killed"
            case .wkwebview: "unknown"
            }
        }
        /// Whether `open --reload-on-crash` can reload the page once its content process is gone:
        /// an Android WebView whose renderer is gone cannot be used again.
        var reloadsAfterContentProcessEnds: Bool { self != .android }
        /// `today-bridge open`'s and `conformance`'s arguments for this engine.
        var arguments: [String] {
            switch self {
            case .webkitgtk: ["--engine", "webkitgtk"]
            case .webkitgtkRelay: ["--engine", "webkitgtk", "--relay"]
            case .android: ["--engine", "android"]
            case .wkwebview: ["--engine", "wkwebview"]
            }
        }
        var testDescription: String {
            switch self {
            case .webkitgtk: "WebKitGTK (web process extension)"
            case .webkitgtkRelay: "WebKitGTK (relay)"
            case .android: "Android (WebView emulated on Chromium)"
            case .wkwebview: "WKWebView (WebKit's API over WebKitGTK)"
            }
        }
    }

    /// Opens `/e2e/<page>.html` on the shared backend's HTTPS origin, trusted, in `engine`, and
    /// returns the report the page made as `<page>-<engine>` before it closed itself; an issue is
    /// recorded when it did not close itself.
    static func report(of page: String, in engine: Engine) async throws -> JSONValue {
        let backend = try await shared.value.backend
        let run = try await open(
            "/e2e/\(page).html?engine=\(engine.rawValue)", on: backend.secureOrigin, trusting: [backend.secureOrigin],
            engine: engine)
        #expect(run.exitCode == 0, "the page did not close itself: \(run.errors.suffix(2000))")
        return try #require(
            backend.reports(named: "\(page)-\(engine.rawValue)").last, "no report; stderr: \(run.errors.suffix(2000))")
    }

    /// Opens `path` on `origin` in `engine` with the bridge installed and waits for the page to close itself.
    /// With `pinnedToOneCore`, the host and the engine processes it starts run on one CPU (`taskset -c 0`).
    /// Tokens come from `backend` (default: the shared one).
    static func open(
        _ path: String, on origin: String, trusting rules: [String], engine: Engine, extra: [String] = [],
        pinnedToOneCore: Bool = false,
        backend: DemoBackend? = nil
    ) async throws -> Run {
        let (sharedBackend, certificate) = try await shared.value
        let backend = backend ?? sharedBackend
        var arguments =
            ["open", origin + path] + engine.arguments + [
                "--headless", "--timeout", "90", "--test-capabilities",
                "--token-endpoint", backend.cleartextOrigin + "/token",
                "--certificate", certificate.certificate, "--certificate-host", "127.0.0.1", "--certificate-host",
                "localhost",
            ]
        for rule in rules { arguments += ["--trust", rule] }
        return try await run(arguments + extra, pinnedToOneCore: pinnedToOneCore)
    }

    /// Runs `today-bridge` (built next to the tests) from `/`, reading its output while it runs: the
    /// host needs nothing from the repository's working tree (its page scripts are embedded).
    static func run(_ arguments: [String], pinnedToOneCore: Bool = false) async throws -> Run {
        let cli = TodayBridgeExecutable.path
        let run =
            pinnedToOneCore
            ? await ChildProcess.run(
                "/usr/bin/taskset", arguments: ["-c", "0", cli] + arguments, workingDirectory: "/", within: 240)
            : await ChildProcess.run(cli, arguments: arguments, workingDirectory: "/", within: 240)
        return Run(
            exitCode: run.status ?? -1,
            output: run.lines,
            errors: run.standardError
        )
    }
}

enum EndToEndError: Error, CustomStringConvertible {
    case sdkNotBuilt
    var description: String {
        "web/dist/packed/package/today-bridge.js (the packed web SDK the pages load) is missing: run web/scripts/build.sh (make test does)"
    }
}
