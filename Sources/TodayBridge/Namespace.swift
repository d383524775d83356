/// Placeholder until the core lands.
enum TodayBridgeNamespace {}
