// What "Writing an adapter" assumes (scripts/check-doc-snippets.mjs): the API of the engine its
// example adapts, made up and main-thread bound, and the app's bridge.
import Foundation
import TodayBridge
import TodayBridgeTesting

/// The engine's web view: its messages, navigations, scripts and cookies.
@MainActor
final class Engine {
    /// A message from `frame`'s channel, with the handle that answers it.
    var onMessage: (String, EngineFrame, EngineReply) -> Void = { _, _, _ in }
    /// A main-frame navigation committed.
    var onCommit: () -> Void = {}
    /// The web view is going away.
    var onClose: () -> Void = {}
    var onProcessCrash: () -> Void = {}
    /// The main frame's document URL.
    var url: URL?
    let cookies = EngineCookieStore()

    func evaluate(_ script: String) async throws {}
    /// Runs `source` at document start in the top frame only, or in every frame.
    func addUserScript(_ source: String, mainFrameOnly: Bool) {}
    /// Registers the channel: `postMessage(message): Promise` under `name`, answered through `onMessage`.
    func addMessageHandler(named name: String) {}
}

/// The frame that sent a message, as the engine knows it.
struct EngineFrame {
    var isMain: Bool
    var origin: String
    var url: URL?
}

/// The engine's answer to one message: a JSON text (`nil` for `undefined`) or an error.
@MainActor
struct EngineReply {
    func resolve(json: String?) {}
    func reject(_ reason: String) {}
}

/// The engine's cookie store.
@MainActor
final class EngineCookieStore {
    func set(_ setCookieHeader: String, for domain: String) async throws {}
}

let bridge = BridgeTestHost().bridge
