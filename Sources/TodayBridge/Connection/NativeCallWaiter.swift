/// The native caller awaiting the page's answer to a native call (X4).
package struct NativeCallWaiter: Sendable {
    /// Resumes the caller; called exactly once, by whoever takes the call from ``ConnectionState``.
    package let resume: @Sendable (NativeCallAnswer) -> Void
}
