import Foundation
import Testing
import TodayBridge

/// A surface the app serves itself on its own scheme, in real WebKitGTK: `today-bridge open
/// --app-scheme` registers `todayapp://` with `webkit_web_context_register_uri_scheme`, serving
/// `web/`, and the page reports what it got as one `track` event (never a credential).
@Suite("End to end in WebKitGTK: a page of the app's own scheme")
struct AppSchemeEndToEndTests {
    static let page = "todayapp://app/e2e/app-scheme.html"

    /// Opens the probe page trusting `rules`; returns its one `app_scheme_probe` event.
    static func probe(trusting rules: [String]) async throws -> JSONValue {
        try EndToEndHost.requireSDK()
        var arguments = [
            "open", page, "--engine", "webkitgtk", "--headless", "--timeout", "90", "--token", "scheme-token",
            "--app-scheme", "todayapp=" + EndToEndHost.packageRoot.appendingPathComponent("web").path,
        ]
        for rule in rules { arguments += ["--trust", rule] }
        let run = try await EndToEndHost.run(arguments)
        #expect(run.exitCode == 0, "\(run.errors)")
        #expect(!run.output.joined().contains("scheme-token"), "no credential is reported")
        let event = try #require(run.analytics.first { $0["event"] == "app_scheme_probe" }, "\(run.output)")
        // WebKit reports the scheme's origin with the URL's host; the bridge takes it, as Android
        // does, for the scheme's one origin `todayapp://`.
        #expect(event["origin"] == "todayapp://app")
        #expect(event["secure_context"] == true)
        return event
    }

    @Test("S2 S3 T2 T3 T4 D1 a surface naming todayapp:// gives its page headers and refreshToken, no session cookie")
    func s3NamedScheme() async throws {
        let event = try await Self.probe(trusting: ["todayapp://"])
        #expect(event["ctx"] == ["surface": "default", "page": .string(Self.page), "frame": "main"])
        #expect(event["headers"] == "authorization")
        #expect(event["refresh_token"] == "authorization")
        #expect(event["establish_session"] == "not-ok", "the session cookie is for an https host")
        #expect(event["offered_refresh_token"] == "allowed")
    }

    @Test("S2 S3 D1 under * alone the page is on the surface but holds no credential, and is told so")
    func s3StarOnly() async throws {
        let event = try await Self.probe(trusting: ["*"])
        #expect(event["ctx"]?["surface"] == "default")
        #expect(event["headers"] == "no-authorization")
        #expect(event["refresh_token"] == "undefined")
        #expect(event["establish_session"] == "undefined")
        #expect(event["offered_refresh_token"] == "denied")
    }

    @Test("S2 S3 a rule for another scheme leaves the page on no surface")
    func s2OtherScheme() async throws {
        let event = try await Self.probe(trusting: ["otherapp://", "https://app"])
        #expect(event["ctx"]?["surface"] == .null)
        #expect(event["headers"] == "no-authorization")
        #expect(event["refresh_token"] == "undefined")
    }
}
