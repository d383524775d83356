// Not Android's: the one Chromium behind every emulated WebView and the CookieManager of this
// process, as Android's WebView runs one browser per app. Debian's chromium, started on first use
// with --headless=new --no-sandbox and --remote-debugging-pipe (through `sh -c 'exec chromium ...
// 3<&0 4>&1'`: the pipe is the process's stdin and stdout), so the browser ends when this process
// does: a shutdown hook kills it, and if this process is killed, the browser reads the end of its
// pipe and exits. Chromium's back-forward cache stays on, as headless Chromium has it: a flag
// (--disable-back-forward-cache) would turn it off for every web view, where WebView's setting is
// each web view's; each one keeps its pages out unless its app turns WebView's cache on
// (WebViewEngine).
//
// The platform's configuration, not an API an app has (system properties):
//   today.emulation.chromium                 the browser (default /usr/bin/chromium)
//   today.emulation.trustedCertificateKeys   base64 SHA-256 hashes of the public keys of local test
//                                            certificates to accept, comma-separated: those keys
//                                            only (an app's network security config on a device)
//   today.emulation.chromiumLog              a file for the browser's standard error (default: none)
package today.emulation;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.json.JSONObject;

public final class Browser {
    private static Browser shared;

    final DevTools devTools;
    private final Process process;
    private final Path profile;
    /** Engines by DevTools session (their page's and their frames') and by page target. */
    private final Map<String, WebViewEngine> bySession = new ConcurrentHashMap<>();
    private final Map<String, WebViewEngine> byTarget = new ConcurrentHashMap<>();

    /** The browser of this process, started on first use. */
    public static synchronized Browser shared() {
        if (shared == null) shared = new Browser();
        return shared;
    }

    private Browser() {
        try {
            profile = Files.createTempDirectory("today-emulation-chromium-");
            List<String> command = new ArrayList<>(List.of("sh", "-c", "exec \"$0\" \"$@\" 3<&0 4>&1 0</dev/null 1>/dev/null",
                System.getProperty("today.emulation.chromium", "/usr/bin/chromium"),
                "--headless=new", "--no-sandbox", "--remote-debugging-pipe", "--no-first-run", "--disable-gpu",
                "--user-data-dir=" + profile));
            String keys = System.getProperty("today.emulation.trustedCertificateKeys", "");
            if (!keys.isEmpty()) command.add("--ignore-certificate-errors-spki-list=" + keys);
            command.add("about:blank");
            ProcessBuilder builder = new ProcessBuilder(command);
            String log = System.getProperty("today.emulation.chromiumLog");
            builder.redirectError(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.appendTo(new File(log)));
            process = builder.start();
        } catch (IOException failure) {
            throw new IllegalStateException("chromium did not start (" + failure.getMessage() + "); is the chromium package installed?", failure);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::terminate, "today-emulation-chromium-exit"));
        devTools = new DevTools(process.getOutputStream(), process.getInputStream(), new DevTools.Events() {
            @Override public void onEvent(String method, JSONObject params, String session) {
                dispatch(method, params, session);
            }

            @Override public void onClosed() {
                for (WebViewEngine engine : byTarget.values()) engine.browserGone();
            }
        });
        devTools.call("Target.setDiscoverTargets", Json.object("discover", true), null);
    }

    void register(String target, WebViewEngine engine) {
        byTarget.put(target, engine);
    }

    void registerSession(String session, WebViewEngine engine) {
        bySession.put(session, engine);
    }

    void unregisterSession(String session) {
        bySession.remove(session);
    }

    void unregister(String target) {
        byTarget.remove(target);
    }

    /** On the DevTools reader thread: a session's events to its engine, the browser's by target. */
    private void dispatch(String method, JSONObject params, String session) {
        WebViewEngine engine = session != null ? bySession.get(session) : byTarget.get(params.optJSONObject("targetInfo") != null
            ? params.optJSONObject("targetInfo").optString("targetId") : params.optString("targetId"));
        if (engine != null) engine.onEvent(method, params, session);
    }

    private void terminate() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        } catch (IOException | RuntimeException ignored) {
            // A profile left in the temporary folder is harmless.
        }
    }
}
