#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes `Encodable` types straight into a ``JSONValue``, without going through text.
///
/// A ``JSONValueAnswer`` encodes as its answer (``NoResult`` as `nil`, `undefined`); a
/// ``JSONValueWritable`` as its value; a `URL` as its absolute string; a `Date` as milliseconds
/// since 1970, what a page's `new Date(value)` takes; `Data` as bytes, a page's `Uint8Array` (B1).
@_spi(Adapters) public struct JSONValueEncoder {
    @_spi(Adapters) public init() {}

    @_spi(Adapters) public func encode<T: Encodable>(_ value: T) throws -> JSONValue? {
        if let answer = value as? any JSONValueAnswer { return answer.answer }
        return try Node.encode(value, codingPath: [])
    }

    /// A value under construction: the encoder writes into it, containers share it.
    final class Node: Encoder {
        var value: JSONValue? {
            didSet { if let value { writeBack?(value) } }
        }
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        /// A nested container's node writes its value back into its parent as it changes.
        private let writeBack: ((JSONValue) -> Void)?

        init(codingPath: [any CodingKey], writeBack: ((JSONValue) -> Void)? = nil) {
            self.codingPath = codingPath
            self.writeBack = writeBack
        }

        /// A node whose value is the member `key` of this object.
        func child(key: String, codingPath: [any CodingKey]) -> Node {
            Node(codingPath: codingPath) { [self] in set($0, forKey: key) }
        }

        /// A node whose value is a new last element of this array.
        func appendedChild() -> Node {
            let index = value?.arrayValue?.count ?? 0
            append(.null)
            return Node(codingPath: codingPath + [IndexKey(intValue: index)]) { [self] element in
                guard case .array(var elements) = value, elements.indices.contains(index) else { return }
                value = nil
                elements[index] = element
                value = .array(elements)
            }
        }

        static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
            switch value {
            case let json as JSONValue: return json
            case let url as URL: return .string(url.absoluteString)
            case let date as Date: return .number((date.timeIntervalSince1970 * 1000).rounded())
            case let bytes as Data: return .bytes(bytes)
            // Written without the Codable machinery, as its `Encodable` conformance would be.
            case let writable as any JSONValueWritable: return writable.jsonValue
            default:
                let node = Node(codingPath: codingPath)
                try value.encode(to: node)
                return node.value ?? .object([:])
            }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if value?.objectValue == nil { value = .object([:]) }
            return KeyedEncodingContainer(KeyedContainer(node: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if value?.arrayValue == nil { value = .array([]) }
            return UnkeyedContainer(node: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: self)
        }

        func set(_ member: JSONValue, forKey key: String) {
            guard case .object(var members) = value else { return }
            value = nil  // keeps `members` uniquely referenced while it changes
            members[key] = member
            value = .object(members)
        }

        func append(_ element: JSONValue) {
            guard case .array(var elements) = value else { return }
            value = nil
            elements.append(element)
            value = .array(elements)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        mutating func encodeNil(forKey key: Key) throws { node.set(.null, forKey: key.stringValue) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            node.set(try Node.encode(value, codingPath: codingPath + [key]), forKey: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            node.child(key: key.stringValue, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            node.child(key: key.stringValue, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { node.child(key: "super", codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            node.child(key: key.stringValue, codingPath: codingPath + [key])
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }
        var count: Int { node.value?.arrayValue?.count ?? 0 }

        mutating func encodeNil() throws { node.append(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            node.append(try Node.encode(value, codingPath: codingPath + [IndexKey(intValue: count)]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            node.appendedChild().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            node.appendedChild().unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { node.appendedChild() }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        mutating func encodeNil() throws { node.value = .null }
        mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
        mutating func encode(_ value: String) throws { node.value = .string(value) }
        mutating func encode(_ value: Double) throws { node.value = .number(value) }
        mutating func encode(_ value: Float) throws { node.value = .number(Double(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if let integer = value as? any BinaryInteger {
                node.value = .number(Double(integer))
            } else {
                node.value = try Node.encode(value, codingPath: codingPath)
            }
        }
    }
}
