import Foundation
import Hummingbird
import Logging
import HummingbirdTLS
import NIOCore
import NIOSSL
import TodayBridge
import ToolSupport

/// The local backend behind the demo and the end-to-end tests: HTTPS and HTTP on 127.0.0.1.
///
/// - `POST /token/issue?ttl=SECONDS`, `POST /token/refresh`: the native host's token endpoints.
/// - `GET /api/me`: 200 with `via: "bearer"` or `via: "cookie"` (`embed_bearer`), else 401.
/// - `POST /report/NAME`: a page reports JSON; tests and the demo read it.
/// - Everything else: static files from the web root (the SDK bundle, the demo app, test pages).
package final class DemoBackend: Sendable {
    /// The HTTPS origin, `https://127.0.0.1:PORT`.
    package let secureOrigin: String
    /// The cleartext origin, `http://127.0.0.1:PORT`.
    package let cleartextOrigin: String

    private let tokens: TokenIssuer
    private let reports: ReportBook
    private let apiCalls: Locked<[APICall]>
    private let servers: Task<Void, any Error>

    /// One request to `/api/`, as the server saw it.
    package struct APICall: Sendable {
        package var path: String
        package var via: String?
        /// The `embed_bearer` cookie's value, if the request carried one: what a test looks for
        /// where no credential may be (X5).
        package var cookie: String?
        package var secure: Bool

        /// Whether the request carried an `embed_bearer` cookie.
        package var hadCookie: Bool { cookie != nil }
    }

    /// Starts both servers and returns once they listen.
    package static func start(
        webRoot: String,
        certificate: CertificateFiles,
        tokenLifetime: Double = 300,
        echoReports: (@Sendable (String, JSONValue) -> Void)? = nil
    ) async throws -> DemoBackend {
        let tokens = TokenIssuer()
        let reports = ReportBook(echo: echoReports)
        let apiCalls = Locked<[APICall]>([])
        let tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.privateKey, format: .pem))
        )
        let securePort = ListeningPort(), cleartextPort = ListeningPort()
        let servers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for secure in [true, false] {
                    let router = DemoRoutes.router(
                        webRoot: webRoot, tokens: tokens, tokenLifetime: tokenLifetime, reports: reports,
                        apiCalls: apiCalls, secure: secure)
                    let app = Application(
                        router: router,
                        server: secure ? try .tls(.http1(), tlsConfiguration: tls) : .http1(),
                        configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "today-demo"),
                        onServerRunning: { channel in
                            await (secure ? securePort : cleartextPort).set(channel.localAddress?.port ?? 0)
                        },
                        logger: Logger(label: "today-demo-backend", factory: { _ in SwiftLogNoOpLogHandler() })
                    )
                    group.addTask {
                        do { try await app.run() } catch {
                            await (secure ? securePort : cleartextPort).fail(error)
                            throw error
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        return DemoBackend(
            secureOrigin: "https://127.0.0.1:\(try await securePort.value())",
            cleartextOrigin: "http://127.0.0.1:\(try await cleartextPort.value())",
            tokens: tokens, reports: reports, apiCalls: apiCalls, servers: servers
        )
    }

    private init(
        secureOrigin: String, cleartextOrigin: String, tokens: TokenIssuer, reports: ReportBook,
        apiCalls: Locked<[APICall]>, servers: Task<Void, any Error>
    ) {
        self.secureOrigin = secureOrigin
        self.cleartextOrigin = cleartextOrigin
        self.tokens = tokens
        self.reports = reports
        self.apiCalls = apiCalls
        self.servers = servers
    }

    /// The same HTTPS server under another origin (`https://localhost:PORT`), for cross-origin frames.
    package var otherSecureOrigin: String {
        secureOrigin.replacingOccurrences(of: "127.0.0.1", with: "localhost")
    }

    /// How many refreshes reached the token endpoint.
    package var refreshCount: Int {
        get async { await tokens.refreshCount }
    }

    /// What pages reported under `name`.
    package func reports(named name: String) -> [JSONValue] {
        reports.bodies(named: name)
    }

    /// Every `/api/` request so far.
    package var apiRequests: [APICall] {
        apiCalls.withLock { $0 }
    }

    /// Stops both servers.
    package func stop() {
        servers.cancel()
    }
}
