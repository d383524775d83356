#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the engine handed over for one page message: the first argument of the one way in,
/// ``BridgeConnection/receive(_:from:reply:)``.
///
/// The core converts it before `receive` returns, checking the size and depth limits (X7) before
/// or while it converts, so a message over a limit costs no more than reading it. Borrowed bytes
/// only need to live until `receive` returns.
public struct PageMessage {
    enum Body {
        case text(String)
        case bytes(UnsafeRawBufferPointer, attachments: [Data])
        case held(minimumBytes: Int, read: ((UnsafeRawBufferPointer) -> Void) -> Void)
        case converted((JSONLimits) throws(JSONParseError) -> JSONValue)
        case value(JSONValue?)
        case parsed(ParsedMessage?)
        case unusable(String)
    }

    let body: Body

    /// JSON text: what WebKitGTK's `jsc_value_to_json` or a string transport hands over.
    public static func json(_ text: String) -> PageMessage { PageMessage(body: .text(text)) }

    /// JSON text as UTF-8 bytes the engine owns, read during the call (a C string, a JNI array).
    public static func json(utf8 bytes: UnsafeRawBufferPointer) -> PageMessage {
        PageMessage(body: .bytes(bytes, attachments: []))
    }

    /// JSON text as UTF-8 bytes, with the bytes its byte values name by index, which the engine
    /// carried beside the text (B2): what WebKitGTK's web process extension hands over.
    public static func json(utf8 bytes: UnsafeRawBufferPointer, attachments: [Data]) -> PageMessage {
        PageMessage(body: .bytes(bytes, attachments: attachments))
    }

    /// JSON text the engine still holds in its own form, at least `minimumBytes` long in UTF-8:
    /// the core checks that length against the limit first and only then calls `read`, at most
    /// once and before `receive` returns, which hands it the UTF-8 bytes for the duration of the
    /// call. A 64 MiB string is refused from its length, never converted.
    ///
    /// ```swift
    /// .json(minimumBytes: utf16Length) { body in   // UTF-8 takes at least a byte per UTF-16 unit
    ///     let bytes = jsc_value_to_string_as_bytes(value)
    ///     body(UnsafeRawBufferPointer(…bytes…))
    /// }
    /// ```
    public static func json(
        minimumBytes: Int, read: @escaping ((UnsafeRawBufferPointer) -> Void) -> Void
    ) -> PageMessage {
        PageMessage(body: .held(minimumBytes: minimumBytes, read: read))
    }

    /// JSON text as ``json(minimumBytes:read:)``, its length as a page script measured it
    /// (`String.length`, UTF-16 units) and an engine reported it: any number, so one that is
    /// negative, not finite or NaN counts as zero and one past `Int` as too large.
    ///
    /// A script in the page may report any number; this is how an adapter hands such a length to
    /// the core without trapping on it.
    ///
    /// ```swift
    /// .json(javaScriptLength: jsc_value_to_double(length)) { body in
    ///     body(UnsafeRawBufferPointer(…the text's UTF-8 bytes…))
    /// }
    /// ```
    public static func json(
        javaScriptLength length: Double, read: @escaping ((UnsafeRawBufferPointer) -> Void) -> Void
    ) -> PageMessage {
        let minimumBytes = length > 0 ? Int(min(length, Double(Int.max / 4))) : 0  // NaN > 0 is false
        return .json(minimumBytes: minimumBytes, read: read)
    }

    /// A value in the engine's own form, which `convert` turns into JSON within the limits it is
    /// given (X7), throwing as the JSON parser does for what is over them or has no JSON form;
    /// called at most once, before `receive` returns. The WebKit adapter hands over
    /// `WKScriptMessage.body` so, its Foundation objects converted where Foundation is.
    ///
    /// ```swift
    /// .converted { limits in try JSONValue(foundationObject: message.body, limits: limits) }
    /// ```
    public static func converted(_ convert: @escaping (JSONLimits) throws(JSONParseError) -> JSONValue) -> PageMessage {
        PageMessage(body: .converted(convert))
    }

    /// A value already in JSON form; `nil` is JavaScript `undefined`.
    public static func value(_ value: JSONValue?) -> PageMessage { PageMessage(body: .value(value)) }

    /// A message a framing around it already read (the string transport's), `nil` for `undefined`.
    static func parsed(_ message: ParsedMessage?) -> PageMessage { PageMessage(body: .parsed(message)) }

    /// Nothing usable: the engine could not hand the message over (`reason` is for diagnostics).
    public static func unusable(_ reason: String) -> PageMessage { PageMessage(body: .unusable(reason)) }

    /// The message as read (`nil` for `undefined`), within `limits`.
    func decoded(within limits: JSONLimits) throws(PageMessageError) -> ParsedMessage? {
        switch body {
        case .text(var text):
            let parsed = text.withUTF8 { bytes in
                Result { () throws(JSONParseError) in try ParsedMessage(parsing: bytes, limits: limits) }
            }
            return try Self.refusing { () throws(JSONParseError) in try parsed.get() }
        case .bytes(let bytes, let attachments):
            return try Self.refusing { () throws(JSONParseError) in
                try ParsedMessage(
                    parsing: bytes.assumingMemoryBound(to: UInt8.self), limits: limits, attachments: attachments)
            }
        case .held(let minimum, let read):
            return try Self.refusing { () throws(JSONParseError) in
                guard minimum <= limits.maxBytes else { throw JSONParseError(code: .tooLarge, offset: 0) }
                var parsed: Result<ParsedMessage, JSONParseError> = .failure(JSONParseError(code: .invalid, offset: 0))
                read { bytes in
                    parsed = Result { () throws(JSONParseError) in
                        try ParsedMessage(parsing: bytes.assumingMemoryBound(to: UInt8.self), limits: limits)
                    }
                }
                return try parsed.get()
            }
        case .converted(let convert):
            return .value(try Self.refusing { () throws(JSONParseError) in try convert(limits) })
        case .value(let value): return value.map(ParsedMessage.value)
        case .parsed(let message): return message
        case .unusable(let reason): throw .unusable(reason)
        }
    }

    /// The message's length in UTF-8 bytes as handed over, when that costs nothing to know (JSON
    /// text or bytes; the least it can be for text the engine still holds, or one whose length
    /// alone crossed): a trace's size for a message that could not be read (X5).
    var byteCount: Int? {
        switch body {
        case .text(let text): text.utf8.count
        case .bytes(let bytes, let attachments): attachments.reduce(bytes.count) { $0 + $1.count }
        case .held(let minimumBytes, _): minimumBytes
        case .converted, .value, .parsed, .unusable: nil
        }
    }

    private static func refusing<Value>(_ convert: () throws(JSONParseError) -> Value) throws(PageMessageError) -> Value
    {
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
