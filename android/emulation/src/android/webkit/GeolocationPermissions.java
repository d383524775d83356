// Android's android.webkit.GeolocationPermissions as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/GeolocationPermissions, API 35).
// Only its Callback is named, by WebChromeClient.onGeolocationPermissionsShowPrompt.
package android.webkit;

public class GeolocationPermissions {
    GeolocationPermissions() {
    }

    public interface Callback {
        void invoke(String origin, boolean allow, boolean retain);
    }
}
