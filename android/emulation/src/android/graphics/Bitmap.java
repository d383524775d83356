// Android's android.graphics.Bitmap as the emulation declares it (checked against
// https://developer.android.com/reference/android/graphics/Bitmap, API 35).
// Only named by WebViewClient.onPageStarted; final with no public constructor, as on Android.
package android.graphics;

public final class Bitmap {
    private Bitmap() {
    }
}
