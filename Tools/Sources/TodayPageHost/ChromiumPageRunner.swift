import Foundation
import TodayBridge
import TodayBridgeChromium
import ToolSupport

/// Shows one page in headless Chromium as an Android app would host it, until the page calls
/// `window.close()`, its renderer dies or the time runs out.
package enum ChromiumPageRunner {
    /// - Parameter beforeLoad: Called with the host before the page loads (the benchmarks add
    ///   their raw channel here).
    package static func run(
        options: PageRunOptions,
        bridge: TodayBridge,
        beforeLoad: (ChromiumBridgeHost) async throws -> Void = { _ in }
    ) async throws -> PageRunEnd {
        var keys: [String] = []
        if let certificate = options.certificate { keys.append(try await CertificateFiles.publicKeyHash(ofCertificateAt: certificate)) }
        let host = try await ChromiumBridgeHost.launch(bridge: bridge, trustedCertificateKeys: keys)
        try await beforeLoad(host)
        let processEnded = Locked(false)
        host.connection.onWebProcessTermination { reason in
            printToStandardError("today-bridge: web process ended: \(reason)")
            processEnded.withLock { $0 = true }
            Task { await host.shutdown() }  // an Android WebView whose renderer is gone is not reused
        }
        try await host.open(options.url)
        let deadline = Task {
            try await Task.sleep(nanoseconds: UInt64(options.timeout * 1e9))
            await host.shutdown()
        }
        await host.waitUntilClosed()
        deadline.cancel()
        let closed = await host.pageClosedItself
        await host.shutdown()
        if processEnded.withLock({ $0 }) { return .webProcessEnded }
        if !closed { printToStandardError("today-bridge: timed out") }
        return closed ? .closedItself : .timedOut
    }
}
