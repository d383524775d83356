import ArgumentParser
import Foundation
import TodayBridge
import TodayBridgeTesting
import TodayBridgeTypeScript

/// Every capability against an in-memory host, with each outcome printed (`demo --in-memory`).
enum InMemoryDemo {
    static func run() async throws {
        let feed = try TrustedSurface(
            name: "feed", origins: ["https://feed.example.com"], extraHeaders: ["X-Client": "today-demo"])
        let host = BridgeTestHost(surfaces: [feed], clock: SystemBridgeClock())  // a demo runs on the real time
        try host.bridge.register("greet", access: .anyFrame, summary: "says hello") { (request: Greeting, _) in
            "Hello, \(request.name)!"
        }
        host.load("https://feed.example.com/app/home")
        let ad = BridgeTestHost.Frame.subFrame(origin: "https://ads.example", url: "https://ads.example/banner")

        print("Page: \(host.url!.absoluteString) (surface feed)\n")
        await show("track", host.send(["type": "track", "ename": "opened", "parameters": ["tab": "home"]]))
        print("  forwarded: \(host.analytics.events.map(\.name))")
        await show("headers", host.send(["type": "headers"]))
        await show("refreshToken", host.send(["type": "refreshToken"]))
        await show("establishSession", host.send(["type": "establishSession"]))
        print("  cookies minted: \(host.webView.cookies.map(\.description))")
        await show("greet (custom)", host.send(["type": "greet", "name": "Ada"]))
        await show("unknown type", host.send(["type": "teleport"]))
        await show("headers from a cross-origin iframe", host.send(["type": "headers"], from: ad))
        await show("track from a cross-origin iframe", host.send(["type": "track", "ename": "ad_seen"], from: ad))

        host.load("http://feed.example.com/app/home")
        print("\nPage: \(host.url!.absoluteString) (cleartext)\n")
        await show("headers", host.send(["type": "headers"]))
        await show("refreshToken", host.send(["type": "refreshToken"]))

        print("\nGenerated TypeScript for the app's custom capabilities:\n")
        print(host.bridge.contract.custom.typeScript(capabilityMap: "AppCapabilities"))
    }

    private static func show(_ label: String, _ reply: BridgeReply) {
        let outcome: String
        switch reply {
        case .value(nil): outcome = "undefined"
        case .value(let value?): outcome = value.jsonString
        case .rejection(let reason): outcome = "rejected: \(reason)"
        }
        print("\(label.padding(toLength: 36, withPad: " ", startingAt: 0)) → \(outcome)")
    }
}

/// The demo's custom capability request.
struct Greeting: Decodable, Sendable {
    var name: String
}
