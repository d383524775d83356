// Mirror of android.graphics.Bitmap (checked against
// https://developer.android.com/reference/android/graphics/Bitmap, API 35). Declarations named
// mirror* are not Android's: they are the fake's controls for tests.
// Only named by WebViewClient.onPageStarted; final with no public constructor, as on Android.
package android.graphics;

public final class Bitmap {
    private Bitmap() {
    }
}
