// Android's android.webkit.WebResourceRequest as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebResourceRequest, API 21).
// Only named by the clients' callbacks; the emulation never makes one.
package android.webkit;

import android.net.Uri;
import java.util.Map;

public interface WebResourceRequest {
    Uri getUrl();

    boolean isForMainFrame();

    boolean isRedirect();

    boolean hasGesture();

    String getMethod();

    Map<String, String> getRequestHeaders();
}
