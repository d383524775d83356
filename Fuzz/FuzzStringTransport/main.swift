import Foundation
import FuzzSupport
import Synchronization
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

// The string transport's framing (A1, A2, C5, X7): any text, as a string-only host hands it over,
// from the trusted main frame. It is answered at most once; a request the shim could have written
// (`{"id":N,...`) is answered exactly once, by its id, with `{"id":N}`, `{"id":N,"value":...}` or
// `{"id":N,"error":"..."}`, however the rest is broken; a notification (no id) never is.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringTransport(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = Fuzz.text(start, count)
    // The request as the transport reads it: whole, within the limits plus its envelope, or else
    // by the id it starts with.
    let whole = (try? JSONValue(parsing: text, limits: JSONLimits(maxBytes: 1024 + 64, maxDepth: 6 + 1)))
        .flatMap { try? JSONValueDecoder().decode(StringTransportRequest.self, from: $0) }
    let id = whole.map(\.id) ?? StringTransport.leadingID(of: text.utf8)
    let replies = Fuzz.runBlocking {
        let host = BridgeTestHost(
            // a valid literal rule
            surfaces: [try! TrustedSurface(name: "feed", origins: ["https://trusted.example.com"])],
            limits: BridgeLimits(maxMessageBytes: 1024, maxDepth: 6, defaultDeadline: 5),
            clock: SystemBridgeClock()  // a deadline on a manual clock nobody advances keeps its host alive (a leak)
        )
        host.load("https://trusted.example.com/app/")
        let replies = Replies()
        StringTransport(connection: host.connection).receive(text, from: host.senderFacts()) { reply in
            replies.list.withLock { $0.append(reply) }
        }
        for _ in 0..<20 { await Task.yield() }
        // Closing settles every call still pending, at once (C5); a call that finished just before
        // may still be handing its reply over on another thread, so a request waits for its reply
        // (bounded), then a little longer for a second one that must never come.
        host.connection.close()
        if id != nil { _ = await Fuzz.eventually { !replies.list.withLock(\.isEmpty) } }
        for _ in 0..<20 { await Task.yield() }
        return replies.list.withLock { $0 }
    }
    Fuzz.check(replies.count <= 1, "C5: \(replies.count) replies to one request")
    if let whole, whole.id == nil {
        Fuzz.check(replies.isEmpty, "A2: a notification was answered: \(replies)")
    }
    guard let reply = replies.first else {
        Fuzz.check(id == nil, "A1 C5: a request with id \(String(describing: id)) was never answered")
        return 0
    }
    let answer = try? JSONValue(parsing: reply)
    Fuzz.check(
        answer?["id"]?.doubleValue == id,
        "A1: the reply \(reply) does not carry the request's id \(String(describing: id))")
    let keys = Set(answer?.objectValue?.keys.map { $0 } ?? [])
    Fuzz.check(
        keys == ["id"] || keys == ["id", "value"] || keys == ["id", "error"], "A1: the reply \(reply) is no reply")
    return 0
}

Fuzz.main(fuzzStringTransport)

/// What the transport answered one request, from whichever thread answered.
final class Replies: Sendable {
    let list = Mutex<[String]>([])
}
