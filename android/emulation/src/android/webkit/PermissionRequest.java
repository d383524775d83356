// Android's android.webkit.PermissionRequest as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/PermissionRequest, API 21).
// Abstract, made by WebView only; only named by WebChromeClient's permission callbacks.
package android.webkit;

import android.net.Uri;

public abstract class PermissionRequest {
    PermissionRequest() {
    }

    public abstract Uri getOrigin();

    public abstract String[] getResources();

    public abstract void grant(String[] resources);

    public abstract void deny();
}
