/// The four capabilities every host answers (T1 to T4).
package enum BuiltInCapabilities {
    /// Their definitions, in the order the generated TypeScript lists them.
    package static let definitions: [CapabilityDefinition] = [
        TrackCapability.definition,
        CapabilityDefinition(HeadersCapability.self),
        CapabilityDefinition(RefreshTokenCapability.self),
        CapabilityDefinition(EstablishSessionCapability.self),
    ]

    package static func all(
        tracker: AnalyticsTracker, tokens: TokenRefresher, observer: BridgeObserver
    ) -> [RegisteredCapability] {
        [
            TrackCapability.registered(tracker: tracker),
            RegisteredCapability(builtIn: HeadersCapability(tokens: tokens)),
            RegisteredCapability(builtIn: RefreshTokenCapability(tokens: tokens, observer: observer)),
            RegisteredCapability(builtIn: EstablishSessionCapability(tokens: tokens, observer: observer)),
        ]
    }
}
