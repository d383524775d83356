extension BridgeTrace {
    /// Which way a crossing went.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A message from the page, answered by the host (C5).
        public static let pageMessage = Kind(rawValue: "pageMessage")
        /// A native event sent to the page (X3).
        public static let nativeEvent = Kind(rawValue: "nativeEvent")
        /// A native call to a page handler (X4).
        public static let nativeCall = Kind(rawValue: "nativeCall")
        /// A stream the page opened, traced once at its end with the values it sent (ST5).
        public static let stream = Kind(rawValue: "stream")
    }

    /// How a crossing was settled.
    public struct Outcome: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Resolved with the capability's (or the page handler's) result; ``BridgeTrace/answer``
        /// tells a value from `undefined`.
        public static let resolved = Outcome(rawValue: "resolved")
        /// Rejected; see ``BridgeTrace/errorCode``.
        public static let rejected = Outcome(rawValue: "rejected")
        /// Resolved `undefined`: the sender may not use this capability (S1, S3).
        public static let denied = Outcome(rawValue: "denied")
        /// Resolved `undefined`: no capability has this type (C3).
        public static let unknownType = Outcome(rawValue: "unknownType")
        /// Resolved `undefined`: not an object with a string `type`, or over a size or depth limit (C3, X7).
        public static let malformed = Outcome(rawValue: "malformed")
        /// Settled by its deadline (C5).
        public static let timedOut = Outcome(rawValue: "timedOut")
        /// Settled because its page went away (C5).
        public static let cancelled = Outcome(rawValue: "cancelled")
        /// Refused: too many calls in flight for the page (X7).
        public static let busy = Outcome(rawValue: "busy")
        /// A native event handed to the page's subscribers (X3).
        public static let delivered = Outcome(rawValue: "delivered")
        /// A native event kept until the page subscribes (X3).
        public static let buffered = Outcome(rawValue: "buffered")
        /// A native event that could not be delivered: the web view was closed or gone, or its
        /// script failed (see the diagnostics).
        public static let undelivered = Outcome(rawValue: "undelivered")
        /// A native call the page had no handler for: it resolved with the caller's default (X4).
        public static let unhandled = Outcome(rawValue: "unhandled")
    }

    /// What a caller got back: the one thing a promise settles with (C4).
    public struct Answer: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A value.
        public static let value = Answer(rawValue: "value")
        /// `undefined` (for a native call, `nil`).
        public static let undefined = Answer(rawValue: "undefined")
        /// A rejection (for a native call, a thrown ``BridgeError``).
        public static let rejection = Answer(rawValue: "rejection")
    }
}
