#if os(Linux)
import CWebKitGTK

/// The user scripts and message handlers of the web views made from one configuration: a
/// WebKitGTK user content manager, with the handlers' page side (`MessageHandlersScript`) in each
/// world that has handlers.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkusercontentcontroller>. Unlike
/// WebKit, a handler added or removed reaches the documents that start afterwards only (user
/// scripts behave so in WebKit too); add handlers before loading, as the bridge does.
@MainActor
public class WKUserContentController: NSObject, ObjectiveCAssociating {
    enum Handler {
        case plain(any WKScriptMessageHandler)
        case withReply(any WKScriptMessageHandlerWithReply)
    }

    /// The user scripts, in the order they were added.
    public private(set) var userScripts: [WKUserScript] = []
    private var handlers: [Key: Handler] = [:]
    nonisolated let objcAssociations = ObjectiveCAssociationTable()
    /// WebKitGTK's user content manager, which the views made from this controller share.
    let manager: OpaquePointer

    private struct Key: Hashable {
        let world: ObjectIdentifier
        let name: String
    }

    public override init() {
        _ = WebKitEngine.context
        manager = webkit_user_content_manager_new()
        super.init()
    }

    isolated deinit {
        g_object_unref(gpointer(manager))
    }

    /// Adds a user script for documents loaded from now on.
    public func addUserScript(_ userScript: WKUserScript) {
        userScripts.append(userScript)
        install()
    }

    /// Removes every user script.
    public func removeAllUserScripts() {
        userScripts = []
        install()
    }

    /// Installs a handler without reply in the page world; retains it. The name must be new.
    public func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        add(scriptMessageHandler, contentWorld: .page, name: name)
    }

    /// Installs a handler without reply in `world`; retains it. The name must be new in `world`.
    public func add(
        _ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String
    ) {
        register(.plain(scriptMessageHandler), world: world, name: name)
    }

    /// Installs a handler with reply in `contentWorld`; retains it. The name must be new in it.
    public func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) {
        register(.withReply(scriptMessageHandlerWithReply), world: contentWorld, name: name)
    }

    /// Removes the handler `name` from the page world.
    public func removeScriptMessageHandler(forName name: String) {
        removeScriptMessageHandler(forName: name, contentWorld: .page)
    }

    /// Removes the handler `name` from `contentWorld`.
    public func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        handlers[Key(world: ObjectIdentifier(contentWorld), name: name)] = nil
        install()
    }

    /// Removes every handler.
    public func removeAllScriptMessageHandlers() {
        handlers = [:]
        install()
    }

    private func register(_ handler: Handler, world: WKContentWorld, name: String) {
        let key = Key(world: ObjectIdentifier(world), name: name)
        // WebKit raises an Objective-C exception here (NSInvalidArgumentException); as loud.
        precondition(
            !name.isEmpty && handlers[key] == nil,
            "Attempt to add script message handler with name '\(name)' when one already exists.")
        handlers[key] = handler
        worlds[ObjectIdentifier(world)] = world
        install()
    }

    private var worlds: [ObjectIdentifier: WKContentWorld] = [:]

    /// The handler `name` of the world WebKitGTK calls `scriptWorld` (`nil`: the page's).
    func handler(named name: String, inScriptWorld scriptWorld: String?) -> (handler: Handler, world: WKContentWorld)? {
        guard let world = worlds.values.first(where: { $0.scriptWorld == scriptWorld }),
            let handler = handlers[Key(world: ObjectIdentifier(world), name: name)]
        else { return nil }
        return (handler, world)
    }

    /// Puts the scripts in the manager: each world's handlers first (they exist before any of
    /// the app's scripts runs), then the app's scripts in their order.
    private func install() {
        webkit_user_content_manager_remove_all_scripts(manager)
        for world in worlds.values.sorted(by: { ($0.scriptWorld ?? "") < ($1.scriptWorld ?? "") }) {
            let names = handlers.filter { $0.key.world == ObjectIdentifier(world) }.reduce(into: [String: Bool]()) {
                names, entry in
                if case .withReply = entry.value { names[entry.key.name] = true } else { names[entry.key.name] = false }
            }
            guard !names.isEmpty else { continue }
            add(
                MessageHandlersScript.source(entry: WebKitEngine.entryName, names: names, sdk: WebKitEngine.linkedSDK),
                world: world, allFrames: true, atStart: true)
        }
        for script in userScripts {
            add(
                script.source, world: script.contentWorld, allFrames: !script.isForMainFrameOnly,
                atStart: script.injectionTime == .atDocumentStart)
        }
        MainThreadLoop.wake()
    }

    private func add(_ source: String, world: WKContentWorld, allFrames: Bool, atStart: Bool) {
        let frames = allFrames ? WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES : WEBKIT_USER_CONTENT_INJECT_TOP_FRAME
        let time = atStart ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END
        let script =
            if let scriptWorld = world.scriptWorld {
                webkit_user_script_new_for_world(source, frames, time, scriptWorld, nil, nil)
            } else {
                webkit_user_script_new(source, frames, time, nil, nil)
            }
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
    }
}
#endif
