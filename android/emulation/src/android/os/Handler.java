// Android's android.os.Handler as the emulation declares it (checked against
// https://developer.android.com/reference/android/os/Handler, API 35): posts Runnables to a
// looper's queue. post and postDelayed return false when the looper is quitting.
package android.os;

public class Handler {
    private final Looper looper;

    /** Deprecated on Android (API 30): the thread's own looper, which must exist. */
    @Deprecated
    public Handler() {
        this(requireLooper());
    }

    public Handler(Looper looper) {
        if (looper == null) throw new NullPointerException("looper must not be null");
        this.looper = looper;
    }

    public final boolean post(Runnable r) {
        return postDelayed(r, 0);
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        // Android queues a message without a callback for a null Runnable: nothing runs.
        return looper.enqueue(r == null ? () -> { } : r, delayMillis);
    }

    public final void removeCallbacks(Runnable r) {
        if (r != null) looper.remove(r);
    }

    public final Looper getLooper() {
        return looper;
    }

    private static Looper requireLooper() {
        Looper looper = Looper.myLooper();
        if (looper == null) {
            throw new RuntimeException("Can't create handler inside thread " + Thread.currentThread() + " that has not called Looper.prepare()");
        }
        return looper;
    }
}
