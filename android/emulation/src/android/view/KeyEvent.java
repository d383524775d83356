// Android's android.view.KeyEvent as the emulation declares it (checked against
// https://developer.android.com/reference/android/view/KeyEvent, API 35).
// Only named by WebViewClient's key callbacks; the emulation never makes one.
package android.view;

public class KeyEvent {
    KeyEvent() {
    }
}
