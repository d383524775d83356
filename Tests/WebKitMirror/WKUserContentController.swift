/// The user scripts and message handlers of the web views made from one configuration.
@MainActor
public class WKUserContentController: NSObject, MirrorAssociating {
    private enum Handler {
        case plain(any WKScriptMessageHandler)
        case withReply(any WKScriptMessageHandlerWithReply)
    }

    /// The user scripts, in the order they were added.
    public private(set) var userScripts: [WKUserScript] = []
    private var handlers: [String: (world: WKContentWorld, handler: Handler)] = [:]
    nonisolated let mirrorAssociations = MirrorAssociationTable()

    nonisolated public override init() {
        super.init()
    }

    /// Adds a user script for documents loaded from now on.
    public func addUserScript(_ userScript: WKUserScript) {
        userScripts.append(userScript)
    }

    /// Installs a handler without reply in `world`; retains it. The name must be new.
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
        register(.plain(scriptMessageHandler), world: world, name: name)
    }

    /// Installs a handler with reply in `contentWorld`; retains it. The name must be new.
    public func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String) {
        register(.withReply(scriptMessageHandlerWithReply), world: contentWorld, name: name)
    }

    /// Removes the handler `name` from `contentWorld`.
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        if handlers[name]?.world === contentWorld { handlers[name] = nil }
    }

    private func register(_ handler: Handler, world: WKContentWorld, name: String) {
        // WebKit raises an Objective-C exception here; the mirror stops just as loudly.
        precondition(!name.isEmpty && handlers[name] == nil, "WebKit: a handler named \(name) already exists")
        handlers[name] = (world, handler)
    }

    /// Mirror only: the names of handlers registered in `world`, and whether each replies.
    public func mirrorHandlers(in world: WKContentWorld) -> [String: Bool] {
        handlers.filter { $0.value.world === world }.mapValues {
            if case .withReply = $0.handler { true } else { false }
        }
    }

    /// Mirror only: what WebKit does when script in `world` of `frame` calls
    /// `window.webkit.messageHandlers.<name>.postMessage(body)`. `nil` when no such handler is
    /// visible there (the page would get a `TypeError`).
    @discardableResult
    public func mirrorPost(_ body: Any, toHandler name: String, in world: WKContentWorld = .page, from frame: WKFrameInfo) -> MirrorReply? {
        guard let entry = handlers[name], entry.world === world else { return nil }
        let message = WKScriptMessage(mirrorBody: body, frameInfo: frame, name: name, webView: frame.webView, world: world)
        let reply = MirrorReply()
        switch entry.handler {
        case .plain(let handler):
            handler.userContentController(self, didReceive: message)
            reply.answers.append((nil, nil))
        case .withReply(let handler):
            handler.userContentController(self, didReceive: message) { value, error in
                reply.answers.append((value, error))
            }
        }
        return reply
    }
}

/// Mirror only: every call of one message's reply handler.
@MainActor
public final class MirrorReply {
    /// Each call's arguments, in order. WebKit expects exactly one.
    public var answers: [(value: Any?, error: String?)] = []
}
