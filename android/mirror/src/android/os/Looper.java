// Mirror of android.os.Looper (checked against
// https://developer.android.com/reference/android/os/Looper, API 35). Declarations named mirror*
// are not Android's: they are the fake's controls for tests.
// The fake has one looper, the main one: a daemon thread "main" running what is posted to it in
// time order. Any other thread has no looper. A posted task that throws would end an Android app:
// the fake keeps the exception and the next control (mirrorDrainMain, mirrorRunOnMainAndWait)
// rethrows it.
package android.os;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

public final class Looper {
    private static final long WAIT_SECONDS = 10;
    private static final Looper MAIN = new Looper("main");

    private record Task(long due, long sequence, Runnable runnable) {
    }

    private final PriorityQueue<Task> queue = new PriorityQueue<>((a, b) ->
        a.due != b.due ? Long.compare(a.due, b.due) : Long.compare(a.sequence, b.sequence));
    private final List<Throwable> uncaught = new ArrayList<>();
    private final Thread thread;
    private long sequence;

    private Looper(String name) {
        thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    public static Looper getMainLooper() {
        return MAIN;
    }

    public static Looper myLooper() {
        return MAIN.isCurrentThread() ? MAIN : null;
    }

    public Thread getThread() {
        return thread;
    }

    public boolean isCurrentThread() {
        return Thread.currentThread() == thread;
    }

    @Override public String toString() {
        return "Looper (" + thread.getName() + ", tid " + thread.getId() + ") {" + Integer.toHexString(System.identityHashCode(this)) + "}";
    }

    /** Used by Handler. */
    void enqueue(Runnable runnable, long delayMillis) {
        long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.max(0, delayMillis));
        synchronized (queue) {
            queue.add(new Task(due, sequence++, runnable));
            queue.notifyAll();
        }
    }

    private void loop() {
        while (true) {
            Task next;
            synchronized (queue) {
                while (true) {
                    next = queue.peek();
                    long wait = next == null ? Long.MAX_VALUE : next.due - System.nanoTime();
                    if (wait <= 0) break;
                    try {
                        if (next == null) queue.wait();
                        else queue.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wait)));
                    } catch (InterruptedException interrupted) {
                        return;
                    }
                }
                queue.poll();
            }
            try {
                next.runnable.run();
            } catch (Throwable failure) {
                synchronized (uncaught) {
                    uncaught.add(failure);
                }
            }
        }
    }

    /**
     * Not Android's: runs {@code task} on the main thread (at once when called there) and returns
     * after it ran, rethrowing its exception; first rethrows what earlier posted tasks threw.
     * Throws IllegalStateException when the main thread has not run it within 10 s.
     */
    public static void mirrorRunOnMainAndWait(Runnable task) {
        if (MAIN.isCurrentThread()) {
            task.run();
            rethrowUncaught(null);
            return;
        }
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
        }, 0);
        await(done, "mirrorRunOnMainAndWait");
        rethrowUncaught(failure[0]);
    }

    /**
     * Not Android's: waits (at most 10 s) until every task posted so far and due by now has run,
     * then rethrows what any of them threw. Not callable on the main thread (it would wait for itself).
     */
    public static void mirrorDrainMain() {
        if (MAIN.isCurrentThread()) throw new IllegalStateException("mirrorDrainMain was called on the main thread, which it would wait for");
        CountDownLatch done = new CountDownLatch(1);
        MAIN.enqueue(done::countDown, 0);
        await(done, "mirrorDrainMain");
        rethrowUncaught(null);
    }

    /** Not Android's: what posted tasks threw and no control has rethrown yet (each would have ended an Android app). */
    public static List<Throwable> mirrorUncaught() {
        synchronized (MAIN.uncaught) {
            return new ArrayList<>(MAIN.uncaught);
        }
    }

    private static void await(CountDownLatch done, String control) {
        try {
            if (!done.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException(control + ": the main thread did not get to it within " + WAIT_SECONDS + " s");
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(control + " was interrupted", interrupted);
        }
    }

    /** Throws the oldest uncaught exception (the others and {@code own} suppressed in it), else {@code own}. */
    private static void rethrowUncaught(Throwable own) {
        List<Throwable> pending;
        synchronized (MAIN.uncaught) {
            pending = new ArrayList<>(MAIN.uncaught);
            MAIN.uncaught.clear();
        }
        Throwable first = pending.isEmpty() ? own : pending.get(0);
        if (first == null) return;
        for (int i = 1; i < pending.size(); i++) first.addSuppressed(pending.get(i));
        if (own != null && own != first) first.addSuppressed(own);
        Looper.<RuntimeException>sneakyThrow(first);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneakyThrow(Throwable thrown) throws T {
        throw (T) thrown;
    }
}
