// Android's android.webkit.WebStorage as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/WebStorage, API 35).
// Only its QuotaUpdater is named, by WebChromeClient.onExceededDatabaseQuota.
package android.webkit;

public class WebStorage {
    WebStorage() {
    }

    @Deprecated
    public interface QuotaUpdater {
        void updateQuota(long newQuota);
    }
}
