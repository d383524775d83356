// Mirror of android.webkit.ValueCallback (developer.android.com/reference/android/webkit/ValueCallback).
package android.webkit;

public interface ValueCallback<T> {
    void onReceiveValue(T value);
}
