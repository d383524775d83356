/// A message `type` the host understands: a typed request, a typed result, and who may call it (X1).
///
/// Define a capability once in Swift; the TypeScript the page compiles against is generated
/// from this definition (X6). Long-running capabilities simply `await` native UI.
///
/// ```swift
/// struct ScanDocument: BridgeCapability {
///     struct Request: Codable, Sendable { var side: String }
///     struct Result: Codable, Sendable { var pages: Int }
///     static let type = "scanDocument"
///     static let access = CapabilityAccess.mainFrame
///     static let deadline: Double? = 300
///
///     func handle(_ request: Request, context: CapabilityContext) async throws -> Result {
///         let scan = try await scanner.present(side: request.side)
///         return Result(pages: scan.pageCount)
///     }
/// }
/// try bridge.register(ScanDocument())
/// ```
///
/// Throw ``BridgeError`` to reject with a code the page can switch on (X2).
public protocol BridgeCapability: Sendable {
    /// The fields the page sends beside `type`. Fields it does not declare are ignored (C2).
    associatedtype Request: Decodable & Sendable
    /// What the page's promise resolves with; ``NoResult`` resolves `undefined`.
    associatedtype Result: Codable & Sendable

    /// The message `type` this capability answers.
    static var type: String { get }
    /// Which senders it serves.
    static var access: CapabilityAccess { get }
    /// Seconds before the call is settled as ``BridgeError/Code/timeout``; `nil` uses the configured default.
    static var deadline: Double? { get }
    /// One line for the generated TypeScript's doc comment.
    static var summary: String? { get }

    /// Answers one call.
    func handle(_ request: Request, context: CapabilityContext) async throws -> Result
}

extension BridgeCapability {
    public static var deadline: Double? { nil }
    public static var summary: String? { nil }
}
