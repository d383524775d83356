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
        case UInt8(ascii: "J"): return try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        case UInt8(ascii: "T"): return (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])).map(revivingDates)
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

    /// The name of the one argument WebKitGTK is given for `callAsyncJavaScript`'s arguments.
    static let argumentsName = "__webkitCallArguments"

    /// `callAsyncJavaScript`'s function body and arguments as WebKitGTK takes them (`a{sv}`); `nil`
    /// when an argument is not a value WebKit can send.
    ///
    /// WebKitGTK converts only `a{sv}` dictionaries, numbers and strings of a `GVariant` (a
    /// boolean, an array or `null` would vanish), so the arguments cross as one JSON string (each
    /// `Date` tagged as in replies) and a prologue rebuilds them before running `functionBody` as
    /// an async function of those parameters, as WebKit does.
    static func call(_ functionBody: String, arguments: [String: Any]) -> (body: String, arguments: OpaquePointer?)? {
        let names = arguments.keys.sorted()
        guard let json = replyJSON(names.map { arguments[$0]! }) else { return nil }
        let body = """
            const [__webkitDated, __webkitValues] = JSON.parse(\(argumentsName));
            return await (async function (\(names.joined(separator: ", "))) {
            \(functionBody)
            }).apply(this, __webkitDated ? (function revive(v) {
              if (v === null || typeof v !== 'object') return v;
              if (!Array.isArray(v) && Object.keys(v).length === 1 && typeof v['\\u0001d'] === 'number') return new Date(v['\\u0001d']);
              for (const k of Object.keys(v)) v[k] = revive(v[k]);
              return v;
            })(__webkitValues) : __webkitValues);
            """
        let builder = g_variant_builder_new(today_variant_type_vardict())
        defer { g_variant_builder_unref(builder) }
        let text = String(decoding: json, as: UTF8.self)
        g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(argumentsName), g_variant_new_variant(g_variant_new_string(text))))
        return (body, g_variant_builder_end(builder))
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

    private static func revivingDates(_ value: Any) -> Any {
        switch value {
        case let array as [Any]: return array.map(revivingDates)
        case let dictionary as [String: Any]:
            if dictionary.count == 1, let milliseconds = dictionary[dateKey] as? NSNumber {
                return Date(timeIntervalSince1970: milliseconds.doubleValue / 1000)
            }
            return dictionary.mapValues(revivingDates)
        default: return value
        }
    }
}
#endif
