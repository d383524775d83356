#if os(Linux)
/// The SDK the app is linked with, which decides how WebKit converts what a page posts to a
/// message handler: WebKit keeps an app's old behaviours until it links with the SDK that changed
/// them (`linkedOnOrAfterSDKWithBehavior`, `Source/WTF/wtf/cocoa/RuntimeApplicationChecksCocoa.h`).
///
/// Not Apple's API: an app's link-time fact, which a process has once, as ``WebKitEngine`` is the
/// host's part. Set it before a user content controller is made; the scripts it installs read it.
@_spi(Tools) public enum LinkedSDK: Sendable {
    /// The iOS 26 SDK, the package's floor (Xcode 26): `SDKAlignedBehavior::JavaScriptEvaluationResultWithoutSerializedScriptValue`.
    /// A body is read as `JavaScriptEvaluationResult::extract` reads it
    /// (`Source/WebKit/Shared/JavaScriptEvaluationResult.cpp`), without a round trip through
    /// `SerializedScriptValue`: getters run; a function, a symbol, a `BigInt` or an instance of a
    /// class is dropped (a dictionary loses the key, an array holds `NSNull` in its place, a body
    /// that is one is `nil`); a body deeper than 40,000 levels, or an array whose element throws
    /// when read, is dropped whole and its promise never settles
    /// (`WebUserMessageHandlerDescriptorProxy::didPostMessage` returns without a reply,
    /// `Source/WebKit/WebProcess/UserContent/WebUserContentController.cpp`). A reply is built in
    /// the page's world with ordinary assignments (`JavaScriptEvaluationResult::toJS`,
    /// `JSObjectSetProperty`): a page's setters on `Object.prototype` and `Array.prototype` run,
    /// and an own `__proto__` key replaces the prototype.
    case iOS26
    /// The iOS 18 SDK on iOS 18: the body is structured-cloned (`SerializedScriptValue::create`,
    /// throwing): a function, a symbol, a `BigInt` or a platform object rejects the promise with a
    /// `DataCloneError`, a body deeper than 40,000 levels (`maximumFilterRecursion`) with a
    /// `RangeError`; a reply is deserialized without running page code. (An app linked with that
    /// SDK running on iOS 26 gets `JavaScriptEvaluationResult` with a `SerializedScriptValue` check
    /// that drops such a body silently instead: not emulated.)
    case iOS18
}

extension WebKitEngine {
    /// The SDK the app is linked with: ``LinkedSDK/iOS26``, the package's floor, unless a host
    /// chooses the older behaviour.
    @_spi(Tools) public static var linkedSDK: LinkedSDK = .iOS26
}
#endif
