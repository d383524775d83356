import Foundation

/// What the web engine says about the sender of a message: never read from the message body (C8).
///
/// An adapter builds this from the engine: on Apple platforms from `WKScriptMessage.frameInfo`
/// and the web view's URL, on WebKitGTK from the isolated-world relay, on Android from
/// `addWebMessageListener`'s `sourceOrigin` and `isMainFrame`. The core adds the document the
/// message belongs to when it receives it.
///
/// When the engine cannot tell which frame sent a message, the adapter must say
/// `isMainFrame: false`: an unidentified frame is treated as a sub-frame.
public struct SenderFacts: Sendable, Hashable {
    /// Whether the message came from the top-level document.
    public var isMainFrame: Bool
    /// The sending frame's security origin; `nil` when opaque or unknown.
    public var frameOrigin: SecurityOrigin?
    /// The URL of the sending frame's document, when the engine reports it.
    public var frameURL: URL?
    /// The main frame's committed URL (the web view's URL).
    public var mainDocumentURL: URL?

    /// Creates the engine's facts about one message's sender.
    public init(isMainFrame: Bool, frameOrigin: SecurityOrigin?, frameURL: URL? = nil, mainDocumentURL: URL?) {
        self.isMainFrame = isMainFrame
        self.frameOrigin = frameOrigin
        self.frameURL = frameURL
        self.mainDocumentURL = mainDocumentURL
    }

    /// A frame the engine cannot identify: a sub-frame with no origin (S1).
    public static func unidentifiedFrame(mainDocumentURL: URL?) -> SenderFacts {
        SenderFacts(isMainFrame: false, frameOrigin: nil, mainDocumentURL: mainDocumentURL)
    }
}
