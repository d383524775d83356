#if os(Linux)
import CWebKitGTK
import XCTest

/// A test case whose thread owns GLib's default main context while each test runs: it is the GLib
/// thread, as WebKitGTK's callbacks are, and turns the main loop itself.
class GLibThreadTestCase: XCTestCase {
    let context = g_main_context_default()

    override func setUp() {
        XCTAssertNotEqual(g_main_context_acquire(context), 0, "the test thread owns GLib's default main context")
    }

    override func tearDown() {
        g_main_context_release(context)
    }
}
#endif
