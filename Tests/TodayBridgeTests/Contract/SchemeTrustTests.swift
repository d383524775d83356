import Foundation
import Testing
@_spi(Adapters) import TodayBridge
import TodayBridgeTesting

/// Which schemes hold a credential (S3), and what `*` covers (S2), with the real policy behind a
/// test host: pages of an app's own scheme, `file:` pages and documents with no origin of their own.
@Suite("Section 2: schemes and opaque documents on trusted surfaces")
struct SchemeTrustTests {
    static func host(trusting origins: [String]) -> BridgeTestHost {
        BridgeTestHost(surfaces: [
            try! TrustedSurface(name: "app", origins: origins, extraHeaders: ["X-Client": "today-test"])
        ])
    }

    @Test(
        "S3 a page of the app's own scheme that a surface names gets headers and refreshToken",
        arguments: [
            "myapp://app/index.html", "myapp://other-host/index.html", "MyApp://APP/index.html",
        ])
    func s3NamedAppScheme(url: String) async {
        let host = Self.host(trusting: ["myapp://"])
        host.load(url)
        #expect(
            await host.send(["type": "headers"])
                == .value(["X-Client": "today-test", "Authorization": "Bearer token-0"]))
        #expect(await host.send(["type": "refreshToken"]) == .value(["authorization": "Bearer token-1"]))
    }

    @Test(
        "S3 T4 establishSession on the app's own scheme resolves { ok: false } and mints nothing: the cookie is for an https host"
    )
    func s3AppSchemeMintsNoCookie() async throws {
        let host = Self.host(trusting: ["myapp://"])
        host.load("myapp://app/index.html")
        #expect(await host.send(["type": "establishSession"]) == .value(["ok": false]))
        #expect(host.webView.cookies.isEmpty)
        try await host.finish()
    }

    @Test(
        "S3 the app's own scheme reached only through * is on the surface but gets no credential; https through * does",
        arguments: [
            ("myapp://app/index.html", false), ("https://any.example/x", true),
        ])
    func s3StarDoesNotNameAppScheme(url: String, credential: Bool) async {
        let host = Self.host(trusting: ["*"])
        host.load(url)
        let headers = await host.send(["type": "headers"])
        #expect(headers.value?["X-Client"] == "today-test")
        #expect((headers.value?["Authorization"] != nil) == credential)
        #expect((await host.send(["type": "refreshToken"]) != .undefined) == credential)
    }

    @Test(
        "S3 another scheme than the one named, file: and http pages get no credential, even when a rule names them",
        arguments: [
            ("otherapp://app/index.html", ["myapp://"], false),
            ("file:///sdcard/index.html", ["file://"], true),
            ("file://localhost/index.html", ["file://", "*"], true),
            ("http://trusted.example.com/x", ["http://trusted.example.com"], true),
        ])
    func s3NoCredentialOutsideHttpsAndNamedAppScheme(url: String, rules: [String], onSurface: Bool) async {
        let host = Self.host(trusting: rules)
        host.load(url)
        #expect(await host.send(["type": "headers"]) == .value(onSurface ? ["X-Client": "today-test"] : [:]))
        #expect(await host.send(["type": "refreshToken"]) == .undefined)
        #expect(await host.send(["type": "establishSession"]) == .undefined)
        #expect(host.tokens.refreshCount == 0)
    }

    static let opaqueDocuments = [
        "about:blank", "about:srcdoc", "data:text/html,<p>hi</p>",
        "blob:https://trusted.example.com/0530b9d1-c1c2-40ff-9f9c-c57336646baa",
        "javascript:void(0)",
    ]

    @Test(
        "S2 * covers no document without an origin of its own (about:, data:, blob:, javascript:): it is on no surface",
        arguments: opaqueDocuments)
    func s2StarCoversNoOpaqueDocument(url: String) async throws {
        let host = Self.host(trusting: ["*"])
        host.load(url)
        #expect(await host.send(["type": "headers"]) == .value([:]), "no surface, so not even the extra headers")
        #expect(await host.send(["type": "refreshToken"]) == .undefined)
        #expect(await host.send(["type": "track", "ename": "opened"]) == .undefined)
        #expect(await host.recordedEvents().first?.properties["ctx"]?["surface"] == .null)
        try await host.finish()
    }

    @Test(
        "S2 S3 an opaque document gets nothing even when the engine reports the origin it inherited (a blob: or about:blank page)",
        arguments: opaqueDocuments)
    func s2InheritedOriginDoesNotCount(url: String) async throws {
        let host = Self.host(trusting: ["*", "https://trusted.example.com"])
        host.load(url)
        var facts = host.senderFacts()
        facts.frameOrigin = SecurityOrigin(string: "https://trusted.example.com")
        #expect(await host.connection.reply(to: .value(["type": "headers"]), from: facts) == .value([:]))
        #expect(await host.connection.reply(to: .value(["type": "refreshToken"]), from: facts) == .undefined)
        try await host.finish()
    }

    @Test("S3 the app's own scheme and the page's URL host reach track's ctx as the page, without the query")
    func s3AppSchemePageInTrack() async throws {
        let host = Self.host(trusting: ["myapp://"])
        host.load("myapp://app/feed/index.html?user=secret")
        #expect(await host.send(["type": "track", "ename": "opened"]) == .undefined)
        let context = await host.recordedEvents().first?.properties["ctx"]
        #expect(context == ["surface": "app", "page": "myapp://app/feed/index.html", "frame": "main"])
        try await host.finish()
    }
}
