#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the policy concluded about one sender: its surface and whether it may hold credentials.
package struct SenderTrust: Sendable {
    /// Whether the sender is the top-level document.
    package let isMainFrame: Bool
    /// What the policy read from the main document's URL.
    private let facts: PageFacts
    /// Whether a bearer may be served: main frame, on a surface, HTTPS or the app's own scheme the
    /// surface names, frame origin consistent (S1, S3).
    package let mayReceiveCredentials: Bool

    init(isMainFrame: Bool, facts: PageFacts, mayReceiveCredentials: Bool) {
        self.isMainFrame = isMainFrame
        self.facts = facts
        self.mayReceiveCredentials = mayReceiveCredentials
    }

    /// The main document's origin and path.
    package var page: PageLocation? { facts.location }
    /// The surface of the main document, when it is on one.
    package var surface: TrustedSurface? { facts.surface }

    /// Whether the sender may receive the surface's non-secret extra headers (T2).
    package var mayReceiveExtraHeaders: Bool { isMainFrame && surface != nil }
}
