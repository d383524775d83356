/// Which senders a capability serves; every other sender gets `undefined` (S1, S3, X1).
public enum CapabilityAccess: String, Sendable, Hashable, CaseIterable {
    /// Any frame, cross-origin sub-frames included. For capabilities that carry no secret, like `track`.
    case anyFrame
    /// The main frame, on any origin.
    case mainFrame
    /// The main frame of a trusted surface over HTTPS: the level for anything credential-bearing.
    case trustedSurface

    /// Whether a sender with this trust may call.
    package func admits(_ trust: SenderTrust) -> Bool {
        switch self {
        case .anyFrame: true
        case .mainFrame: trust.isMainFrame
        case .trustedSurface: trust.mayReceiveCredentials
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
