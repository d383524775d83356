/// A request read straight from the parsed message, without a `Decoder`: for the hot path of
/// built-in capabilities (``BuiltInCapability/readRequest(from:)``, `track`).
package protocol MessageReadable {
    /// Reads the request leniently from the message.
    init(message: ParsedMessage)
}
