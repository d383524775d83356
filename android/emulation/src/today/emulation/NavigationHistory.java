// Not Android's: a web view's session history as Android's WebView shows it (AwContents'
// NavigationController: canGoBackOrForward, goBackOrForward), read from Chromium's
// (Page.getNavigationHistory). The first entry of the page the engine opens, Chromium's
// about:blank, is not the app's: Android's WebView starts with no entry to go back to.
package today.emulation;

import org.json.JSONArray;
import org.json.JSONObject;

final class NavigationHistory {
    private final DevTools devTools;
    private final String session;
    private final int initialEntry;

    /** The history of the page of `session`, on its initial entry. */
    NavigationHistory(DevTools devTools, String session) {
        this.devTools = devTools;
        this.session = session;
        initialEntry = read().entries.optJSONObject(0).optInt("id");
    }

    /** The entry `steps` away from the current one (negative: back), or null when the app cannot go there. */
    JSONObject entry(int steps) {
        Snapshot snapshot = read();
        int first = snapshot.entries.optJSONObject(0).optInt("id") == initialEntry ? 1 : 0;
        int target = snapshot.current + steps;
        return target >= first && target < snapshot.entries.length() ? snapshot.entries.optJSONObject(target) : null;
    }

    private record Snapshot(int current, JSONArray entries) {
    }

    private Snapshot read() {
        JSONObject history = devTools.call("Page.getNavigationHistory", null, session);
        return new Snapshot(history.optInt("currentIndex"), history.optJSONArray("entries"));
    }
}
