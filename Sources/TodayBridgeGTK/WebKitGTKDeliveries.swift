#if os(Linux)
/// What one WebKitGTK view delivered to its page (X3, X4, ST2), and which way: through the web
/// process extension, the bytes beside the text (B2), or as scripts, the bytes as base64 in them;
/// and how many large attachments crossed as sealed files, both ways.
///
/// For this repository's suites (``WebKitGTKBridge/deliveries``), which prove that deliveries
/// take the extension's way where it is loaded, with no byte value in their text, and that the
/// extension drops a delivery whose document has left (S4). Only sizes, never content.
@_spi(Tools) public struct WebKitGTKDeliveries: Sendable, Hashable {
    /// Deliveries sent through the web process extension.
    public var throughExtension = 0
    /// The UTF-8 bytes of those deliveries' JSON texts.
    public var textBytes = 0
    /// The bytes those deliveries carried beside their texts.
    public var attachedBytes = 0
    /// Deliveries run as scripts in the main frame (the relay's way).
    public var asScripts = 0
    /// The UTF-8 bytes of those scripts.
    public var scriptBytes = 0
    /// Deliveries the extension dropped: the main frame showed another document than the one they
    /// were for when they arrived.
    public var dropped = 0
    /// Deliveries refused before they left: the core had left the document they were for.
    public var refused = 0
    /// Attachments of at least 256 KiB the view sent the extension as sealed files rather than
    /// inline, in deliveries and in answers to the page's calls.
    public var filesSent = 0
    /// Attachments of the page's messages the view received as sealed files and mapped.
    public var filesReceived = 0

    public init() {}
}
#endif
