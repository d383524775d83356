import Foundation
import TodayBridge

/// What the engine has said about a page's frames and JavaScript contexts (C8): which context
/// belongs to which frame, the frame's origin and URL, and which frame is the main one.
struct ChromiumFrames {
    struct Context {
        var frameID: String
        var origin: String
        var session: String
    }

    private(set) var mainFrameID: String?
    private var frameURLs: [String: URL] = [:]
    private var contexts: [Int: Context] = [:]
    /// The main frame's default (page world) context, where the core's scripts run.
    private(set) var mainContext: (id: Int, session: String)?

    /// Records `Runtime.executionContextCreated`.
    mutating func contextCreated(_ params: JSONValue, session: String) {
        let context = params["context"]
        guard let id = context?["id"]?.doubleValue.map(Int.init),
              let frameID = context?["auxData"]?["frameId"]?.stringValue
        else { return }
        contexts[id] = Context(frameID: frameID, origin: context?["origin"]?.stringValue ?? "", session: session)
        if frameID == mainFrameID, context?["auxData"]?["isDefault"]?.boolValue == true {
            mainContext = (id, session)
        }
    }

    /// Records `Runtime.executionContextDestroyed`.
    mutating func contextDestroyed(_ params: JSONValue) {
        guard let id = params["executionContextId"]?.doubleValue.map(Int.init) else { return }
        contexts[id] = nil
        if mainContext?.id == id { mainContext = nil }
    }

    /// Records `Page.frameNavigated`; returns whether the main frame committed a new document.
    mutating func frameNavigated(_ params: JSONValue, isPageSession: Bool) -> Bool {
        let frame = params["frame"]
        guard let id = frame?["id"]?.stringValue else { return false }
        frameURLs[id] = frame?["url"]?.stringValue.flatMap(URL.init(string:))
        guard isPageSession, frame?["parentId"] == nil else { return false }
        mainFrameID = id
        return true
    }

    /// The main frame's committed URL.
    var mainDocumentURL: URL? {
        mainFrameID.flatMap { frameURLs[$0] }
    }

    /// The engine's facts about a binding call from context `id`; an unknown context is a
    /// sub-frame with no origin.
    func senderFacts(context id: Int, document: DocumentID) -> SenderFacts {
        guard let context = contexts[id] else {
            return SenderFacts(isMainFrame: false, frameOrigin: nil, frameURL: nil, mainDocumentURL: mainDocumentURL, document: document)
        }
        return SenderFacts(
            isMainFrame: context.frameID == mainFrameID,
            frameOrigin: SecurityOrigin(string: context.origin),
            frameURL: frameURLs[context.frameID],
            mainDocumentURL: mainDocumentURL,
            document: document
        )
    }
}
