/// One message and its outcome, for the app's observability (contract X5). Never holds a credential.
public struct BridgeTrace: Sendable, Hashable {
    /// How a message was settled.
    public struct Outcome: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Resolved with the capability's result.
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
    }

    /// The message's `type`, when it had one.
    public var type: String?
    /// Whether the sender was the main frame.
    public var isMainFrame: Bool
    /// The sending frame's origin, as the engine reported it.
    public var origin: SecurityOrigin?
    /// The trusted surface of the main document, if any.
    public var surface: String?
    /// How the message was settled.
    public var outcome: Outcome
    /// The rejection's code, for rejected, timed-out, cancelled and busy outcomes.
    public var errorCode: BridgeError.Code?
    /// Seconds from receipt to settlement.
    public var duration: Double
}
