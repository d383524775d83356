// Not Android's: one DevTools protocol connection over Chromium's --remote-debugging-pipe, the
// emulation's way into the browser (https://chromedevtools.github.io/devtools-protocol/). Commands
// are NUL-terminated JSON written to the browser's fd 3; answers and events come back on its fd 4
// and are read on one thread, "today-emulation-devtools", which completes each command's future
// and hands each event to the browser's dispatcher in arrival order.
package today.emulation;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.json.JSONException;
import org.json.JSONObject;

final class DevTools {
    /** Where events go, on the reader thread. */
    interface Events {
        void onEvent(String method, JSONObject params, String session);

        /** The browser's end of the pipe closed: the browser is gone. */
        void onClosed();
    }

    /** How long a blocking call waits for the browser's answer. */
    private static final long CALL_SECONDS = 30;

    private final OutputStream commands;
    private final InputStream answers;
    private final Events events;
    private final Map<Integer, CompletableFuture<JSONObject>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger();
    private volatile boolean closed;

    DevTools(OutputStream commands, InputStream answers, Events events) {
        this.commands = commands;
        this.answers = answers;
        this.events = events;
        Thread reader = new Thread(this::readLoop, "today-emulation-devtools");
        reader.setDaemon(true);
        reader.start();
    }

    /** Sends a command; its future completes with the result, or fails with the protocol's error. */
    CompletableFuture<JSONObject> send(String method, JSONObject params, String session) {
        CompletableFuture<JSONObject> result = new CompletableFuture<>();
        int id = nextId.incrementAndGet();
        pending.put(id, result);
        if (closed) {
            fail(id, "the browser is gone");
            return result;
        }
        try {
            JSONObject message = Json.object("id", id, "method", method, "params", params == null ? new JSONObject() : params);
            if (session != null) Json.put(message, "sessionId", session);
            byte[] bytes = message.toString().getBytes(StandardCharsets.UTF_8);
            synchronized (commands) {
                commands.write(bytes);
                commands.write(0);
                commands.flush();
            }
        } catch (IOException | IllegalArgumentException failure) {
            fail(id, "the browser is gone (" + failure.getMessage() + ")");
        }
        return result;
    }

    /** Sends a command and waits for its result; throws IllegalStateException when it fails. */
    JSONObject call(String method, JSONObject params, String session) {
        try {
            return send(method, params, session).get(CALL_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException failed) {
            throw new IllegalStateException(method + ": " + failed.getCause().getMessage(), failed.getCause());
        } catch (TimeoutException slow) {
            throw new IllegalStateException(method + ": the browser did not answer within " + CALL_SECONDS + " s");
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(method + " was interrupted", interrupted);
        }
    }

    boolean isClosed() {
        return closed;
    }

    private void fail(int id, String reason) {
        CompletableFuture<JSONObject> waiting = pending.remove(id);
        if (waiting != null) waiting.completeExceptionally(new IllegalStateException(reason));
    }

    private void readLoop() {
        byte[] buffer = new byte[1 << 16];
        int length = 0;
        int scanned = 0;
        try {
            while (true) {
                if (length == buffer.length) buffer = Arrays.copyOf(buffer, buffer.length * 2);
                int read = answers.read(buffer, length, buffer.length - length);
                if (read < 0) break;
                length += read;
                int start = 0;
                for (int index = scanned; index < length; index++) {
                    if (buffer[index] != 0) continue;
                    dispatch(new String(buffer, start, index - start, StandardCharsets.UTF_8));
                    start = index + 1;
                }
                System.arraycopy(buffer, start, buffer, 0, length - start);
                length -= start;
                scanned = length;
            }
        } catch (IOException gone) {
            // The pipe broke: the browser is gone.
        }
        closed = true;
        for (Integer id : pending.keySet()) fail(id, "the browser is gone");
        events.onClosed();
    }

    private void dispatch(String text) {
        JSONObject message;
        try {
            message = new JSONObject(text);
        } catch (JSONException unreadable) {
            return;
        }
        if (message.has("id")) {
            CompletableFuture<JSONObject> waiting = pending.remove(message.optInt("id"));
            if (waiting == null) return;
            JSONObject error = message.optJSONObject("error");
            if (error != null) waiting.completeExceptionally(new IllegalStateException(error.optString("message", error.toString())));
            else waiting.complete(message.optJSONObject("result") == null ? new JSONObject() : message.optJSONObject("result"));
        } else if (message.has("method")) {
            JSONObject params = message.optJSONObject("params");
            events.onEvent(message.optString("method"), params == null ? new JSONObject() : params, message.has("sessionId") ? message.optString("sessionId") : null);
        }
    }
}
