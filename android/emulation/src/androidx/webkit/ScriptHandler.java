// Android's androidx.webkit.ScriptHandler as the emulation declares it (checked against
// https://developer.android.com/reference/androidx/webkit/ScriptHandler, androidx.webkit
// 1.12.1). remove() is @UiThread; it takes effect from the next document.
package androidx.webkit;

public interface ScriptHandler {
    void remove();
}
