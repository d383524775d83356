// Android's android.view.View as the emulation declares it (checked against
// https://developer.android.com/reference/android/view/View, API 35).
// Only named by WebChromeClient (custom views, the video loading view); the emulation never
// makes one. Android's declares thousands of members; the emulation none the glue needs.
package android.view;

public class View {
    View() {
    }
}
