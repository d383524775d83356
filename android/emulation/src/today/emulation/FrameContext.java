// Not Android's: one frame's JavaScript context (its default world) as DevTools reports it: where
// a message came from, where a reply goes. Chromium keeps a context, its id and its uniqueId while
// its document sits in the back-forward cache, and reports it again when the page is restored.
package today.emulation;

record FrameContext(String session, int id, String frameId, String origin, String uniqueId) {
    /** The key of this context among the engine's: its session and id. */
    String key() {
        return key(session, id);
    }

    static String key(String session, int id) {
        return session + "#" + id;
    }
}
