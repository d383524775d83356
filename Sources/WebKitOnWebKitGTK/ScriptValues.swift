#if os(Linux)
import CWebKitGTK
import Foundation

/// JavaScript values to and from the Foundation objects WebKit's API speaks: numbers and booleans
/// as `NSNumber`, strings, `Date`s, arrays, dictionaries with string keys, and `NSNull`.
enum ScriptValues {
    /// The tag a `Date` travels under in JSON text (`MessageHandlersScript`).
    static let dateKey = "\u{1}d"

    /// A message body from the channel's text (`U`, `J` JSON, `T` JSON with tagged dates);
    /// `nil` when the text is none of them.
    static func body(kind: UInt8, json: Data) -> Any? {
        switch kind {
        case UInt8(ascii: "U"): return NSNull()
        case UInt8(ascii: "J"): return BodyJSONReader.read(json)
        case UInt8(ascii: "T"): return BodyJSONReader.read(json, revivingDates: true)
        default: return nil
        }
    }

    /// A reply as the channel's script reads it: `[0, value]`, or `[1, value]` with tagged dates;
    /// `nil` for a value WebKit cannot send (not one of the types above).
    static func replyJSON(_ value: Any) -> [UInt8]? {
        let dated = containsDate(value)
        let wrapped: [Any] = [dated ? 1 : 0, dated ? taggingDates(value) : value]
        guard JSONSerialization.isValidJSONObject(wrapped) else { return nil }
        return (try? JSONSerialization.data(withJSONObject: wrapped, options: [.fragmentsAllowed])).map { Array($0) }
    }

    /// A value the engine returned (`evaluateJavaScript`, `callAsyncJavaScript`): `nil` for
    /// `undefined`, else its JSON form as Foundation objects (a `Date` is its JSON text, a string).
    static func foundation(_ value: OpaquePointer) -> Any? {
        if jsc_value_is_undefined(value) != 0 { return nil }
        guard let json = jsc_value_to_json(value, 0) else { return nil }
        defer { g_free(json) }
        return try? JSONSerialization.jsonObject(with: Data(bytes: json, count: strlen(json)), options: [.fragmentsAllowed])
    }

    /// `callAsyncJavaScript`'s function body as WebKitGTK runs it: `functionBody` as an async
    /// function of `arguments`' names, called with each argument written as a JavaScript literal;
    /// `nil` when an argument is not a value WebKit can send.
    ///
    /// WebKitGTK's own arguments (`a{sv}`) carry only dictionaries, numbers and strings (a boolean,
    /// an array or `null` would vanish), so the values travel in the code itself, where no page
    /// code runs to rebuild them: no `JSON.parse` a page could have replaced, and object keys
    /// written as computed keys so `__proto__` is an own property, as WebKit makes it. The inner
    /// function is an arrow function, whose call runs no page code either (`Function.prototype.call`
    /// can be replaced): the one difference is that `arguments` inside it is the outer function's.
    static func call(_ functionBody: String, arguments: [String: Any]) -> String? {
        let names = arguments.keys.sorted()
        guard let values = literals(names.map { arguments[$0]! }) else { return nil }
        return """
            return await (async (\(names.joined(separator: ", "))) => {
            \(functionBody)
            })(\(values.joined(separator: ", ")));
            """
    }

    /// `value` as a JavaScript expression that builds it without running page code (but `Date`'s
    /// constructor); `nil` for a value WebKit cannot send.
    static func literal(_ value: Any) -> String? {
        switch value {
        case is NSNull: return "null"
        case let date as Date: return "new Date(\(date.timeIntervalSince1970 * 1000))"
        case let array as [Any]:
            return literals(array).map { "[" + $0.joined(separator: ", ") + "]" }
        case let dictionary as [String: Any]:
            let keys = dictionary.keys.sorted()
            // Computed keys: `__proto__` stays an own property.
            return literals(keys.map { dictionary[$0]! }).map { values in
                "{" + zip(keys, values).map { "[\(jsonFragment($0)!)]: \($1)" }.joined(separator: ", ") + "}"
            }
        default:
            // Strings, numbers and booleans: their JSON text is their literal.
            return jsonFragment(value)
        }
    }

    /// Each of `values` as a literal; `nil` when one is not a value WebKit can send.
    private static func literals(_ values: [Any]) -> [String]? {
        var written: [String] = []
        for value in values {
            guard let literal = literal(value) else { return nil }
            written.append(literal)
        }
        return written
    }

    /// JSON text of one string, number or boolean; `nil` for anything else or a number that is
    /// not finite.
    private static func jsonFragment(_ value: Any) -> String? {
        guard JSONSerialization.isValidJSONObject([value]) else { return nil }
        return (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func containsDate(_ value: Any) -> Bool {
        switch value {
        case is Date: true
        case let array as [Any]: array.contains(where: containsDate)
        case let dictionary as [String: Any]: dictionary.values.contains(where: containsDate)
        default: false
        }
    }

    private static func taggingDates(_ value: Any) -> Any {
        switch value {
        case let date as Date: [dateKey: date.timeIntervalSince1970 * 1000]
        case let array as [Any]: array.map(taggingDates)
        case let dictionary as [String: Any]: dictionary.mapValues(taggingDates)
        default: value
        }
    }
}
#endif
