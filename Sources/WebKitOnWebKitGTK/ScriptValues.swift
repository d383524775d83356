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

    /// `callAsyncJavaScript`'s arguments as WebKitGTK takes them (`a{sv}`).
    static func arguments(_ arguments: [String: Any]) -> OpaquePointer? {
        let builder = g_variant_builder_new(today_variant_type_vardict())
        defer { g_variant_builder_unref(builder) }
        for (name, value) in arguments {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(name), g_variant_new_variant(variant(value))))
        }
        return g_variant_builder_end(builder)
    }

    private static func variant(_ value: Any) -> OpaquePointer? {
        switch value {
        case is NSNull: return today_variant_new_null()
        case let string as String: return g_variant_new_string(string)
        case let number as NSNumber where isBoolean(number): return g_variant_new_boolean(number.boolValue ? 1 : 0)
        case let number as NSNumber: return g_variant_new_double(number.doubleValue)
        case let date as Date: return g_variant_new_double(date.timeIntervalSince1970 * 1000)
        case let array as [Any]:
            let builder = g_variant_builder_new(today_variant_type_array_of_variants())
            defer { g_variant_builder_unref(builder) }
            for element in array { g_variant_builder_add_value(builder, g_variant_new_variant(variant(element))) }
            return g_variant_builder_end(builder)
        case let dictionary as [String: Any]: return arguments(dictionary)
        default: return today_variant_new_null()
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"  // swift-corelibs-foundation boxes only booleans as "c"
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
