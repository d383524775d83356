package today.bridge

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Issue 33, 7: `libTodayBridgeJNI.so` (the Swift core with its runtime) was loaded by whichever
 * thread first made a [TodayBridge], the UI thread in an app. Runs first in its JVM
 * (`android/scripts/test.sh`): nothing has loaded the library before it.
 */
class NativeLibraryTest {
    @Test fun `TodayBridge preload() loads the library on a thread of its own, and a bridge made at once waits for it`() {
        TodayBridge.preload()
        TodayBridge.preload()
        val bridge = TodayBridge(configuration(), FakeServices())
        try {
            assertEquals("TodayBridge library", NativeLibrary.load())
            assertTrue(bridge.installation.documentStartScript.isNotEmpty())
        } finally {
            bridge.close()
        }
    }
}
