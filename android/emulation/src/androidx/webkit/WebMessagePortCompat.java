// Android's androidx.webkit.WebMessagePortCompat as the emulation declares it (checked against
// https://developer.android.com/reference/androidx/webkit/WebMessagePortCompat, androidx.webkit
// 1.12.1): only named, by WebMessageCompat.getPorts(); the emulation carries no ports.
package androidx.webkit;

public abstract class WebMessagePortCompat {
    /** Applications cannot create one (androidx restricts its constructor to the library). */
    WebMessagePortCompat() {
    }

    public abstract void close();
}
