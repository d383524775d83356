import Foundation

extension JSONValue {
    /// Converts a message body as Apple's WebKit hands it over (`WKScriptMessage.body`).
    ///
    /// `NSNull`, booleans, numbers, strings, arrays and string-keyed dictionaries convert;
    /// a JavaScript `Date` arrives as `NSDate` and becomes its milliseconds since 1970, as
    /// `Date.prototype.valueOf` gives. Anything else makes the whole value `nil`.
    /// Nesting deeper than `maxDepth` makes the whole value `nil` (contract X7).
    public init?(foundationObject object: Any, maxDepth: Int = JSONLimits.default.maxDepth) {
        // Containers first: on Linux, casting a nested array to NSNumber or NSNull would first
        // bridge the whole structure.
        switch object {
        case let array as [Any]:
            guard maxDepth > 0 else { return nil }
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array {
                guard let value = JSONValue(foundationObject: element, maxDepth: maxDepth - 1) else { return nil }
                elements.append(value)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            guard maxDepth > 0 else { return nil }
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let value = JSONValue(foundationObject: element, maxDepth: maxDepth - 1) else { return nil }
                members[key] = value
            }
            self = .object(members)
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = Self.isBoolean(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        case let date as Date:
            self = .number((date.timeIntervalSince1970 * 1000).rounded())
        default:
            return nil
        }
    }

    /// The Foundation form a WebKit reply handler accepts.
    public var foundationObject: Any {
        switch self {
        case .null: NSNull()
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
