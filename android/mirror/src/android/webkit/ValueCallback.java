// Mirror of android.webkit.ValueCallback (checked against
// https://developer.android.com/reference/android/webkit/ValueCallback, API 35). Declarations
// named mirror* are not Android's: they are the fake's controls for tests.
package android.webkit;

public interface ValueCallback<T> {
    void onReceiveValue(T value);
}
