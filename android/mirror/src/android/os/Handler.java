// Mirror of android.os.Handler (developer.android.com/reference/android/os/Handler): the
// Handler(Looper) constructor, post, postDelayed, getLooper.
package android.os;

import java.util.Timer;
import java.util.TimerTask;

public class Handler {
    private static final Timer DELAYS = new Timer("Handler delays", true);
    private final Looper looper;

    public Handler(Looper looper) {
        this.looper = looper;
    }

    public final boolean post(Runnable r) {
        looper.enqueue(r);
        return true;
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        DELAYS.schedule(new TimerTask() {
            @Override public void run() {
                looper.enqueue(r);
            }
        }, Math.max(0, delayMillis));
        return true;
    }

    public final Looper getLooper() {
        return looper;
    }
}
