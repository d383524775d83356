// Not Android's: building DevTools messages with Android's org.json, whose put() declares a
// checked JSONException that a name and a finite value never raise.
package today.emulation;

import org.json.JSONException;
import org.json.JSONObject;

final class Json {
    private Json() {
    }

    /** An object of alternating names and values. */
    static JSONObject object(Object... namesAndValues) {
        JSONObject object = new JSONObject();
        for (int index = 0; index + 1 < namesAndValues.length; index += 2) put(object, (String) namesAndValues[index], namesAndValues[index + 1]);
        return object;
    }

    static JSONObject put(JSONObject object, String name, Object value) {
        try {
            return object.put(name, value);
        } catch (JSONException invalid) {
            throw new IllegalArgumentException(name + ": " + invalid.getMessage(), invalid);
        }
    }
}
