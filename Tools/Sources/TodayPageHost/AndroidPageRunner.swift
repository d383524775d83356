import Foundation
import ToolSupport

/// Shows one page as an Android app hosts it: the Android library that ships (the Kotlin glue and
/// the `TodayBridgeJNI` core) in a JVM, over the emulation of Android's `WebView` (a real headless
/// Chromium), with the app side in `android/host`. The JVM process is the app; this process only
/// starts it and hands it its options: its output is this process's, and its exit status means
/// what ``PageRunEnd``'s do.
package enum AndroidPageRunner {
    /// What the app side takes besides ``PageRunOptions``.
    package struct AppOptions: Sendable {
        package var trustedOrigins: [String] = []
        package var token: String?
        package var tokenEndpoint: String?
        package var testCapabilities = false
        package var conformanceFixture = false
        /// Where the app writes its traffic recording's JSON lines.
        package var recording: String?
        package var printPeakMemory = false
        /// The benchmarks' raw echo: the shim script's file.
        package var rawEchoShim: String?
        /// The benchmarks' burst: count `burst` events instead of printing them.
        package var countEvents = false
        /// Back and Forward restore pages from WebView's back-forward cache (off on Android by default).
        package var backForwardCache = false
        /// The largest message in bytes (X7); the core's default when `nil`.
        package var maxMessageBytes: Int?

        package init() {}
    }

    /// Runs the page; returns how it ended (an unexpected status, such as a crash of the JVM, is
    /// returned as is).
    package static func run(
        options: PageRunOptions, app: AppOptions, environment: [String: String?] = [:]
    ) async throws -> Int32 {
        let host = try AndroidHostFiles.locate()
        var jvm = ["-Djava.library.path=\(host.libraryFolder)"]
        if let certificate = options.certificate {
            jvm.append(
                "-Dtoday.emulation.trustedCertificateKeys=\(try await CertificateFiles.publicKeyHash(ofCertificateAt: certificate))"
            )
        }
        var arguments = [options.url.absoluteString, "--timeout", String(options.timeout)]
        for rule in app.trustedOrigins { arguments += ["--trust", rule] }
        if let token = app.token { arguments += ["--token", token] }
        if let endpoint = app.tokenEndpoint { arguments += ["--token-endpoint", endpoint] }
        if app.testCapabilities { arguments.append("--test-capabilities") }
        if app.conformanceFixture { arguments.append("--conformance-fixture") }
        if let recording = app.recording { arguments += ["--inspect", recording] }
        if app.printPeakMemory { arguments.append("--print-peak-memory") }
        if let shim = app.rawEchoShim { arguments += ["--raw-echo", shim] }
        if app.countEvents { arguments.append("--count-events") }
        if app.backForwardCache { arguments.append("--back-forward-cache") }
        if let limit = app.maxMessageBytes { arguments += ["--max-message-bytes", String(limit)] }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: host.java)
        process.arguments = jvm + ["-cp", host.classPath, "today.bridge.host.MainKt"] + arguments
        var processEnvironment = ProcessInfo.processInfo.environment
        for (name, value) in environment { processEnvironment[name] = value }
        process.environment = processEnvironment
        // The app writes where this process writes; it ends when its standard input does, that
        // is, when this process is gone.
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.standardOutput
        process.standardError = FileHandle.standardError
        try process.run()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                done.resume()
            }
        }
        try? input.fileHandleForWriting.close()
        return process.terminationStatus
    }
}

/// Where the JVM host and what it loads are: the host's jar (`make android-host` builds
/// `Tools/.build/android-host/`, beside the tools' builds), the JNI library built with this
/// executable, Debian's Kotlin runtime and Android's org.json, and Java 17.
struct AndroidHostFiles {
    let java: String
    let classPath: String
    let libraryFolder: String

    static let jarName = "today-bridge-android-host.jar"

    static func locate() throws -> AndroidHostFiles {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let environment = ProcessInfo.processInfo.environment
        let jar =
            environment["TODAY_BRIDGE_ANDROID_HOST"]
            ?? ancestors(of: executable)
            .map { $0.appendingPathComponent("android-host/\(jarName)").path }
            .first { FileManager.default.fileExists(atPath: $0) }
        guard let jar else { throw AndroidHostError.missing("\(jarName): make android-host builds it") }
        guard FileManager.default.fileExists(atPath: executable.appendingPathComponent("libTodayBridgeJNI.so").path)
        else {
            throw AndroidHostError.missing(
                "libTodayBridgeJNI.so beside \(executable.path): swift build --package-path Tools --product TodayBridgeJNI"
            )
        }
        let javaHome = environment["JAVA_HOME"] ?? "/usr/lib/jvm/java-17-openjdk-amd64"
        return AndroidHostFiles(
            java: javaHome + "/bin/java",
            classPath: [jar, "/usr/share/java/com.android.json.jar", "/usr/share/java/kotlin-stdlib.jar"].joined(
                separator: ":"),
            libraryFolder: executable.path
        )
    }

    /// `folder` and its parents, nearest first, up to the file system's root.
    private static func ancestors(of folder: URL) -> [URL] {
        var found = [folder]
        while found.last!.path != "/" { found.append(found.last!.deletingLastPathComponent()) }
        return found
    }
}

/// Why the Android host could not start.
package enum AndroidHostError: Error, CustomStringConvertible {
    case missing(String)

    package var description: String {
        switch self {
        case .missing(let what): "the Android host is not built: \(what)"
        }
    }
}
