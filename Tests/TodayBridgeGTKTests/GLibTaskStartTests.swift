#if os(Linux)
import CWebKitGTK
import TodayBridge
import TodayBridgeGTK
import XCTest

/// Where the GTK adapter runs capabilities: on the GLib thread, starting in the signal handler
/// that received the message, so one that does not suspend answers with no hop at all.
final class GLibTaskStartTests: GLibThreadTestCase {
    func test_C5_aCapabilityThatDoesNotSuspendAnswersBeforeTheHandlerReturns() {
        let answered = Locked(false)
        let task = WebKitGTKBridge.startingTasks { answered.withLock { $0 = true } }
        XCTAssertTrue(answered.withLock { $0 }, "answered without a turn of the main loop")
        task.cancel()
    }

    func test_C5_aCapabilityThatSuspendsGoesOnOnTheGLibThread() {
        let resumedOnGLibThread = Locked<Bool?>(nil)
        _ = WebKitGTKBridge.startingTasks {
            await Task.yield()
            resumedOnGLibThread.withLock { $0 = GLibActor.isCurrent }
        }
        for _ in 0..<1_000 where resumedOnGLibThread.withLock({ $0 }) == nil {
            g_main_context_iteration(context, 0)
            usleep(1_000)
        }
        XCTAssertEqual(resumedOnGLibThread.withLock { $0 }, true)
    }
}
#endif
