// Mirror of androidx.webkit.ScriptHandler (checked against
// https://developer.android.com/reference/androidx/webkit/ScriptHandler, androidx.webkit
// 1.12.1). Declarations named mirror* are not Android's: they are the fake's controls for tests.
// remove() is @UiThread; it takes effect from the next document.
package androidx.webkit;

public interface ScriptHandler {
    void remove();
}
