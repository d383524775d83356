#if canImport(TodayBridgeGTK)
import Foundation
import TodayBridge
import TodayBridgeChromium

/// Shows one page in headless Chromium with the Android transport, until the page calls
/// `window.close()` (exit 0) or the time runs out (exit 1).
enum ChromiumPageRunner {
    static func run(options: PageRunOptions, bridge: TodayBridge, webRoot: String) async throws -> Int32 {
        let shim = try String(contentsOfFile: webRoot + "/dist/android-shim.js", encoding: .utf8)
        let keys = try options.certificate.map { [try CertificateKeyHash.of(certificateFile: $0)] } ?? []
        let host = try await ChromiumBridgeHost.launch(bridge: bridge, androidShim: shim, trustedCertificateKeys: keys, rawEcho: options.rawEcho)
        try await host.open(options.url)
        let deadline = Task {
            try await Task.sleep(nanoseconds: UInt64(options.timeout * 1e9))
            await host.shutdown()
        }
        await host.waitUntilClosed()
        deadline.cancel()
        let closed = await host.pageClosedItself
        await host.shutdown()
        if !closed { printToStandardError("today-bridge: timed out") }
        return closed ? 0 : 1
    }
}
#endif
