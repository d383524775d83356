// Mirror of androidx.webkit.WebViewFeature (checked against
// https://developer.android.com/reference/androidx/webkit/WebViewFeature, androidx.webkit
// 1.12.1). Declarations named mirror* are not Android's: they are the fake's controls for tests.
// Only the two features the glue uses; any other name is unknown, which androidx answers with a
// RuntimeException. Every feature is supported until a test says otherwise.
package androidx.webkit;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

public class WebViewFeature {
    public static final String WEB_MESSAGE_LISTENER = "WEB_MESSAGE_LISTENER";
    public static final String DOCUMENT_START_SCRIPT = "DOCUMENT_START_SCRIPT";

    private static final Set<String> KNOWN = Set.of(WEB_MESSAGE_LISTENER, DOCUMENT_START_SCRIPT);
    private static final Set<String> UNSUPPORTED = ConcurrentHashMap.newKeySet();

    private WebViewFeature() {
    }

    public static boolean isFeatureSupported(String feature) {
        if (feature == null || !KNOWN.contains(feature)) throw new RuntimeException("Unknown feature " + feature);
        return !UNSUPPORTED.contains(feature);
    }

    /** Not androidx's: makes the fake web view have, or lack, {@code feature}. */
    public static void mirrorSetSupported(String feature, boolean supported) {
        if (feature == null || !KNOWN.contains(feature)) throw new IllegalArgumentException("the mirror knows no feature " + feature);
        if (supported) UNSUPPORTED.remove(feature);
        else UNSUPPORTED.add(feature);
    }

    /** Not androidx's: every feature supported again. */
    public static void mirrorReset() {
        UNSUPPORTED.clear();
    }
}
