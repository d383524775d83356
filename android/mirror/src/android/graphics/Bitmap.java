// Mirror of android.graphics.Bitmap (developer.android.com/reference/android/graphics/Bitmap):
// only named by WebViewClient.onPageStarted's signature.
package android.graphics;

public final class Bitmap {
    private Bitmap() {
    }
}
