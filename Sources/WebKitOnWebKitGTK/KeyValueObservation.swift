#if os(Linux)
import Foundation

/// What an observer asks to be told (Foundation's key-value observing, which Linux's Foundation
/// lacks).
///
/// Apple: <https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions>. The
/// emulation notifies ``WKWebView/url`` only (``WKWebView/observe(_:options:changeHandler:)``);
/// `prior` is not emulated.
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The change carries the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The change carries the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// The observer is told once at once, with the current value.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// Not emulated.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// What kind of change a key-value observer is told of: for a property, `setting`.
///
/// Apple: <https://developer.apple.com/documentation/foundation/nskeyvaluechange>.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// One change of an observed property.
///
/// Apple: <https://developer.apple.com/documentation/foundation/nskeyvalueobservedchange>.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    /// Always `setting`: the emulation observes properties.
    public let kind: Kind
    /// The new value, when the options asked for it.
    public let newValue: Value?
    /// The old value, when the options asked for it.
    public let oldValue: Value?
    /// `nil`: no collection is observed.
    public let indexes: IndexSet?
    /// `false`: `prior` is not emulated.
    public let isPrior: Bool
}

/// An observation: the observer is told of changes until it is invalidated or released.
///
/// Apple: <https://developer.apple.com/documentation/foundation/nskeyvalueobservation>.
@MainActor
public class NSKeyValueObservation: NSObject {
    private var stop: (() -> Void)?

    init(stop: @escaping () -> Void) {
        self.stop = stop
    }

    /// Stops the observation; later changes are not told.
    public func invalidate() {
        stop?()
        stop = nil
    }

    isolated deinit {
        invalidate()
    }
}
#endif
