import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// Bytes as a value (B1–B4): read from a message's text in either form, decoded as `Data`, and
/// written back to the page as bytes.
@Suite("Bytes: a page's Uint8Array is the app's Data")
struct BytesTests {
    private struct Upload: Codable, Sendable {
        var name: String
        var data: Data
    }

    private static let sample = Data([0, 1, 2, 253, 254, 255])

    /// Sends JSON text with attachments from the main frame, as WebKitGTK's extension hands them over.
    private static func send(_ text: [UInt8], attachments: [Data], to host: BridgeTestHost) async -> BridgeReply {
        await withCheckedContinuation { continuation in
            text.withUnsafeBytes { bytes in
                host.connection.receive(
                    .json(utf8: bytes, attachments: attachments), from: host.senderFacts(for: .main),
                    reply: { continuation.resume(returning: $0) })
            }
        }
    }

    @Test("B1 a Data field reads bytes from the page, and Data answers, events and stream values reach it as bytes")
    func b1DataBothWays() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("upload", access: .mainFrame) { (request: Upload, _) in
            Upload(name: request.name + "!", data: request.data + Data([9]))
        }
        try host.bridge.registerStream("chunks", access: .mainFrame) { (_: JSONValue, _) in
            AsyncStream<Data> { continuation in
                continuation.yield(Data([1]))
                continuation.yield(Data([2, 3]))
                continuation.finish()
            }
        }
        let reply = await host.send(["type": "upload", "name": "a", "data": .bytes(Self.sample)])
        #expect(reply == .value(["name": "a!", "data": .bytes(Self.sample + Data([9]))]))
        let fromText = await host.send(json: #"{"type":"upload","name":"b","data":{"__today.bytes":"AAEC/f7/"}}"#)
        #expect(fromText.value?["data"] == .bytes(Self.sample + Data([9])))

        _ = await host.send(["type": "__today.subscribe", "event": "photo"])
        await host.connection.emit("photo", data: .bytes(Self.sample))
        #expect(host.deliveries.last?["data"] == .bytes(Self.sample))

        _ = await host.openStream("chunks", id: "s")
        await host.settleWork()
        #expect(host.stream("s").values == [.bytes(Data([1])), .bytes(Data([2, 3]))])
        try await host.finish()
    }

    @Test("B1 Data reads only bytes: a string or an array of numbers in its place is a type mismatch")
    func b1DataIsStrict() throws {
        for value: JSONValue in [["name": "a", "data": "AAEC"], ["name": "a", "data": [0, 1, 2]]] {
            #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Upload.self, from: value) }
        }
        let encoded = try JSONValueEncoder().encode(Upload(name: "a", data: Self.sample))
        #expect(encoded == ["name": "a", "data": .bytes(Self.sample)])
    }

    @Test("B2 in text, bytes are one member: their base64, or the index of their attachment")
    func b2TextForms() throws {
        let value: JSONValue = ["a": .bytes(Self.sample), "b": [.bytes(Data()), .bytes(Data([7]))]]
        #expect(
            value.jsonString
                == #"{"a":{"__today.bytes":"AAEC/f7/"},"b":[{"__today.bytes":""},{"__today.bytes":"Bw=="}]}"#)
        #expect(try JSONValue(parsing: value.jsonString) == value)

        let (text, attachments) = value.jsonUTF8AttachingBytes
        #expect(
            String(decoding: text, as: UTF8.self)
                == #"{"a":{"__today.bytes":0},"b":[{"__today.bytes":1},{"__today.bytes":2}]}"#)
        #expect(attachments == [Self.sample, Data(), Data([7])])
        #expect(try JSONValue(parsing: String(decoding: text, as: UTF8.self), attachments: attachments) == value)
    }

    @Test("B2 a message's attachments reach the capability as its bytes")
    func b2AttachedMessage() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("size", access: .mainFrame) { (request: Upload, _) in request.data.count }
        let text = Array(#"{"type":"size","name":"a","data":{"__today.bytes":0}}"#.utf8)
        let reply = await Self.send(text, attachments: [Data(count: 1000)], to: host)
        #expect(reply == .value(1000))
        try await host.finish()
    }

    @Test(
        "B3 bytes that cannot be read make the text unreadable: not base64, no such attachment, a second member, not an index"
    )
    func b3UnreadableBytes() async throws {
        let unreadable = [
            #"{"__today.bytes":"not base64!"}"#, #"{"__today.bytes":0}"#, #"{"__today.bytes":"AA==","x":1}"#,
            #"{"__today.bytes":1.5}"#, #"{"__today.bytes":-1}"#, #"{"__today.bytes":null}"#, #"{"__today.bytes":{}}"#,
        ]
        for text in unreadable {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONValue(parsing: "[" + text + "]") }
        }
        let host = Fixtures.trustedHost()
        try host.bridge.register("upload", access: .mainFrame) { (request: Upload, _) in request.name }
        let diagnostics = host.bridge.diagnostics()
        var reply = BridgeReply.rejection("unset")
        let seen = await Fixtures.collect(diagnostics) {
            reply = await host.send(json: #"{"type":"upload","name":"a","data":{"__today.bytes":"%%"}}"#)
        }
        #expect(reply == .undefined)
        #expect(seen.map(\.code) == [.undecodableMessage])
        try await host.finish()
    }

    @Test("B4 a message's size counts its attachments with its text")
    func b4LimitsCountBytes() async throws {
        let text = Array(#"{"type":"size","data":{"__today.bytes":0}}"#.utf8)
        let limits = JSONLimits(maxBytes: 1024, maxDepth: 8)
        try text.withUnsafeBytes { bytes in
            _ = try JSONValue(parsing: bytes, limits: limits, attachments: [Data(count: 1024 - text.count)])
            #expect(throws: JSONParseError(code: .tooLarge, offset: 0)) {
                try JSONValue(parsing: bytes, limits: limits, attachments: [Data(count: 1025 - text.count)])
            }
        }
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxMessageBytes: 1024))
        try host.bridge.register("size", access: .mainFrame) { (request: Upload, _) in request.data.count }
        let reply = await Self.send(text, attachments: [Data(count: 1024)], to: host)
        #expect(reply == .undefined)
        try await host.finish()
    }
}
