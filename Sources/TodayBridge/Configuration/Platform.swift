/// The host platform, announced to the page as `window.__todayWebView.platform` (contract C7).
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case ios
    case macos
    case android
    case linux
}
