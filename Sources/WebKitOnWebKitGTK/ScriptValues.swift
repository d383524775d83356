#if os(Linux)
import CWebKitGTK
import Foundation

/// JavaScript values to and from the Foundation objects WebKit's API speaks: numbers and booleans
/// as `NSNumber`, strings, `Date`s, arrays, dictionaries with string keys, and `NSNull`.
enum ScriptValues {
    /// The tag a `Date` travels under in JSON text (`MessageHandlersScript`).
    static let dateKey = "\u{1}d"

    /// `WKScriptMessage.body` of a page's `undefined`: WebKit's `nil`, which Swift hands over as
    /// an `Any` holding no object (`_bridgeAnyObjectToAny`), not `NSNull`.
    static var undefinedBody: Any { Optional<AnyObject>.none as Any }

    /// A message body from the channel's text (`U` for `undefined`, `J` JSON, `T` JSON with tagged
    /// dates); `nil` when the text is none of them.
    static func body(kind: UInt8, json: Data) -> Any? {
        switch kind {
        case UInt8(ascii: "U"): return undefinedBody
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
        return try? JSONSerialization.jsonObject(
            with: Data(bytes: json, count: strlen(json)), options: [.fragmentsAllowed])
    }

    /// `callAsyncJavaScript`'s function body as WebKitGTK runs it: `functionBody` as an async
    /// function of `arguments`' names, called with each argument built as WebKit builds it;
    /// `nil` when an argument is not a value WebKit can send.
    ///
    /// WebKit converts each argument in the target world (`JavaScriptEvaluationResult::toJS`,
    /// `Source/WebKit/Shared/JavaScriptEvaluationResult.cpp`): strings, numbers, booleans and
    /// `null` as they are; each array made empty and each dictionary an empty ordinary object, then
    /// filled with `JSObjectSetPropertyAtIndex` and `JSObjectSetProperty`, ordinary assignments, so
    /// that setters a page defined on `Array.prototype` or `Object.prototype` run, and an own
    /// `__proto__` key replaces the object's prototype. WebKitGTK's own arguments (`a{sv}`) carry
    /// only dictionaries, numbers and strings (a boolean, an array or `null` would vanish), so the
    /// values travel in the code itself (``literal(_:)``). The inner function is an arrow
    /// function, whose call runs no page code (`Function.prototype.call` can be replaced): the one
    /// difference is that `arguments` inside it is the outer function's. (WebKit fills every
    /// array before any dictionary, each in its hash order; here each container is filled before
    /// its parent, in key order.)
    static func call(_ functionBody: String, arguments: [String: Any]) -> String? {
        let names = arguments.keys.sorted()
        guard let values = literals(names.map { arguments[$0]! }) else { return nil }
        return """
            return await (async (\(names.joined(separator: ", "))) => {
            \(functionBody)
            })(\(values.joined(separator: ", ")));
            """
    }

    /// `value` as a JavaScript expression that builds it as WebKit does (``call(_:arguments:)``):
    /// an empty array or object, filled by assignment; `nil` for a value WebKit cannot send. (A
    /// `Date` is made with the global `Date`, which a page may replace; WebKit's is the engine's.)
    static func literal(_ value: Any) -> String? {
        switch value {
        case is NSNull: return "null"
        case let date as Date: return "new Date(\(date.timeIntervalSince1970 * 1000))"
        case let array as [Any]:
            return literals(array).map { filled("[]", keys: array.indices.map(String.init), values: $0) }
        case let dictionary as [String: Any]:
            let keys = dictionary.keys.sorted()
            return literals(keys.map { dictionary[$0]! }).map {
                filled("{}", keys: keys.map { jsonFragment($0)! }, values: $0)
            }
        default:
            // Strings, numbers and booleans: their JSON text is their literal.
            return jsonFragment(value)
        }
    }

    /// `empty` (`[]` or `{}`) with `values[i]` assigned at `keys[i]` (JavaScript expressions), by
    /// an arrow function, whose call runs no page code.
    private static func filled(_ empty: String, keys: [String], values: [String]) -> String {
        guard !keys.isEmpty else { return empty }
        let assignments = zip(keys, values).map { "o[\($0)] = \($1)" }.joined(separator: ", ")
        return "((o) => (\(assignments), o))(\(empty))"
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
        return (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])).map {
            String(decoding: $0, as: UTF8.self)
        }
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
