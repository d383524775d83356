// Android's android.webkit.ValueCallback as the emulation declares it (checked against
// https://developer.android.com/reference/android/webkit/ValueCallback, API 35).
package android.webkit;

public interface ValueCallback<T> {
    void onReceiveValue(T value);
}
