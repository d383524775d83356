/*
 * The Today bridge's WebKitGTK web process extension (Contract C8, S4, B2): loaded by every web
 * process of a WebKitWebContext the app prepared with WebKitGTKWebProcessExtension.prepare, it
 * gives the page's channel a native entry in every frame and tells the app which frame, and which
 * of its documents, sent each message.
 *
 * At window-object-cleared, in the page world of every frame, it defines the entry (entry.c) on
 * the new document's window, bound to that document (document.c): a call from a realm that is not
 * the document its frame shows now (kept by a popup or another frame after its document left)
 * throws, and nothing reaches the app. A document the back-forward cache restores is the frame's
 * current one again, without window-object-cleared. A call sends the text to the view with the
 * engine's facts about the sender, read where no page script reaches: the frame's id, whether it
 * is the main frame, its document's security origin and URL, and the main document's URL (each
 * document's own, never the page's active URI, the next document's during a load). The app's
 * reply settles the page's call once.
 *
 * The other way, the view's deliveries to the main frame's document (native events and calls,
 * stream values and ends) come as user messages to the page, each tagged with the document it is
 * for, and reach the page's delivery receiver with their bytes beside the text (delivery.c).
 *
 * Nothing the page can write reaches the app as a fact about the sender: the page chooses only
 * the text. The module is C, so no language runtime is loaded into the web process, and links
 * only WebKitGTK's own libraries, which the web process sandbox can read.
 *
 * Messages to the view:
 *   <entry> (tbsss@ay): frame id, main frame, origin ("null" when opaque), the frame's document
 *     URL, the main document's URL (empty where the process does not hold the main frame), the
 *     text's UTF-8 bytes, or "#" and the text's length when it is longer than the host takes;
 *     (tbsssayaay) with the bytes the text names by index (B2). Reply: ay = the answer's JSON
 *     text with a final NUL; (ayaay) = that and the bytes it names; s = a rejection's reason;
 *     none = undefined.
 *   <entry>:ready (tt), when a main-frame document begins (the app then knows this process has
 *     the extension and never expects the relay, its fallback), with this process's token and the
 *     document's number: the document the view's deliveries are for from then on;
 *   <entry>:restored (tt), when the main frame shows again a document from the back-forward cache;
 *   <entry>:unavailable (s), when an entry could not be defined, with the reason.
 *
 * Messages from the view (delivery.c):
 *   <entry>:deliver (ttayaay): a delivery (X3, X4, ST2) for the main document the token and
 *     number name: its JSON text's UTF-8 bytes and the bytes the text names by index (B2). The
 *     extension hands them to the page's delivery receiver when that document is the one the main
 *     frame shows, and drops them otherwise. Reply: none = delivered; s = why it was dropped.
 *
 * Initialization data: (sts), the entry's name, the longest text carried (UTF-16 code units) and
 * the name of the page's delivery receiver (the bridge's). (stas): the entry's name, the longest
 * text, and isolated worlds to define it in as well, each world's entry sending its messages
 * under the name "<entry>@<world>": the emulation of WebKit's API over WebKitGTK, whose content
 * worlds each have their own message handlers, and whose entries, like WebKit's handlers, belong
 * to their frame and report its current document; it takes no deliveries.
 */
#if defined(__linux__) && !defined(__ANDROID__)

#include "Extension.h"

char *entry_name;
char *ready_name;
char *restored_name;
char *unavailable_name;
guint64 max_text_length;
guint64 process_token;

static World *world_new(WebKitScriptWorld *script_world, const char *name, gboolean realm_bound) {
    World *world = g_new0(World, 1); /* kept for the process's life */
    world->script_world = script_world;
    world->message_name = name ? g_strconcat(entry_name, "@", name, NULL) : g_strdup(entry_name);
    world->defined_key = g_strconcat("todayWebViewBridgeEntry@", name ? name : "", NULL);
    world->realm_bound = realm_bound;
    return world;
}

static void window_object_cleared(WebKitScriptWorld *script_world, WebKitWebPage *page, WebKitFrame *frame, gpointer data) {
    const World *world = data;
    gboolean reused = FALSE;
    guint64 number = document_begin(frame, &reused);
    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, script_world);
    entry_define(context, page, frame, world, number);
    g_object_unref(context);
    if (!webkit_frame_is_main_frame(frame) || script_world != webkit_script_world_get_default()) return;
    if (!reused && world->realm_bound) document_watch_restore(page, frame, number);
    document_announce(page, frame, number, TRUE);
}

G_MODULE_EXPORT void webkit_web_process_extension_initialize_with_user_data(WebKitWebProcessExtension *extension, const GVariant *data) {
    /* (sts): the bridge's entry and its delivery receiver; (stas): the emulation's entry and
     * worlds. Anything else: an app that did not prepare the context this way. */
    GVariantIter *worlds = NULL;
    char *receiver = NULL;
    if (data && g_variant_is_of_type((GVariant *)data, G_VARIANT_TYPE("(sts)"))) {
        g_variant_get((GVariant *)data, "(sts)", &entry_name, &max_text_length, &receiver);
    } else if (data && g_variant_is_of_type((GVariant *)data, G_VARIANT_TYPE("(stas)"))) {
        g_variant_get((GVariant *)data, "(stas)", &entry_name, &max_text_length, &worlds);
    } else {
        return;
    }
    ready_name = g_strconcat(entry_name, ":ready", NULL);
    restored_name = g_strconcat(entry_name, ":restored", NULL);
    unavailable_name = g_strconcat(entry_name, ":unavailable", NULL);
    /* Never 0, which no document of the view's is tagged with. */
    do process_token = ((guint64)g_random_int() << 32) | g_random_int();
    while (process_token == 0);
    documents_initialize();
    if (receiver) deliveries_initialize(extension, receiver);
    g_free(receiver);
    WebKitScriptWorld *page_world = webkit_script_world_get_default();
    g_signal_connect(page_world, "window-object-cleared", G_CALLBACK(window_object_cleared), world_new(page_world, NULL, worlds == NULL));
    const char *name;
    while (worlds && g_variant_iter_next(worlds, "&s", &name)) {
        WebKitScriptWorld *script_world = webkit_script_world_new_with_name(name);
        g_signal_connect(script_world, "window-object-cleared", G_CALLBACK(window_object_cleared), world_new(script_world, name, FALSE));
    }
    if (worlds) g_variant_iter_free(worlds);
}

#endif
