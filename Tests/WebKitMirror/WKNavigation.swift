/// A navigation the web view started; identifies it to the navigation delegate.
@MainActor
public class WKNavigation: NSObject {}
