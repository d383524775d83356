import Foundation
import Testing
@_spi(Adapters) @testable import TodayBridge
import TodayBridgeTesting

@Suite("A1, A2: the id-correlated string transport")
struct StringTransportTests {
    /// The reply text's JSON, or `nil` when the transport answered nothing.
    private func reply(
        _ request: String, from frame: BridgeTestHost.Frame = .main, host: BridgeTestHost
    ) async throws -> JSONValue? {
        let answers = Locked<[String]>([])
        StringTransport(connection: host.connection).receive(request, from: host.senderFacts(for: frame)) { text in
            answers.withLock { $0.append(text) }
        }
        await Fixtures.settle { !answers.withLock(\.isEmpty) && host.connection.pendingCallCount == 0 }
        let texts = answers.withLock { $0 }
        #expect(texts.count <= 1, "answered more than once: \(texts)")
        return try texts.first.map { try JSONValue(parsing: $0) }
    }

    /// The envelope of a request's text, read as the transport reads it.
    private func read(_ text: String, limits: JSONLimits) throws -> StringTransportEnvelope {
        try read(Array(text.utf8), limits: limits)
    }

    private func read(_ utf8: [UInt8], limits: JSONLimits) throws -> StringTransportEnvelope {
        try utf8.withUnsafeBufferPointer { try StringTransportEnvelope(parsing: $0, limits: limits) }
    }

    @Test(
        "A1 request bytes are read as the string they would make: ill-formed UTF-8 in a string repaired, elsewhere refused"
    )
    func a1IllFormedBytes() async throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 10)
        let inString = Array(#"{"id":1,"message":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8)
        #expect(try read(inString, limits: limits).message?.jsonValue == .string("a\u{FFFD}b"))
        let repaired = try JSONValue(parsing: String(decoding: inString, as: UTF8.self))
        #expect(try read(inString, limits: limits).message?.jsonValue == repaired["message"])
        let outside = Array(#"{"id":1,"message":1"#.utf8) + [0xFF] + Array("}".utf8)
        #expect(throws: JSONParseError.self) { try read(outside, limits: limits) }

        let host = Fixtures.trustedHost()
        let answers = Locked<[String]>([])
        let request = Array(#"{"id":9,"message":{"type":"nope"#.utf8) + [0xC3] + Array(#""}}"#.utf8)
        request.withUnsafeBufferPointer { bytes in
            StringTransport(connection: host.connection).receive(utf8: bytes, from: host.senderFacts(for: .main)) {
                text in
                answers.withLock { $0.append(String(decoding: text, as: UTF8.self)) }
            }
        }
        await Fixtures.settle { !answers.withLock(\.isEmpty) }
        #expect(answers.withLock { $0 } == [#"{"id":9}"#])
        try await host.finish()
    }

    @Test("A2 a value comes back as { id, value } with the request's id")
    func a2Value() async throws {
        let host = Fixtures.trustedHost()
        let answer = try await reply(#"{"id":7,"message":{"type":"refreshToken"}}"#, host: host)
        #expect(answer == ["id": 7, "value": ["authorization": "Bearer token-1"]])
        try await host.finish()
    }

    @Test("A2 undefined comes back as { id } without a value")
    func a2Undefined() async throws {
        let host = Fixtures.trustedHost()
        #expect(try await reply(#"{"id":3,"message":{"type":"nope"}}"#, host: host) == ["id": 3])
        #expect(try await reply(#"{"id":8,"message":{"type":"track","ename":"opened"}}"#, host: host) == ["id": 8])
        #expect(try await reply(#"{"id":9}"#, host: host) == ["id": 9])
        try await host.finish()
    }

    @Test("A2 a rejection comes back as { id, error } with the structured reason")
    func a2Error() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("pay", access: .anyFrame) { (_: Empty, _) -> Empty in
            throw BridgeError(code: "declined", message: "card declined", recoverable: true)
        }
        let answer = try #require(try await reply(#"{"id":1,"message":{"type":"pay"}}"#, host: host))
        #expect(answer["id"] == 1)
        let reason = try #require(answer["error"]?.stringValue)
        #expect(reason.hasPrefix(WireProtocol.errorPrefix))
        #expect(reason.contains(#""code":"declined""#))
        try await host.finish()
    }

    @Test("A1 T1 a request without an id is a notification: dispatched, never answered, no diagnostic")
    func a1Notification() async throws {
        let host = Fixtures.trustedHost()
        let diagnostics = host.bridge.diagnostics()
        var answer: JSONValue??
        let seen = await Fixtures.collect(diagnostics) {
            answer = try? await reply(#"{"message":{"type":"track","ename":"from_frame"}}"#, host: host)
        }
        #expect(answer == .some(nil))
        #expect(seen.isEmpty)
        #expect(await host.recordedEvents().map(\.name) == ["from_frame"])
        try await host.finish()
    }

    @Test("A1 A2 the empty text, the shim's notice of a new main document, is no request: no answer, no diagnostic")
    func a1DocumentNotice() async throws {
        let host = Fixtures.trustedHost()
        let diagnostics = host.bridge.diagnostics()
        var answer: JSONValue??
        let seen = await Fixtures.collect(diagnostics) { answer = try? await reply("", host: host) }
        #expect(answer == .some(nil))
        #expect(seen.isEmpty)
        try await host.finish()
    }

    @Test(
        "A2 a request with an id that is not a number, or that is not a request, gets no answer and a diagnostic",
        arguments: [
            #"{"id":"a","message":{"type":"headers"}}"#, #"{"id":true,"message":{"type":"headers"}}"#,
            #"{"id":{"x":1},"message":{"type":"headers"}}"#, #"[1,2]"#, "not json", " ",
        ])
    func a2NoID(request: String) async throws {
        let host = Fixtures.trustedHost()
        let diagnostics = host.bridge.diagnostics()
        var answer: JSONValue??
        let seen = await Fixtures.collect(diagnostics) { answer = try? await reply(request, host: host) }
        #expect(answer == .some(nil))
        #expect(seen.map(\.code) == [.undecodableMessage])
    }

    @Test(
        "A2 X7 C5 a request over the size or depth limit, or cut short, is still answered undefined by its id",
        arguments: [
            #"{"id":12,"message":{"type":"echo","text":""# + String(repeating: "x", count: 9 << 20) + #""}}"#,
            #"{"id":13,"message":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
                + "}",
            #"{"id":14,"message":{"type":"#,
        ])
    func a2OverLimit(request: String) async throws {
        let host = Fixtures.trustedHost()
        let diagnostics = host.bridge.diagnostics()
        var answer: JSONValue??
        let seen = await Fixtures.collect(diagnostics) { answer = try? await reply(request, host: host) }
        let id = try #require(StringTransport.leadingID(of: request.utf8))
        #expect(answer == .some(["id": .number(id)]))
        #expect(seen.map(\.code) == [.undecodableMessage])
    }

    @Test("X7 A1 a request carrying only the length of a message too long to carry is refused by that length")
    func x7LengthOnly() async throws {
        let host = Fixtures.trustedHost(limits: BridgeLimits(maxMessageBytes: 1_000))
        let diagnostics = host.bridge.diagnostics()
        var answer: JSONValue??
        let seen = await Fixtures.collect(diagnostics) {
            answer = try? await reply(#"{"id":5,"length":67108864}"#, host: host)
        }
        #expect(answer == .some(["id": 5]))
        #expect(seen.map(\.code) == [.undecodableMessage])
        #expect(seen.first?.message.contains("larger than the limit") == true)
        try await host.finish()
    }

    @Test("A1 a sub-frame speaking the string protocol gets no credential (S1)")
    func a1SubFrame() async throws {
        let host = Fixtures.trustedHost()
        let frame = BridgeTestHost.Frame.subFrame(
            origin: "https://trusted.example.com", url: "https://trusted.example.com/app/frame")
        #expect(try await reply(#"{"id":1,"message":{"type":"headers"}}"#, from: frame, host: host) == ["id": 1])
        #expect(try await reply(#"{"id":2,"message":{"type":"refreshToken"}}"#, from: frame, host: host) == ["id": 2])
        #expect(host.tokens.refreshCount == 0)
        try await host.finish()
    }

    @Test("A1 a reply for evaluateJavascript-only hosts is the built page-event.ts dispatching the reply text")
    func a1ReplyScript() {
        let delivery = PageDelivery.stringTransportReply("{\"id\":1,\"value\":\"\u{2028}\"}")
        #expect(delivery.eventName == WireProtocol.stringReplyEvent)
        #expect(delivery.script.hasPrefix("(" + HostScript.pageEvent.source + ")("))
        #expect(!delivery.script.contains("\u{2028}"))
    }

    @Test(
        "A1 A2 the envelope is read field by field exactly as its Decodable conformance reads it",
        arguments: [
            #"{"id":1,"message":{"type":"track","parameters":{"a":1}}}"#, #"{"message":{"type":"track"}}"#,
            #"{"id":null,"message":null}"#, #"{"id":2}"#, #"{"id":3,"length":70000000}"#,
            #"{"id":4,"id":5,"message":1,"message":[2]}"#,
            #" { "extra" : {"id":9} , "id" : 6.5 , "message" : "text" } "#, #"{}"#, #"{"id":"7","message":{}}"#,
            #"{"length":true}"#, #"[1]"#, #""text""#, #"{"id":1,"message":{"type":"#, #"{"id":1}x"#,
            #"{"\u0069d":8,"mess\u0061ge":[1],"id\u0000":9}"#,
            #"{"id":1,"message":{"type":"a","type":"b","n":{"x":1,"x":2}}}"#,
            "{\"idx\":1,\"i\":2,\"message\u{2028}\":3,\"message\":\"é\"}", "{\"id\u{1}\":1}",
        ])
    func a1a2EnvelopeReading(text: String) throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 10)
        let decoded = Result {
            try JSONValueDecoder().decode(StringTransportRequest.self, from: JSONValue(parsing: text, limits: limits))
        }
        let read = Result { try self.read(text, limits: limits) }
        switch (decoded, read) {
        case (.success(let decoded), .success(let read)):
            #expect(read.id == decoded.id)
            #expect(read.message?.jsonValue == decoded.message)
            #expect(read.length == decoded.length)
        case (.failure, .failure): break
        default: Issue.record("decoded \(decoded), read \(read)")
        }
    }

    @Test("A1 A2 the envelope keeps its level within the depth limit: one more than the message's")
    func a1a2EnvelopeDepth() throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: 3)
        #expect(throws: JSONParseError.self) { try read(#"{"id":1,"message":[[[1]]]}"#, limits: limits) }
        #expect(try read(#"{"id":1,"message":[[1]]}"#, limits: limits).message?.jsonValue == [[1]])
    }

    @Test(
        "A1 A2 a reply's text is the sorted-key JSON of its fields, written without building them",
        arguments: [
            BridgeReply.value(nil), .value(.null), .value(["b": 1, "a": ["z": true, "y": "\u{2028}"]]),
            .value([1, "two"]),
            .rejection("no \"way\""), .rejection(""),
        ])
    func a1a2ReplyText(reply: BridgeReply) {
        for id in [0, 7, 1.5, -3, 1e20] {
            let fields = StringTransportReply(id: id, reply: reply)
            var object: [String: JSONValue] = ["id": .number(id)]
            object["value"] = fields.value
            object["error"] = fields.error.map(JSONValue.string)
            #expect(fields.utf8 == JSONValue.object(object).jsonUTF8)
        }
    }

    /// The reply text's JSON and its attachments, in the attachments form, for `request` after `attachments`.
    private func replyAttaching(
        _ request: String, after attachments: [Data], host: BridgeTestHost
    ) async throws -> (JSONValue, [Data])? {
        let answers = Locked<[([UInt8], [Data])]>([])
        Array(request.utf8).withUnsafeBufferPointer { bytes in
            StringTransport(connection: host.connection).receive(
                utf8: bytes, attachments: attachments, from: host.senderFacts(for: .main)
            ) { text, attachments in answers.withLock { $0.append((text, attachments)) } }
        }
        await Fixtures.settle { !answers.withLock(\.isEmpty) && host.connection.pendingCallCount == 0 }
        let replies = answers.withLock { $0 }
        #expect(replies.count <= 1, "answered more than once")
        return try replies.first.map {
            (try JSONValue(parsing: String(decoding: $0.0, as: UTF8.self), attachments: $0.1), $0.1)
        }
    }

    private struct Blob: Codable, Sendable {
        let data: Data
    }

    @Test(
        "B2 A1 in the attachments form a request's bytes are the ones carried before it, and the answer's go beside it")
    func b2Attachments() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("echo", access: .anyFrame) { (request: Blob, _) in request }
        let echoed = try #require(
            try await replyAttaching(
                #"{"id":1,"attachments":2,"message":{"type":"echo","data":{"__today.bytes":1}}}"#,
                after: [Data([9]), Data([1, 2, 3])], host: host))
        #expect(echoed.0 == ["id": 1, "value": ["data": .bytes(Data([1, 2, 3]))]])
        #expect(echoed.1 == [Data([1, 2, 3])])
        // Base64 still reads in this form.
        let base64 = try #require(
            try await replyAttaching(
                #"{"id":2,"message":{"type":"echo","data":{"__today.bytes":"AQI="}}}"#, after: [], host: host))
        #expect(base64.1 == [Data([1, 2])])
        try await host.finish()
    }

    @Test(
        "B2 B3 in the attachments form a request whose count is not the number carried is refused; one that names none is read without them"
    )
    func b2AttachmentsMismatch() async throws {
        let host = Fixtures.trustedHost()
        try host.bridge.register("echo", access: .anyFrame) { (request: Blob, _) in request }
        let diagnostics = host.bridge.diagnostics()
        var answers: [(JSONValue, [Data])?] = []
        let seen = await Fixtures.collect(diagnostics) {
            // One more than it names, one fewer, and none where it names one.
            answers.append(
                try? await replyAttaching(
                    #"{"id":1,"attachments":1,"message":{"type":"echo","data":{"__today.bytes":0}}}"#,
                    after: [Data([7]), Data([1])], host: host))
            answers.append(
                try? await replyAttaching(
                    #"{"id":2,"attachments":2,"message":{"type":"echo","data":{"__today.bytes":0}}}"#,
                    after: [Data([1])], host: host))
            answers.append(
                try? await replyAttaching(
                    #"{"id":3,"attachments":1,"message":{"type":"echo","data":{"__today.bytes":0}}}"#, after: [],
                    host: host))
            // Strays before a text that names none: dropped; an index in it names nothing.
            answers.append(
                try? await replyAttaching(
                    #"{"id":4,"message":{"type":"echo","data":{"__today.bytes":0}}}"#, after: [Data([7])], host: host))
            answers.append(
                try? await replyAttaching(
                    #"{"id":5,"message":{"type":"echo","data":{"__today.bytes":"AQI="}}}"#, after: [Data([7])],
                    host: host))
        }
        #expect(
            answers.map { $0?.0 } == [
                ["id": 1], ["id": 2], ["id": 3], ["id": 4], ["id": 5, "value": ["data": .bytes(Data([1, 2]))]],
            ])
        #expect(answers.map { $0?.1 } == [[], [], [], [], [Data([1, 2])]])
        #expect(seen.filter { $0.message.contains("ArrayBuffers before a request that names none") }.count == 2)
        #expect(seen.filter { $0.message.contains("came before it") }.count == 2)
        try await host.finish()
    }
}
