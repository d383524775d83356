#if os(Linux)
/// A JavaScript namespace: the page's own, or one the app's scripts run in apart from the page.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wkcontentworld>. Over WebKitGTK each
/// world but the page's is a WebKitGTK script world; a process has at most 16 named worlds
/// (`defaultClient` included), which the web process extension must know before a web process
/// starts.
@MainActor
public class WKContentWorld: NSObject {
    /// The world's name; `nil` for the page world and the default client world.
    public let name: String?
    /// The WebKitGTK script world; `nil` for the page world.
    let scriptWorld: String?

    private static var named: [String: WKContentWorld] = [:]
    private static let pageWorld = WKContentWorld(name: nil, scriptWorld: nil)
    private static let defaultClientWorld = WKContentWorld(name: nil, scriptWorld: nextScriptWorld())
    private static var worldsTaken = 0

    private init(name: String?, scriptWorld: String?) {
        self.name = name
        self.scriptWorld = scriptWorld
    }

    /// The world of the page's own scripts.
    public class var page: WKContentWorld { pageWorld }

    /// The default world for the app's scripts.
    public class var defaultClient: WKContentWorld { defaultClientWorld }

    /// The world named `name`; the same object for the same name.
    public class func world(name: String) -> WKContentWorld {
        if let world = named[name] { return world }
        let world = WKContentWorld(name: name, scriptWorld: nextScriptWorld())
        named[name] = world
        return world
    }

    private static func nextScriptWorld() -> String {
        precondition(
            worldsTaken < WebKitEngine.isolatedWorlds.count,
            "the WebKitGTK emulation of WebKit has \(WebKitEngine.isolatedWorlds.count) content worlds")
        defer { worldsTaken += 1 }
        return WebKitEngine.isolatedWorlds[worldsTaken]
    }
}
#endif
