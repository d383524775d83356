import Foundation
import Testing
@_spi(Adapters) @testable import TodayBridge
import TodayBridgeTesting

/// The one way in (`BridgeConnection.receive(_:from:reply:)`) and its reply handle.
@Suite("C5 X7 C8 one way in")
struct OneWayInTests {
    /// Calls the entry and returns what it answered before returning (nothing, for a call that runs).
    private func answeredAtOnce(
        _ message: PageMessage, host: BridgeTestHost, frame: BridgeTestHost.Frame = .main
    ) -> [BridgeReply] {
        let answers = Locked<[BridgeReply]>([])
        host.connection.receive(message, from: host.senderFacts(for: frame)) { reply in
            answers.withLock { $0.append(reply) }
        }
        return answers.withLock { $0 }
    }

    @Test(
        "C3 X7 what cannot be read, an unknown type and a denied sender are answered undefined before receive returns")
    func c3AnsweredAtOnce() async throws {
        let host = Fixtures.trustedHost()
        #expect(answeredAtOnce(.json("not json"), host: host) == [.undefined])
        #expect(answeredAtOnce(.unusable("no JSON form"), host: host) == [.undefined])
        #expect(answeredAtOnce(.value(nil), host: host) == [.undefined])
        #expect(answeredAtOnce(.value(["type": "nope"]), host: host) == [.undefined])
        #expect(
            answeredAtOnce(.value(["type": "headers"]), host: host, frame: .subFrame(origin: "https://ads.example"))
                == [.undefined])
        #expect(answeredAtOnce(.value(["type": "headers"]), host: host).isEmpty)  // runs, answers later
        try await host.finish()
    }

    @Test(
        "X7 every form of message is held to the size limit before or while it is converted",
        arguments: [
            PageMessageForm.text, .utf8, .converted,
        ])
    func x7SizeBeforeConversion(form: PageMessageForm) async {
        let host = BridgeTestHost(limits: BridgeLimits(maxMessageBytes: 1_000, maxDepth: 8))
        try? host.bridge.register("echo", access: .anyFrame) { (message: JSONValue, _) in message }
        host.load("https://a.example/")
        let diagnostics = host.bridge.diagnostics()
        let small = String(repeating: "x", count: 900), large = String(repeating: "x", count: 1_001)
        #expect(
            await form.send(["type": "echo", "text": .string(small)], to: host)
                == .value(["type": "echo", "text": .string(small)]))
        let seen = await Fixtures.collect(diagnostics) {
            #expect(await form.send(["type": "echo", "text": .string(large)], to: host) == .undefined)
        }
        #expect(seen.map(\.code) == [.undecodableMessage])
    }

    @Test(
        "X7 a length a page script reports is any number: past the limit or past Int refused unread, NaN or negative read as zero"
    )
    func x7JavaScriptLength() async throws {
        let host = BridgeTestHost(limits: BridgeLimits(maxMessageBytes: 1_000, maxDepth: 8))
        try? host.bridge.register("echo", access: .anyFrame) { (message: JSONValue, _) in message }
        host.load("https://a.example/")
        let text = #"{"type":"echo"}"#
        var reads = 0
        func message(length: Double) -> PageMessage {
            .json(javaScriptLength: length) { body in
                reads += 1
                text.utf8CString.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
            }
        }
        for length in [1_001, 1e300, .infinity] {
            #expect(answeredAtOnce(message(length: length), host: host) == [.undefined])
        }
        #expect(reads == 0)
        for length in [.nan, -.infinity, -5, 0, Double(text.utf16.count)] {
            #expect(answeredAtOnce(message(length: length), host: host).isEmpty)  // read, and the echo runs
        }
        #expect(reads == 5)
        try await host.finish()
    }

    @Test(
        "C3 C8 a message before the first navigation commits (no main document URL) is answered: track undefined, headers without Authorization"
    )
    func c8MessageBeforeFirstCommit() async throws {
        let host = BridgeTestHost(surfaces: [Fixtures.feedSurface()])
        #expect(host.url == nil)
        #expect(await host.send(["type": "track", "ename": "early"]) == .undefined)
        #expect(await host.send(["type": "headers"]) == .value([:]))
        #expect(
            await host.connection.reply(to: .value(["type": "headers"]), from: .unidentifiedFrame(mainDocumentURL: nil))
                == .undefined)
        #expect(host.tokens.refreshCount == 0)
        // The first commit brings the surface: the same sender is trusted from then on, and not after the URL is gone.
        host.load(Fixtures.trustedPage)
        #expect(await host.send(["type": "headers"]).value?["Authorization"] == "Bearer token-0")
        #expect(
            await host.connection.reply(
                to: .value(["type": "headers"]),
                from: SenderFacts(isMainFrame: true, frameOrigin: nil, mainDocumentURL: nil)) == .value([:]))
        try await host.finish()
    }

    @Test("C8 S4 the core stamps each message with the document current when it arrives")
    func s4CoreStampsDocument() async throws {
        let host = Fixtures.trustedHost()
        let seen = Locked<[DocumentID]>([])
        try host.bridge.register("whichDocument", access: .anyFrame) { (_: JSONValue, context: CapabilityContext) in
            seen.withLock { $0.append(context.document) }
            return NoResult()
        }
        _ = await host.send(["type": "whichDocument"])
        let second = host.load(Fixtures.trustedPage)
        _ = await host.send(["type": "whichDocument"])
        #expect(seen.withLock { $0 }.last == second)
        #expect(seen.withLock { $0 }.count == 2 && seen.withLock { $0 }[0] != second)
        try await host.finish()
    }

    /// A message's arrival from the host's main frame, as the connection stamps it.
    private static func arrival(at host: BridgeTestHost) -> MessageArrival {
        MessageArrival(
            bridge: host.bridge, webView: host.connection.webViewID, document: host.connection.currentDocument,
            sender: host.senderFacts(), trust: host.bridge.policy.evaluate(host.senderFacts())
        )
    }

    @Test("C5 a reply handle answers once: a second answer is dropped and reported")
    func c5SecondAnswer() async throws {
        let host = Fixtures.trustedHost()
        let diagnostics = host.bridge.diagnostics()
        let answers = Locked<[BridgeReply]>([])
        let reply = PageReply(arrival: Self.arrival(at: host)) { reply in
            answers.withLock { $0.append(reply) }
        }
        let seen = await Fixtures.collect(diagnostics) {
            reply.settle(.resolved(1), type: "x")
            reply.settle(.resolved(2), type: "x")
        }
        #expect(answers.withLock { $0 } == [.value(1)])
        #expect(seen.map(\.code) == [.duplicateReply])
        try await host.finish()
    }

    @Test("C5 a reply handle dropped unanswered answers undefined and is reported")
    func c5DroppedHandle() async throws {
        let host = Fixtures.trustedHost()
        let diagnostics = host.bridge.diagnostics()
        let answers = Locked<[BridgeReply]>([])
        let seen = await Fixtures.collect(diagnostics) {
            _ = PageReply(arrival: Self.arrival(at: host)) { reply in
                answers.withLock { $0.append(reply) }
            }
        }
        #expect(answers.withLock { $0 } == [.undefined])
        #expect(seen.map(\.code) == [.droppedReply])
        try await host.finish()
    }
}

/// The forms an engine hands a message over in.
enum PageMessageForm: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case text, utf8, converted

    var testDescription: String { rawValue }

    func send(_ message: JSONValue, to host: BridgeTestHost) async -> BridgeReply {
        let facts = host.senderFacts()
        switch self {
        case .text:
            return await host.connection.reply(to: .json(message.jsonString), from: facts)
        case .utf8:
            let bytes = Array(message.jsonString.utf8)
            return await withCheckedContinuation { continuation in
                bytes.withUnsafeBytes {
                    host.connection.receive(.json(utf8: $0), from: facts) { continuation.resume(returning: $0) }
                }
            }
        case .converted:
            // An engine's own form, converted within the limits the core gives (WebKit's Foundation
            // bodies are: `TodayBridgeWebKit`'s `JSONFoundationTests`).
            let text = message.jsonString
            return await host.connection.reply(
                to: .converted { limits throws(JSONParseError) in try JSONValue(parsing: text, limits: limits) },
                from: facts)
        }
    }
}
