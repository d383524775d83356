#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    public var isMainFrame: Bool {
        get { shared.fields.isMainFrame }
        set { update { $0.isMainFrame = newValue } }
    }

    /// The sending frame's security origin; `nil` when opaque or unknown.
    public var frameOrigin: SecurityOrigin? {
        get { shared.fields.frameOrigin }
        set { update { $0.frameOrigin = newValue } }
    }

    /// The URL of the sending frame's document, when the engine reports it.
    public var frameURL: URL? {
        get { shared.fields.frameURL }
        set { update { $0.frameURL = newValue } }
    }

    /// The main frame's committed URL (the web view's URL).
    public var mainDocumentURL: URL? {
        get { shared.fields.mainDocumentURL }
        set { update { $0.mainDocumentURL = newValue } }
    }

    /// The facts, shared by the copies a message makes on its way (its reply, its capability's
    /// context): one reference to copy, not the strings and URLs they hold.
    private var shared: Shared

    /// Creates the engine's facts about one message's sender.
    public init(isMainFrame: Bool, frameOrigin: SecurityOrigin?, frameURL: URL? = nil, mainDocumentURL: URL?) {
        shared = Shared(
            Fields(
                isMainFrame: isMainFrame, frameOrigin: frameOrigin, frameURL: frameURL, mainDocumentURL: mainDocumentURL
            ))
    }

    /// A frame the engine cannot identify: a sub-frame with no origin (S1).
    public static func unidentifiedFrame(mainDocumentURL: URL?) -> SenderFacts {
        SenderFacts(isMainFrame: false, frameOrigin: nil, mainDocumentURL: mainDocumentURL)
    }

    public static func == (lhs: SenderFacts, rhs: SenderFacts) -> Bool {
        lhs.shared.fields == rhs.shared.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shared.fields)
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = shared.fields
        change(&fields)
        shared = Shared(fields)
    }

    private struct Fields: Hashable, Sendable {
        var isMainFrame: Bool
        var frameOrigin: SecurityOrigin?
        var frameURL: URL?
        var mainDocumentURL: URL?
    }

    private final class Shared: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
