import Foundation

/// What the policy concluded about one sender: its surface and whether it may hold credentials.
package struct SenderTrust: Sendable, Hashable {
    /// Whether the sender is the top-level document.
    package let isMainFrame: Bool
    /// The main document's origin and path.
    package let page: PageLocation?
    /// The surface of the main document, when it is on one.
    package let surface: TrustedSurface?
    /// Whether a bearer may be served: main frame, on a surface, HTTPS or the app's own scheme the
    /// surface names, frame origin consistent (S1, S3).
    package let mayReceiveCredentials: Bool

    /// Whether the sender may receive the surface's non-secret extra headers (T2).
    package var mayReceiveExtraHeaders: Bool { isMainFrame && surface != nil }
}
