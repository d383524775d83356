import Foundation

/// Decides, from the engine's facts alone, which surface a sender is on and what it may receive.
///
/// Rules S1 to S3: credentials go only to the main frame, only over HTTPS, only on a configured
/// surface, and only when the engine's frame origin agrees with the committed URL.
package struct TrustPolicy: Sendable {
    package let surfaces: [TrustedSurface]

    package init(surfaces: [TrustedSurface]) {
        self.surfaces = surfaces
    }

    package func evaluate(_ sender: SenderFacts) -> SenderTrust {
        let page = sender.mainDocumentURL.flatMap(PageLocation.init(url:))
        let surface = page.flatMap { page in
            surfaces.first { $0.contains(origin: page.origin, path: page.path) }
        }
        // An opaque or unknown frame origin never agrees: the engine must vouch for the origin.
        let originAgrees = sender.frameOrigin != nil && sender.frameOrigin == page?.origin
        let credentials = sender.isMainFrame
            && surface != nil
            && page?.origin.scheme == "https"
            && originAgrees
        return SenderTrust(isMainFrame: sender.isMainFrame, surface: surface, mayReceiveCredentials: credentials)
    }
}

/// The origin and raw path of a committed URL.
package struct PageLocation: Sendable, Hashable {
    package let origin: SecurityOrigin
    package let path: String

    package init?(url: URL) {
        guard let origin = SecurityOrigin(url: url),
              let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return nil }
        self.origin = origin
        self.path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    }

    /// Origin and path without query or fragment: what `track` may report as the page.
    package var redacted: String { origin.description + path }
}
