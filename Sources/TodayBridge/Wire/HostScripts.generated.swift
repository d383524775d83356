// Placeholder until the web build generates this file (make host-scripts).

extension HostScript where Configuration == PlatformTagConfiguration {
    package static let platformTag = HostScript(source: "(function (configuration) {})")
}

extension HostScript where Configuration == AndroidShimConfiguration {
    package static let androidShim = HostScript(source: "(function (configuration) {})")
}

extension HostScript where Configuration == DocumentMarkerConfiguration {
    package static let documentMarker = HostScript(source: "(function (configuration) {})")
}

extension HostScript where Configuration == PageEventConfiguration {
    package static let pageEvent = HostScript(source: "(function (configuration) {})")
}
