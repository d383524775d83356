// Android's android.os.Looper as the emulation declares it (checked against
// https://developer.android.com/reference/android/os/Looper, API 35, and AOSP's Looper.java and
// MessageQueue.java). A thread gets a looper with prepare() (the app's main thread with
// prepareMainLooper()) and runs what is posted to it, in time order, with loop(). As on Android, a
// task that throws ends loop() with that exception: on the main thread, the app ends.
package android.os;

import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;

public final class Looper {
    private static final ThreadLocal<Looper> THREAD_LOOPER = new ThreadLocal<>();
    private static Looper main;

    /** One task of the queue: due at {@code when} (System.nanoTime()), in post order among equals. */
    private record Task(long when, long sequence, Runnable runnable) {
    }

    private final Thread thread;
    private final PriorityQueue<Task> queue = new PriorityQueue<>((a, b) ->
        a.when != b.when ? Long.compare(a.when, b.when) : Long.compare(a.sequence, b.sequence));
    private long sequence;
    private boolean quitting;
    private boolean quitSafely;

    private Looper() {
        thread = Thread.currentThread();
    }

    public static void prepare() {
        if (THREAD_LOOPER.get() != null) throw new RuntimeException("Only one Looper may be created per thread");
        THREAD_LOOPER.set(new Looper());
    }

    /** Deprecated on Android (API 30): the system prepares the main looper. The app host here plays the system. */
    @Deprecated
    public static void prepareMainLooper() {
        prepare();
        synchronized (Looper.class) {
            if (main != null) throw new IllegalStateException("The main Looper has already been prepared.");
            main = myLooper();
        }
    }

    public static Looper getMainLooper() {
        synchronized (Looper.class) {
            return main;
        }
    }

    public static Looper myLooper() {
        return THREAD_LOOPER.get();
    }

    /** Runs the queue until quit() or quitSafely(); a task's exception ends it (and is thrown). */
    public static void loop() {
        Looper looper = myLooper();
        if (looper == null) throw new RuntimeException("No Looper; Looper.prepare() wasn't called on this thread.");
        while (true) {
            Task next = looper.next();
            if (next == null) return;
            next.runnable.run();
        }
    }

    public boolean isCurrentThread() {
        return Thread.currentThread() == thread;
    }

    public Thread getThread() {
        return thread;
    }

    /** Ends loop() without running what is still queued; later posts are refused. */
    public void quit() {
        synchronized (queue) {
            quitting = true;
            queue.clear();
            queue.notifyAll();
        }
    }

    /** Ends loop() once every task due by now has run; later posts are refused. */
    public void quitSafely() {
        synchronized (queue) {
            quitting = true;
            quitSafely = true;
            long now = System.nanoTime();
            queue.removeIf(task -> task.when > now);
            queue.notifyAll();
        }
    }

    @Override public String toString() {
        return "Looper (" + thread.getName() + ", tid " + thread.getId() + ") {" + Integer.toHexString(System.identityHashCode(this)) + "}";
    }

    /** Used by Handler: false once the looper is quitting, as Android's MessageQueue.enqueueMessage. */
    boolean enqueue(Runnable runnable, long delayMillis) {
        long when = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, delayMillis));
        synchronized (queue) {
            if (quitting) return false;
            queue.add(new Task(when, sequence++, runnable));
            queue.notifyAll();
            return true;
        }
    }

    /** Used by Handler. */
    void remove(Runnable runnable) {
        synchronized (queue) {
            queue.removeIf(task -> task.runnable == runnable);
        }
    }

    /** The next due task, waiting for it; null when the looper quits. */
    private Task next() {
        synchronized (queue) {
            while (true) {
                Task head = queue.peek();
                if (head == null && quitting) return null;
                long wait = head == null ? Long.MAX_VALUE : head.when - System.nanoTime();
                if (head != null && wait <= 0) return queue.poll();
                if (quitSafely && head == null) return null;
                try {
                    if (head == null) queue.wait();
                    else TimeUnit.NANOSECONDS.timedWait(queue, wait);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return null;
                }
            }
        }
    }
}
