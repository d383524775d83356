/*
 * The view's deliveries to the page (Contract X3, X4, ST2, B2, S4): native events, native calls,
 * stream values and ends, each as its JSON text with the bytes it names by index beside it, so
 * that no byte value crosses as base64.
 *
 * The view sends every delivery through here once it knows the extension is loaded: one ordered
 * way, so that deliveries reach the page in the order the app made them (a stream's values, an
 * event after a value), whether they hold bytes or not. WebKit hands the view's user messages to
 * the page one at a time, in the order they were sent, as it runs scripts.
 *
 * A delivery is for one document: the main document the view was told of last (document.c), named
 * by this process's token and the document's number. It reaches that document only while the main
 * frame shows it: a delivery sent before the view heard of a navigation, whose message arrives
 * once the next document began (or once the document went into the back-forward cache), is
 * dropped and the view is told why, as the entry refuses a realm that is not its frame's current
 * document. Sub-frames never receive deliveries.
 *
 * The text goes, as a string, to the page's delivery receiver (the bridge's platform tag defines
 * it on the main frame's window at document start, in the page world, not writable and not
 * configurable), which parses it with the `JSON` it took then and revives each byte value as one
 * of the attachments: new Uint8Arrays made here, each a copy of the message's bytes in the page's
 * heap (bytes_array, entry.c), read from a sealed file of the message's fd list for a large one
 * (sealed_file.h). Nothing the page defined later runs to build them.
 */
#if defined(__linux__) && !defined(__ANDROID__)

#include "Extension.h"

/* "<entry>:deliver", and the name of the page's delivery receiver on the main frame's window. */
static char *deliver_name;
static char *receiver_name;

/* Hands the delivery to the main document the view meant, in the page world; returns NULL once
 * delivered, or why it was not. */
static const char *deliver(WebKitWebPage *page, GVariant *parameters, GUnixFDList *files) {
    guint64 token = 0;
    guint64 number = 0;
    GVariant *text = NULL;
    GVariant *attachments = NULL;
    g_variant_get(parameters, "(tt@ay@*)", &token, &number, &text, &attachments);
    /* Under site isolation (WebKitGTK 2.48 deprecates the call for it) the main frame may be in
     * another process: none of this page's documents is then the main one. */
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    WebKitFrame *frame = webkit_web_page_get_main_frame(page);
    G_GNUC_END_IGNORE_DEPRECATIONS
    const char *dropped = NULL;
    if (!frame || token != process_token || number == 0 || document_number(frame) != number) {
        dropped = "the main document it was for is not shown";
    } else {
        JSCContext *context = webkit_frame_get_js_context(frame);
        JSCValue *global = jsc_context_get_global_object(context);
        JSCValue *receive = jsc_value_object_get_property(global, receiver_name);
        if (receive && jsc_value_is_function(receive)) {
            GBytes *bytes = g_variant_get_data_as_bytes(text);
            JSCValue *string = jsc_value_new_string_from_bytes(context, bytes);
            JSCValue *list = bytes_array(context, attachments, files);
            if (list) {
                JSCValue *result = jsc_value_function_call(receive, JSC_TYPE_VALUE, string, JSC_TYPE_VALUE, list, G_TYPE_NONE);
                g_clear_object(&result);
                g_object_unref(list);
            } else {
                dropped = "its bytes could not be read";
            }
            g_object_unref(string);
            g_bytes_unref(bytes);
        } else {
            dropped = "the main document has no delivery receiver";
        }
        jsc_context_clear_exception(context); /* a page's listener may throw: its own affair */
        g_clear_object(&receive);
        g_object_unref(global);
        g_object_unref(context);
    }
    g_variant_unref(text);
    g_variant_unref(attachments);
    return dropped;
}

/* A user message from the view: "<entry>:deliver" is ours, answered once; anything else is not. */
static gboolean received(WebKitWebPage *page, WebKitUserMessage *message, gpointer data) {
    (void)data;
    if (g_strcmp0(webkit_user_message_get_name(message), deliver_name) != 0) return FALSE;
    GVariant *parameters = webkit_user_message_get_parameters(message);
    const char *dropped = parameters && (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ttayaay)")) || g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ttayav)")))
        ? deliver(page, parameters, webkit_user_message_get_fd_list(message))
        : "not a delivery";
    GVariant *reason = dropped ? g_variant_new_string(dropped) : NULL;
    webkit_user_message_send_reply(message, webkit_user_message_new(deliver_name, reason));
    return TRUE;
}

static void page_created(WebKitWebProcessExtension *extension, WebKitWebPage *page, gpointer data) {
    (void)extension;
    (void)data;
    g_signal_connect(page, "user-message-received", G_CALLBACK(received), NULL);
}

void deliveries_initialize(WebKitWebProcessExtension *extension, const char *receiver) {
    deliver_name = g_strconcat(entry_name, ":deliver", NULL);
    receiver_name = g_strdup(receiver);
    g_signal_connect(extension, "page-created", G_CALLBACK(page_created), NULL);
}

#endif
