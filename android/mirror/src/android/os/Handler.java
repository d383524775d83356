// Mirror of android.os.Handler (checked against
// https://developer.android.com/reference/android/os/Handler, API 35). Declarations named
// mirror* are not Android's: they are the fake's controls for tests.
package android.os;

public class Handler {
    private final Looper looper;

    public Handler(Looper looper) {
        if (looper == null) throw new NullPointerException("looper");  // Android reads looper.mQueue
        this.looper = looper;
    }

    public final boolean post(Runnable r) {
        return postDelayed(r, 0);
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        if (r != null) looper.enqueue(r, delayMillis);  // Android delivers a message without a callback: nothing runs
        return true;
    }

    public final Looper getLooper() {
        return looper;
    }
}
