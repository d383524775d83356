import Testing
@_spi(Adapters) import TodayBridge

/// The WebKit relays' texts (`relayedText` in `web/host/relay/document-relay.ts`), read as
/// the adapters read them: requests, and the notices by which a document's relay tells the host it
/// began or came back from the back-forward cache (with its facts from WebKitGTK's relay, with its
/// token alone from WKWebView's, whose facts are WebKit's frame info).
@Suite("C8 S4 the WebKit relays' texts")
struct RelayedTextTests {
    private func read(_ text: String) -> RelayedText? {
        Array(text.utf8).withUnsafeBytes { RelayedText($0) }
    }

    @Test("S4 a notice names its document's token and facts: began, or back from the back-forward cache")
    func s4Notices() throws {
        let began = try #require(read("42@https://app.example\nhttps://app.example/x\n^"))
        #expect(
            began.token == "42" && began.facts?.origin == "https://app.example"
                && began.facts?.url == "https://app.example/x")
        guard case .began = began.request else {
            Issue.record("not a beginning: \(began.request)")
            return
        }
        let restored = try #require(read("42@null\nhttps://app.example/x\n~"))
        #expect(restored.facts?.origin == "null")
        guard case .restored = restored.request else {
            Issue.record("not a restore: \(restored.request)")
            return
        }
        #expect(began.request.isNotice && restored.request.isNotice)
    }

    @Test("S4 WKWebView's relay tells a notice with its token alone")
    func s4NoticesWithoutFacts() throws {
        let began = try #require(read("42^"))
        #expect(began.token == "42" && began.facts == nil && began.request.isNotice)
        let restored = try #require(read("42~"))
        guard case .restored = restored.request else {
            Issue.record("not a restore: \(restored.request)")
            return
        }
    }

    @Test(
        "S4 C8 a notice with anything after its mark, or without a token, is no relayed text",
        arguments: ["42@o\nu\n^x", "42@o\nu\n~~", "^", "~", "42^x", "42@o\nu\n:^"])
    func s4MalformedNotices(_ text: String) {
        if let read = read(text) {
            #expect(!read.request.isNotice, "\(text) read as a notice")
        }
    }

    @Test("C8 a request is no notice")
    func c8Requests() throws {
        for text in ["7:{}", "7#12", "7", "7@o\nu\n:{}"] {
            #expect(try #require(read(text)).request.isNotice == false, "\(text)")
        }
    }

    @Test(
        "C1 C8 a WKWebView sub-frame's request reads without a token, never as a notice",
        arguments: [
            (":{\"type\":\"x\"}", "json"), ("#12", "tooLong"), ("", "undefined"), ("^", nil), ("~", nil), ("7:{}", nil),
            ("#", nil), ("#1e9", nil), ("x", nil),
        ] as [(String, String?)])
    func c1FrameRequests(_ text: String, _ expected: String?) {
        let request = Array(text.utf8).withUnsafeBytes { RelayedText.request($0) }
        let kind: String? =
            switch request {
            case .json?: "json"
            case .tooLong?: "tooLong"
            case .undefined?: "undefined"
            case .began?, .restored?, nil: nil
            }
        #expect(kind == expected, "\(text)")
    }
}
