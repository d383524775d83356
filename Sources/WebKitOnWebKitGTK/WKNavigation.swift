#if os(Linux)
/// A navigation the web view started; identifies it to the navigation delegate.
///
/// Apple: <https://developer.apple.com/documentation/webkit/wknavigation>.
@MainActor
public class WKNavigation: NSObject {}
#endif
