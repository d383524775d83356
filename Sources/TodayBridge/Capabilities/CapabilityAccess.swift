/// Which senders a capability serves; every other sender gets `undefined` (S1, S3, X1).
public enum CapabilityAccess: String, Sendable, Hashable, CaseIterable {
    /// Any frame, cross-origin sub-frames included. For capabilities that carry no secret, like `track`.
    case anyFrame
    /// The main frame, on any origin.
    case mainFrame
    /// The main frame of a trusted surface over HTTPS, or of the app's own scheme where the surface
    /// names it (S3): the level for anything credential-bearing.
    case trustedSurface

    /// Whether a sender with this trust may call.
    package func admits(_ trust: SenderTrust) -> Bool {
        switch self {
        case .anyFrame: true
        case .mainFrame: trust.isMainFrame
        case .trustedSurface: trust.mayReceiveCredentials
        }
    }

    /// What discovery tells a sender with this trust (D1): `nil` when the capability never serves
    /// its frame (a sub-frame is not told about main-frame capabilities).
    package func offer(to trust: SenderTrust) -> CapabilityOffer? {
        switch self {
        case .anyFrame: .allowed
        case .mainFrame: trust.isMainFrame ? .allowed : nil
        case .trustedSurface: trust.isMainFrame ? (trust.mayReceiveCredentials ? .allowed : .denied) : nil
        }
    }

    /// How the generated TypeScript documents who is served.
    package var servedTo: String {
        switch self {
        case .anyFrame: "Served to every frame."
        case .mainFrame: "Served to the main frame."
        case .trustedSurface: "Served to the main frame of a trusted surface."
        }
    }
}
