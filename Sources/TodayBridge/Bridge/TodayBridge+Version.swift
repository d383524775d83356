extension TodayBridge {
    /// This release's version: the Swift package's tag, the web SDK package's version, and
    /// `today-bridge --version`. The one place it is written.
    public static let version = "0.2.0"
}
