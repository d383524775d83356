#if os(Linux)
import Foundation
import TodayBridge

/// What the engine has said about a page's frames and JavaScript contexts (C8): which context
/// belongs to which frame, the frame's origin, and which frame is the main one. Contexts are
/// numbered per DevTools session (each renderer process has its own), so a session and a
/// number name one.
struct ChromiumFrames {
    /// One JavaScript context: where a binding call came from, and where a reply goes.
    struct Context: Hashable, Sendable {
        var session: String
        var id: Int
    }

    private struct ContextFacts {
        var frameID: String
        var origin: String
    }

    private(set) var mainFrameID: String?
    private var frameURLs: [String: URL] = [:]
    private var contexts: [Context: ContextFacts] = [:]
    /// The main frame's default (page world) context: where `evaluateJavascript` runs.
    private(set) var mainContext: Context?

    /// Records `Runtime.executionContextCreated`.
    mutating func contextCreated(_ params: JSONValue, session: String) {
        let description = params["context"]
        guard let id = description?["id"]?.doubleValue.map(Int.init),
              let frameID = description?["auxData"]?["frameId"]?.stringValue,
              description?["auxData"]?["isDefault"]?.boolValue == true
        else { return }
        let context = Context(session: session, id: id)
        contexts[context] = ContextFacts(frameID: frameID, origin: description?["origin"]?.stringValue ?? "")
        if frameID == mainFrameID { mainContext = context }
    }

    /// Records `Runtime.executionContextDestroyed`.
    mutating func contextDestroyed(_ params: JSONValue, session: String) {
        guard let id = params["executionContextId"]?.doubleValue.map(Int.init) else { return }
        let context = Context(session: session, id: id)
        contexts[context] = nil
        if mainContext == context { mainContext = nil }
    }

    /// Records `Page.frameNavigated`; returns the main frame's new URL when it committed a new document.
    mutating func frameNavigated(_ params: JSONValue, isPageSession: Bool) -> URL? {
        let frame = params["frame"]
        guard let id = frame?["id"]?.stringValue else { return nil }
        let url = frame?["url"]?.stringValue.flatMap(URL.init(string:))
        frameURLs[id] = url
        guard isPageSession, frame?["parentId"] == nil else { return nil }
        mainFrameID = id
        return url
    }

    /// The main frame's committed URL (`WebView.getUrl()`).
    var mainDocumentURL: URL? {
        mainFrameID.flatMap { frameURLs[$0] }
    }

    /// The page-world context's frame facts, as `onPostMessage` reports them: its origin and
    /// whether it is the main frame. An unknown context is a sub-frame with an opaque origin.
    func sender(of context: Context) -> (origin: String, isMainFrame: Bool) {
        guard let facts = contexts[context] else { return ("null", false) }
        return (facts.origin.isEmpty ? "null" : facts.origin, facts.frameID == mainFrameID)
    }
}
#endif
