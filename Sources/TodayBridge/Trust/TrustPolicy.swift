#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decides, from the engine's facts alone, which surface a sender is on and what it may receive.
///
/// Rules S1 to S3: credentials go only to the main frame, only over HTTPS (or the app's own scheme
/// where a surface names it), only on a configured surface, and only when the engine's frame origin
/// agrees with the committed URL.
package struct TrustPolicy: Sendable {
    package let surfaces: [TrustedSurface]

    package init(surfaces: [TrustedSurface]) {
        self.surfaces = surfaces
    }

    /// What the policy reads from a main document's URL: its origin and path, and its surface.
    /// A connection keeps the last one, since every message of a document shares it.
    package func page(at url: URL?) -> PageFacts {
        let location = url.flatMap(PageLocation.init(url:))
        let surface = location.flatMap { location in
            surfaces.first { $0.contains(origin: location.origin, path: location.path) }
        }
        return PageFacts(url: url, location: location, surface: surface)
    }

    package func evaluate(_ sender: SenderFacts, on page: PageFacts) -> SenderTrust {
        // An opaque or unknown frame origin never agrees: the engine must vouch for the origin.
        let originAgrees = sender.frameOrigin != nil && sender.frameOrigin == page.location?.origin
        let credentials = sender.isMainFrame && page.admitsCredentials && originAgrees
        return SenderTrust(isMainFrame: sender.isMainFrame, facts: page, mayReceiveCredentials: credentials)
    }

    package func evaluate(_ sender: SenderFacts) -> SenderTrust {
        evaluate(sender, on: page(at: sender.mainDocumentURL))
    }
}

/// What the policy read from one main document's URL. A class: every message of the document
/// shares it, and its trust holds it, without copying what it holds.
package final class PageFacts: Sendable {
    package let url: URL?
    package let location: PageLocation?
    package let surface: TrustedSurface?
    /// Whether the surface admits credentials at the document's origin (HTTPS, or the app's own
    /// scheme where the surface names it): read once for the document's messages.
    let admitsCredentials: Bool

    init(url: URL?, location: PageLocation?, surface: TrustedSurface?) {
        self.url = url
        self.location = location
        self.surface = surface
        admitsCredentials = location.flatMap { surface?.admitsCredentials(at: $0.origin) } ?? false
    }
}

/// The origin and raw path of a committed URL. A class: a document's messages share it.
@_spi(Tools) public final class PageLocation: Sendable {
    package let origin: SecurityOrigin
    package let path: String
    /// Origin and path without query or fragment: what `track` may report as the page.
    @_spi(Tools) public let redacted: String

    @_spi(Tools) public init?(url: URL) {
        guard let parts = URLParts(url.absoluteString), let origin = SecurityOrigin(parts) else { return nil }
        self.origin = origin
        self.path = parts.path.isEmpty ? "/" : parts.path
        // An app's scheme has one origin (`myapp://`); the page keeps the URL's host for analytics.
        let authority = origin.isAppScheme ? "\(origin.scheme)://\(parts.host ?? "")" : origin.description
        redacted = authority + path
    }
}
