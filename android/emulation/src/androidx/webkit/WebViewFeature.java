// Android's androidx.webkit.WebViewFeature as the emulation declares it (checked against
// https://developer.android.com/reference/androidx/webkit/WebViewFeature, androidx.webkit 1.12.1,
// and androidx's WebViewFeatureInternal): the features the glue asks for; any other name is
// unknown, which androidx answers with a RuntimeException.
// Which features the device's WebView has is the platform's configuration, not an app's API: all
// of them, unless the system property today.emulation.unsupportedFeatures names some
// (comma-separated), as on a device with an older WebView.
package androidx.webkit;

import java.util.Arrays;
import java.util.Set;

public class WebViewFeature {
    public static final String WEB_MESSAGE_LISTENER = "WEB_MESSAGE_LISTENER";
    public static final String DOCUMENT_START_SCRIPT = "DOCUMENT_START_SCRIPT";
    public static final String WEB_MESSAGE_ARRAY_BUFFER = "WEB_MESSAGE_ARRAY_BUFFER";
    /** WebSettingsCompat.setBackForwardCacheEnabled and getBackForwardCacheEnabled. */
    public static final String BACK_FORWARD_CACHE = "BACK_FORWARD_CACHE";

    private static final Set<String> KNOWN = Set.of(WEB_MESSAGE_LISTENER, DOCUMENT_START_SCRIPT, WEB_MESSAGE_ARRAY_BUFFER, BACK_FORWARD_CACHE);

    private WebViewFeature() {
    }

    public static boolean isFeatureSupported(String feature) {
        if (feature == null || !KNOWN.contains(feature)) throw new RuntimeException("Unknown feature " + feature);
        return !Arrays.asList(System.getProperty("today.emulation.unsupportedFeatures", "").split(",")).contains(feature);
    }

    static UnsupportedOperationException unsupported() {
        return new UnsupportedOperationException("This method is not supported by the current version of the framework and the current WebView APK");
    }

    static void require(String feature) {
        if (!isFeatureSupported(feature)) throw unsupported();
    }
}
