/// A JavaScript namespace: the page's own, or one the app's scripts run in apart from the page.
@MainActor
public class WKContentWorld: NSObject {
    /// The world's name; `nil` for the page world.
    public let name: String?

    private static var named: [String: WKContentWorld] = [:]
    private static let pageWorld = WKContentWorld(name: nil)
    private static let defaultClientWorld = WKContentWorld(name: "defaultClient")

    private init(name: String?) {
        self.name = name
    }

    /// The world of the page's own scripts.
    public class var page: WKContentWorld { pageWorld }

    /// The default world for the app's scripts.
    public class var defaultClient: WKContentWorld { defaultClientWorld }

    /// The world named `name`; the same object for the same name.
    public class func world(name: String) -> WKContentWorld {
        if let world = named[name] { return world }
        let world = WKContentWorld(name: name)
        named[name] = world
        return world
    }
}
