/// What the engine handed over for one page message: the first argument of the one way in,
/// ``BridgeConnection/receive(_:from:reply:)``.
///
/// The core converts it before `receive` returns, checking the size and depth limits (X7) before
/// or while it converts, so a message over a limit costs no more than reading it. Borrowed bytes
/// only need to live until `receive` returns.
public struct PageMessage {
    enum Body {
        case text(String)
        case bytes(UnsafeRawBufferPointer)
        case foundation(Any)
        case value(JSONValue?)
        case unusable(String)
    }

    let body: Body

    /// JSON text: what WebKitGTK's `jsc_value_to_json` or a string transport hands over.
    public static func json(_ text: String) -> PageMessage { PageMessage(body: .text(text)) }

    /// JSON text as UTF-8 bytes the engine owns, read during the call (a C string, a JNI array).
    public static func json(utf8 bytes: UnsafeRawBufferPointer) -> PageMessage { PageMessage(body: .bytes(bytes)) }

    /// A Foundation value, as Apple's WebKit hands over `WKScriptMessage.body`.
    public static func foundation(_ object: Any) -> PageMessage { PageMessage(body: .foundation(object)) }

    /// A value already in JSON form; `nil` is JavaScript `undefined`.
    public static func value(_ value: JSONValue?) -> PageMessage { PageMessage(body: .value(value)) }

    /// Nothing usable: the engine could not hand the message over (`reason` is for diagnostics).
    public static func unusable(_ reason: String) -> PageMessage { PageMessage(body: .unusable(reason)) }

    /// The message as a JSON value (`nil` for `undefined`), within `limits`.
    func decoded(within limits: JSONLimits) throws(PageMessageError) -> JSONValue? {
        switch body {
        case .text(let text): try Self.refusing { () throws(JSONParseError) in try JSONValue(parsing: text, limits: limits) }
        case .bytes(let bytes): try Self.refusing { () throws(JSONParseError) in try JSONValue(parsing: bytes, limits: limits) }
        case .foundation(let object): try Self.refusing { () throws(JSONParseError) in try JSONValue(foundationObject: object, limits: limits) }
        case .value(let value): value
        case .unusable(let reason): throw .unusable(reason)
        }
    }

    private static func refusing(_ convert: () throws(JSONParseError) -> JSONValue) throws(PageMessageError) -> JSONValue {
        do {
            return try convert()
        } catch {
            throw .refused(error)
        }
    }
}

/// Why a page message could not be read: it is answered `undefined` with a diagnostic (C3, X7).
enum PageMessageError: Error, CustomStringConvertible {
    case refused(JSONParseError)
    case unusable(String)

    var description: String {
        switch self {
        case .refused(let error): "\(error)"
        case .unusable(let reason): "the engine could not hand the message over (\(reason))"
        }
    }
}
