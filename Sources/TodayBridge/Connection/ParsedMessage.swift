#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A page message once read (C2): an object read from JSON text as its members, in order, or a
/// value an engine handed over whole.
///
/// Most messages are read for two or three keys (`type`, then the capability's fields) and
/// dropped: kept as members, such a message costs no dictionary, whose keys would all be hashed
/// and stored for those few lookups. A lookup is one pass over the members, never more, however
/// many a page sends (X7).
package enum ParsedMessage: Sendable {
    /// An object's members as the text lists them, a repeated key included.
    case members([Member])
    /// Any value, as handed over or parsed (`null`, a string, an array, an object).
    case value(JSONValue)

    /// The member named `key`: the last one when the key repeats, as `JSON.parse` keeps it; `nil`
    /// when absent or when the message is no object.
    package subscript(key: String) -> JSONValue? {
        switch self {
        case .members(let members): members.last { $0.key == key }?.value
        case .value(let value): value[key]
        }
    }

    /// Whether the message is an object.
    var isObject: Bool {
        switch self {
        case .members: true
        case .value(let value): value.objectValue != nil
        }
    }

    /// The message as one JSON value: for what reads it whole (a `Decodable` request, the trace).
    package var jsonValue: JSONValue {
        switch self {
        case .members(let members):
            .object(Dictionary(members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
        case .value(let value): value
        }
    }
}

extension ParsedMessage {
    /// One member of an object. (A struct rather than a tuple: an array of them is destroyed
    /// without the run time's generic tuple code.)
    package struct Member: Sendable {
        package var key: String
        package var value: JSONValue
    }

    /// Parses strict UTF-8 JSON text within `limits`, its byte values' `attachments` beside it
    /// (B2), which count toward the size (B4).
    init(
        parsing utf8: UnsafeBufferPointer<UInt8>, limits: JSONLimits, attachments: [Data] = []
    )
        throws(JSONParseError)
    {
        var parser = try JSONParser(bytes: utf8, limits: limits, attachments: attachments)
        self = try parser.parseMessage()
        try parser.finishDocument()
    }
}

extension JSONParser {
    /// The value here as a message: an object as its members, any other value whole.
    mutating func parseMessage() throws(JSONParseError) -> ParsedMessage {
        guard isAtObject() else { return .value(try parseValue()) }
        var members: [ParsedMessage.Member] = []
        members.reserveCapacity(4)  // most messages have a few members: one allocation
        try parseMembers { key, parser throws(JSONParseError) in
            members.append(ParsedMessage.Member(key: key, value: try parser.parseValue()))
        }
        return .members(members)
    }
}
