#if os(Linux)
// The Objective-C runtime's associated objects, as `import WebKit` re-exports them on Apple
// platforms. Here only the emulation's `WKWebView` and `WKUserContentController` carry them.

/// The ownership an association takes of its value.
///
/// Apple: <https://developer.apple.com/documentation/objectivec/objc_associationpolicy>.
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key`; the object releases it when it goes away.
///
/// Apple: <https://developer.apple.com/documentation/objectivec/objc_setassociatedobject(_:_:_:_:)>.
/// Here only on the emulation's own classes (the Objective-C runtime takes any object).
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
    guard let object = object as? ObjectiveCAssociating else {
        preconditionFailure("the WebKitGTK emulation of WebKit supports associated objects on its own classes only")
    }
    object.objcAssociations.set(value, for: key)
}

/// The value associated with `object` under `key`.
///
/// Apple: <https://developer.apple.com/documentation/objectivec/objc_getassociatedobject(_:_:)>.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    (object as? ObjectiveCAssociating)?.objcAssociations.value(for: key)
}

/// An emulated WebKit object that can carry associated objects.
protocol ObjectiveCAssociating: AnyObject {
    nonisolated var objcAssociations: ObjectiveCAssociationTable { get }
}

/// An object's associated values; released with the object.
final class ObjectiveCAssociationTable: @unchecked Sendable {  // every access holds `lock`
    private let lock = NSLock()
    private var values: [UnsafeRawPointer: Any] = [:]

    func set(_ value: Any?, for key: UnsafeRawPointer) {
        // Release the old value outside the lock: its deinit may touch associations again.
        let old: Any? = lock.withLock {
            defer { values[key] = value }
            return values[key]
        }
        _ = old
    }

    func value(for key: UnsafeRawPointer) -> Any? {
        lock.withLock { values[key] }
    }
}
#endif
