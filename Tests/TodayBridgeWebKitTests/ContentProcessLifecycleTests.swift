#if os(Linux)
import Testing
@testable import WebKit

/// WebKit's rules for a content process that ended (`WebPageProxy.cpp`), as the emulation's value
/// runs them: a table of events and whether each reloads.
struct ContentProcessLifecycleTests {
    enum Event {
        case ended(ContentProcessLifecycle.Reason, handled: Bool, visible: Bool), becameVisible, launched, countReset
    }

    @Test(
        "C5 S4 WebKit reloads after a crash the app does not handle: at once when visible, else once visible; once per 30 s",
        arguments: [
            ([.ended(.crash, handled: false, visible: true)], [true]),
            ([.ended(.exceededMemoryLimit, handled: false, visible: true)], [true]),
            ([.ended(.crash, handled: true, visible: true)], [false]),
            ([.ended(.requestedByClient, handled: false, visible: true)], [false]),
            ([.ended(.crash, handled: false, visible: false), .becameVisible, .becameVisible], [false, true, false]),
            ([.ended(.crash, handled: false, visible: false), .launched, .becameVisible], [false, false, false]),
            (
                [
                    .ended(.crash, handled: false, visible: true), .ended(.crash, handled: false, visible: true),
                    .ended(.crash, handled: false, visible: true),
                ], [true, false, true]
            ),
            (
                [
                    .ended(.crash, handled: false, visible: true), .countReset,
                    .ended(.crash, handled: false, visible: true),
                ], [true, false, true]
            ),
        ] as [([Event], [Bool])])
    func c5Reloads(_ events: [Event], _ reloads: [Bool]) {
        var lifecycle = ContentProcessLifecycle()
        let got = events.map { event -> Bool in
            switch event {
            case let .ended(reason, handled, visible):
                return lifecycle.processTerminated(reason, handledByClient: handled, viewIsVisible: visible)
            case .becameVisible: return lifecycle.viewBecameVisible()
            case .launched:
                lifecycle.processLaunched()
                return false
            case .countReset:
                lifecycle.resetRecentCrashCount()
                return false
            }
        }
        #expect(got == reloads)
    }
}
#endif
