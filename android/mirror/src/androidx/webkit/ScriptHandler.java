// Mirror of androidx.webkit.ScriptHandler (developer.android.com/reference/androidx/webkit/ScriptHandler).
package androidx.webkit;

public interface ScriptHandler {
    void remove();
}
