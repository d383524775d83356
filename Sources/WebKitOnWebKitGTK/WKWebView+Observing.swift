#if os(Linux)
import Foundation

/// Key-value observing of the view's ``url``, which WebKit makes KVO-compliant (`WKWebView.h`):
/// observers are told each time the value the property returns changes, on the main thread, as
/// WebKit tells them when its page load state commits (`PageLoadState::commitChanges`,
/// `Source/WebKit/UIProcess/PageLoadState.cpp`).
extension WKWebView {
    /// Observes `keyPath`, which must be `\.url` (the one property the emulation notifies; another
    /// stops the process, as loudly as a misuse of WebKit).
    ///
    /// Apple: `NSObject.observe(_:options:changeHandler:)` (Foundation's Swift overlay).
    public func observe<Value>(
        _ keyPath: KeyPath<WKWebView, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (WKWebView, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        precondition(keyPath == \WKWebView.url, "the WebKitGTK emulation of WebKit notifies changes of url only")
        let id = nextObserverID
        nextObserverID += 1
        // `Value` is `URL?`: a value of it, `nil` included.
        let value = { (url: URL?) in url as Any as? Value }
        let tell = { (view: WKWebView, old: URL?, new: URL?) in
            changeHandler(
                view,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? value(new) : nil,
                    oldValue: options.contains(.old) ? value(old) : nil, indexes: nil, isPrior: false
                ))
        }
        urlObservers[id] = URLObserver(tell: tell)
        if options.contains(.initial) { tell(self, nil, url) }
        return NSKeyValueObservation { [weak self] in self?.urlObservers[id] = nil }
    }

    /// Tells the observers of ``url`` when it returns another value than they were last told.
    func urlMayHaveChanged() {
        let current = url
        guard current != observedURL else { return }
        let old = observedURL
        observedURL = current
        for observer in urlObservers.values { observer.tell(self, old, current) }
    }

    /// An observer of ``url``.
    struct URLObserver {
        let tell: (WKWebView, URL?, URL?) -> Void
    }
}
#endif
