#if canImport(WebKit)
import Foundation
@_spi(Adapters) import TodayBridge

extension PageMessage {
    /// A message body as Apple's WebKit hands it over (`WKScriptMessage.body`), converted within
    /// the bridge's limits (X7) by `JSONValue(foundationObject:limits:)`.
    public static func foundation(_ object: Any) -> PageMessage {
        .converted { limits throws(JSONParseError) in try JSONValue(foundationObject: object, limits: limits) }
    }
}

/// Message bodies and replies in the Foundation form WebKit hands over and takes: here, beside the
/// adapter that meets them, so that the core builds without Foundation where it need not (the JNI
/// library an Android app ships takes only FoundationEssentials, without ICU's data).
extension JSONValue {
    /// Converts a message body as Apple's WebKit hands it over (`WKScriptMessage.body`), within
    /// `limits` (contract X7).
    ///
    /// `NSNull`, booleans, numbers, strings, arrays and string-keyed dictionaries convert; NaN and
    /// the infinities become `null`, as `JSON.stringify` writes them; a JavaScript `Date` arrives
    /// as `NSDate` and becomes its milliseconds since 1970, as `Date.prototype.valueOf` gives.
    /// `NSData`, which WebKit never hands over, is refused.
    /// Anything else is refused. The size counted against `JSONLimits.maxBytes` is exactly that
    /// of the value's JSON text (`jsonUTF8`: escapes and numbers as written); conversion stops
    /// as soon as it is over, so an oversized body costs no more than the part read.
    public init(foundationObject object: Any, limits: JSONLimits = .default) throws(JSONParseError) {
        var budget = FoundationBudget(remainingBytes: limits.maxBytes)
        self = try Self.convert(object, depthLeft: limits.maxDepth, budget: &budget)
    }

    private static func convert(
        _ object: Any, depthLeft: Int, budget: inout FoundationBudget
    ) throws(JSONParseError) -> JSONValue {
        // Containers first: on Linux, casting a nested array to NSNumber or NSNull would first
        // bridge the whole structure. (On Apple platforms an `NSArray` bridges lazily, so a cyclic
        // body, which WebKit can hand over, ends at the depth limit; Linux's Foundation bridges
        // an `NSArray`'s elements as it reads them, so there a cyclic one cannot be read at all.)
        switch object {
        case let array as [Any]:
            guard depthLeft > 0 else { throw JSONParseError(code: .tooDeep, offset: 0) }
            try budget.spend(2 + max(array.count - 1, 0))  // brackets and commas
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array {
                elements.append(try convert(element, depthLeft: depthLeft - 1, budget: &budget))
            }
            return .array(elements)
        case let dictionary as [String: Any]:
            guard depthLeft > 0 else { throw JSONParseError(code: .tooDeep, offset: 0) }
            try budget.spend(2 + max(dictionary.count - 1, 0))  // braces and commas
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                try budget.spend(jsonLength(of: key) + 1)  // the key and its colon
                members[key] = try convert(element, depthLeft: depthLeft - 1, budget: &budget)
            }
            return .object(members)
        case is NSNull:
            return try budget.spend(on: .null)
        case let string as String:
            try budget.spend(jsonLength(of: string))
            return .string(string)
        case let number as NSNumber:
            if isBoolean(number) { return try budget.spend(on: .bool(number.boolValue)) }
            // NaN and the infinities have no JSON form: `null`, as `JSON.stringify` writes them.
            return try budget.spend(on: number.doubleValue.isFinite ? .number(number.doubleValue) : .null)
        case let date as Date:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            return try budget.spend(on: milliseconds.isFinite ? .number(milliseconds) : .null)
        default:
            throw JSONParseError(code: .invalid, offset: 0)
        }
    }

    /// The Foundation form a WebKit reply handler accepts: bytes as their base64 form (B2), since
    /// a reply, like a message body, holds no `NSData`.
    public var foundationObject: Any {
        switch self {
        case .null: NSNull()
        // No NSData crosses WebKit (B2).
        case .bytes(let value): [WireProtocol.bytesMember: value.base64EncodedString()]
        case .bool(let value): NSNumber(value: value)
        case .number(let value): NSNumber(value: value)
        case .string(let value): value
        case .array(let elements): elements.map(\.foundationObject)
        case .object(let members): members.mapValues(\.foundationObject)
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        String(cString: number.objCType) == "c"  // swift-corelibs-foundation boxes only booleans as "c"
        #endif
    }
}

/// The JSON bytes a Foundation value may still take, spent as each part's text is counted.
private struct FoundationBudget {
    var remainingBytes: Int

    mutating func spend(_ bytes: Int) throws(JSONParseError) {
        remainingBytes -= bytes
        if remainingBytes < 0 { throw JSONParseError(code: .tooLarge, offset: 0) }
    }

    /// Spends a scalar's text (`null`, a boolean, a number), and gives it back.
    mutating func spend(on scalar: JSONValue) throws(JSONParseError) -> JSONValue {
        try spend(scalar.jsonUTF8.count)
        return scalar
    }
}
#endif
