/// A value written straight as a ``JSONValue``, without an `Encoder`: for the hot path of
/// built-in capabilities (``BuiltInCapability/writeResult(_:)``); ``JSONValueEncoder`` writes it
/// so too.
package protocol JSONValueWritable {
    var jsonValue: JSONValue { get }
}

extension Dictionary: JSONValueWritable where Key == String, Value == String {
    package var jsonValue: JSONValue { .object(mapValues(JSONValue.string)) }
}

extension JSONValue: JSONValueWritable {
    package var jsonValue: JSONValue { self }
}
