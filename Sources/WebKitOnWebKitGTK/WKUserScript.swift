#if os(Linux)
/// When a user script runs in a document.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime>.
public enum WKUserScriptInjectionTime: Int, @unchecked Sendable {
    case atDocumentStart = 0
    case atDocumentEnd = 1
}

/// A script the web view injects into pages.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkuserscript>.
@MainActor
public class WKUserScript: NSObject {
    /// The script's source.
    public let source: String
    /// When it runs.
    public let injectionTime: WKUserScriptInjectionTime
    /// Whether it runs in the main frame only.
    public let isForMainFrameOnly: Bool
    /// The world it runs in (Apple keeps it private).
    let contentWorld: WKContentWorld

    /// A script for the page world.
    public convenience init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.init(source: source, injectionTime: injectionTime, forMainFrameOnly: forMainFrameOnly, in: .page)
    }

    /// A script for `contentWorld`.
    public init(
        source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool,
        in contentWorld: WKContentWorld
    ) {
        self.source = source
        self.injectionTime = injectionTime
        self.isForMainFrameOnly = forMainFrameOnly
        self.contentWorld = contentWorld
    }
}
#endif
