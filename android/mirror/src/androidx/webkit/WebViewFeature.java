// Mirror of androidx.webkit.WebViewFeature (developer.android.com/reference/androidx/webkit/WebViewFeature):
// isFeatureSupported and the two features the glue checks. Declarations named mirror* are not
// androidx's: they are the fake's controls, for tests (every feature is supported until told otherwise).
package androidx.webkit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

public class WebViewFeature {
    public static final String WEB_MESSAGE_LISTENER = "WEB_MESSAGE_LISTENER";
    public static final String DOCUMENT_START_SCRIPT = "DOCUMENT_START_SCRIPT";

    private static final Set<String> UNSUPPORTED = ConcurrentHashMap.newKeySet();

    private WebViewFeature() {
    }

    public static boolean isFeatureSupported(String feature) {
        return !UNSUPPORTED.contains(feature);
    }

    /** Not androidx's: makes the fake web view lack, or have, {@code feature}. */
    public static void mirrorSetSupported(String feature, boolean supported) {
        if (supported) UNSUPPORTED.remove(feature);
        else UNSUPPORTED.add(feature);
    }

    /** Not androidx's: every feature supported again. */
    public static void mirrorReset() {
        UNSUPPORTED.clear();
    }
}
