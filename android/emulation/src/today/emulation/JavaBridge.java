// Not Android's: the "JavaBridge" thread on which an addJavascriptInterface object's methods run,
// as Android runs them (checked against
// https://developer.android.com/reference/android/webkit/WebView#addJavascriptInterface(java.lang.Object,%20java.lang.String)):
// only public methods annotated @JavascriptInterface, found by name and argument count; every
// argument a String (or null). A method that throws is reported and the page is not told.
package today.emulation;

import android.webkit.JavascriptInterface;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.json.JSONArray;
import org.json.JSONException;

final class JavaBridge {
    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "JavaBridge");
        thread.setDaemon(true);
        return thread;
    });

    private JavaBridge() {
    }

    /** The names of {@code object}'s methods the page may call. */
    static List<String> methods(Object object) {
        List<String> names = new ArrayList<>();
        for (Method method : object.getClass().getMethods()) {
            if (method.isAnnotationPresent(JavascriptInterface.class) && !names.contains(method.getName())) names.add(method.getName());
        }
        return names;
    }

    /** Calls the method {@code call} names ({@code [name, ...arguments]}, JSON) on the JavaBridge thread. */
    static void call(Object object, String call) {
        THREAD.execute(() -> {
            try {
                JSONArray parts = new JSONArray(call);
                Object[] arguments = new Object[parts.length() - 1];
                for (int index = 1; index < parts.length(); index++) arguments[index - 1] = parts.isNull(index) ? null : parts.getString(index);
                for (Method method : object.getClass().getMethods()) {
                    if (!method.getName().equals(parts.getString(0)) || !method.isAnnotationPresent(JavascriptInterface.class)) continue;
                    if (method.getParameterCount() != arguments.length) continue;
                    // Android calls through JNI, which ignores Java access, so a private inner class's method is reachable.
                    method.setAccessible(true);
                    method.invoke(object, arguments);
                    return;
                }
            } catch (JSONException | IllegalAccessException | IllegalArgumentException unreadable) {
                // Not a call Android would make: nothing runs.
            } catch (InvocationTargetException thrown) {
                thrown.getCause().printStackTrace();
            }
        });
    }
}
