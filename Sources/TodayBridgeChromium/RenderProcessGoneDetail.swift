#if os(Linux)
/// Android's `RenderProcessGoneDetail`, as `WebViewClient.onRenderProcessGone` receives it.
package struct RenderProcessGoneDetail: Sendable, Hashable {
    /// `didCrash()`: `true` when the renderer crashed, `false` when the system killed it.
    package let didCrash: Bool
}
#endif
