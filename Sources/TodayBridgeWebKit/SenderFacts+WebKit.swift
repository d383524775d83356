#if canImport(WebKit)
import TodayBridge
import WebKit

extension SenderFacts {
    /// The engine's facts about a message's frame (C8): never the message body's claims.
    @MainActor
    init(_ frame: WKFrameInfo, mainDocumentURL: URL?) {
        self.init(
            isMainFrame: frame.isMainFrame,
            frameOrigin: SecurityOrigin(frame.securityOrigin),
            frameURL: frame.request.url,
            mainDocumentURL: mainDocumentURL
        )
    }
}

extension SecurityOrigin {
    /// WebKit's origin of a frame; `nil` for an opaque origin (empty protocol or host).
    @MainActor
    init?(_ origin: WKSecurityOrigin) {
        self.init(scheme: origin.protocol, host: origin.host, port: origin.port == 0 ? nil : origin.port)
    }
}
#endif
