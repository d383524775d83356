/// A failure the page can switch on: a stable code, a message for people, and whether retrying may help.
///
/// Throw it from a capability to reject the page's call with a structured error (contract X2); the
/// web SDK rebuilds it as a `BridgeError` with the same `code`, `message` and `recoverable`.
///
/// ```swift
/// throw BridgeError(code: "cameraDenied", message: "Camera access is off", recoverable: true)
/// throw BridgeError.cancelled("The user closed the sheet")
/// ```
///
/// Any other error thrown by a capability reaches the page as ``Code/failed`` with a generic
/// message: native error text never crosses the bridge by accident.
public struct BridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable error code, mirrored by the web SDK's `BridgeErrorCode`.
    public struct Code: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }

        /// The user or the page cancelled, or the page went away.
        public static let cancelled: Code = "cancelled"
        /// This host cannot do what was asked.
        public static let unsupported: Code = "unsupported"
        /// The capability failed.
        public static let failed: Code = "failed"
        /// The capability did not finish before its deadline.
        public static let timeout: Code = "timeout"
        /// Too many calls are in flight for this page.
        public static let busy: Code = "busy"
        /// The message's fields do not match the capability's request.
        public static let invalidRequest: Code = "invalidRequest"

        /// The codes the bridge itself uses, in the order the generated TypeScript lists them.
        package static let builtIn: [Code] = [.busy, .cancelled, .failed, .invalidRequest, .timeout, .unsupported]
    }

    /// The stable code the page switches on.
    public var code: Code
    /// A message for people; it crosses the bridge as is.
    public var message: String
    /// Whether trying again may succeed.
    public var recoverable: Bool

    /// Creates an error with a code, a message, and whether retrying may help.
    public init(code: Code, message: String, recoverable: Bool = false) {
        self.code = code
        self.message = message
        self.recoverable = recoverable
    }

    /// The user or the page cancelled.
    public static func cancelled(_ message: String = "cancelled") -> BridgeError {
        BridgeError(code: .cancelled, message: message, recoverable: true)
    }

    /// This host cannot do what was asked.
    public static func unsupported(_ message: String = "unsupported on this host") -> BridgeError {
        BridgeError(code: .unsupported, message: message)
    }

    /// The capability failed.
    public static func failed(_ message: String = "the capability failed", recoverable: Bool = false) -> BridgeError {
        BridgeError(code: .failed, message: message, recoverable: recoverable)
    }

    /// The capability did not finish in time.
    public static func timeout(_ message: String = "the capability did not answer in time") -> BridgeError {
        BridgeError(code: .timeout, message: message, recoverable: true)
    }

    public var description: String { "BridgeError(\(code): \(message))" }
}
