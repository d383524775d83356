// Mirror of android.os.Looper (developer.android.com/reference/android/os/Looper): getMainLooper,
// myLooper, getThread, isCurrentThread. The fake main looper is one thread, "main", running what
// is posted to it in order. Declarations named mirror* are not Android's: they are the fake's
// controls, for tests. An exception in a posted task is kept and rethrown by the next control
// call (on Android it would end the app).
package android.os;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

public final class Looper {
    private static final Looper MAIN = new Looper();
    private final LinkedBlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    private final List<Throwable> uncaught = new ArrayList<>();
    private final Thread thread;

    private Looper() {
        thread = new Thread(this::loop, "main");
        thread.setDaemon(true);
        thread.start();
    }

    public static Looper getMainLooper() {
        return MAIN;
    }

    public static Looper myLooper() {
        return Thread.currentThread() == MAIN.thread ? MAIN : null;
    }

    public Thread getThread() {
        return thread;
    }

    public boolean isCurrentThread() {
        return Thread.currentThread() == thread;
    }

    void enqueue(Runnable task) {
        queue.add(task);
    }

    private void loop() {
        while (true) {
            try {
                queue.take().run();
            } catch (InterruptedException interrupted) {
                return;
            } catch (Throwable failure) {
                synchronized (uncaught) {
                    uncaught.add(failure);
                }
            }
        }
    }

    /** Not Android's: runs {@code task} on the main thread and waits for it (at most 10 s), rethrowing its failure. */
    public static void mirrorRunOnMainAndWait(Runnable task) {
        Throwable[] failure = new Throwable[1];
        CountDownLatch done = new CountDownLatch(1);
        MAIN.enqueue(() -> {
            try {
                task.run();
            } catch (Throwable thrown) {
                failure[0] = thrown;
            } finally {
                done.countDown();
            }
        });
        await(done);
        if (failure[0] instanceof RuntimeException) throw (RuntimeException) failure[0];
        if (failure[0] instanceof Error) throw (Error) failure[0];
        if (failure[0] != null) throw new RuntimeException(failure[0]);
    }

    /** Not Android's: waits (at most 10 s) until everything posted so far has run. */
    public static void mirrorDrainMain() {
        mirrorRunOnMainAndWait(() -> { });
    }

    /** Not Android's: the exceptions posted tasks threw (each would have ended an Android app). */
    public static List<Throwable> mirrorUncaught() {
        synchronized (MAIN.uncaught) {
            return new ArrayList<>(MAIN.uncaught);
        }
    }

    private static void await(CountDownLatch done) {
        try {
            if (!done.await(10, TimeUnit.SECONDS)) throw new IllegalStateException("the main thread did not get to the task within 10 s");
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        }
    }
}
