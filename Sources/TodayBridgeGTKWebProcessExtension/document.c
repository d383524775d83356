/*
 * A frame's document as the extension knows it (Contract C8, S4): its number, marked on the
 * document's global in a world of the extension's own, where no page script runs; its security
 * origin and URL, read there too; and the main frame's lifecycle, told to the view, which tags
 * its deliveries with the document they are for (delivery.c).
 *
 * WebKit keeps a document's globals, in every world, for as long as the document lives: in the
 * back-forward cache too, and across the reuse of a frame's initial empty window by the document
 * that replaces it. So the number on the frame's current own-world global names the document the
 * frame shows now, whether it began a moment ago or came back from the cache, and the engine
 * vouches for it: a page can neither read nor write that world.
 */
#if defined(__linux__) && !defined(__ANDROID__)

#include "Extension.h"

/* A world of this extension's own. */
static WebKitScriptWorld *own_world;
static guint64 documents_begun;
/* The number of the main document the view was told of last, kept on the main frame; none once
 * the document went into the back-forward cache. */
static GQuark announced_quark;
/* The number of the main document going into the back-forward cache (from its `pagehide` to its
 * `pageshow`), kept on the main frame: what it posts meanwhile does not make it news. */
static GQuark hiding_quark;

static const char number_key[] = "todayWebViewBridgeDocument";

void documents_initialize(void) {
    own_world = webkit_script_world_new_with_name("today-webview-bridge-origin");
    announced_quark = g_quark_from_static_string("today-webview-bridge-announced");
    hiding_quark = g_quark_from_static_string("today-webview-bridge-hiding");
}

/* The frame's current global in the extension's world. */
static JSCValue *own_global(WebKitFrame *frame) {
    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, own_world);
    JSCValue *global = jsc_context_get_global_object(context);
    g_object_unref(context);
    return global;
}

/* A property of the frame's current own-world global, or of an object there. */
static JSCValue *own_property(WebKitFrame *frame, const char *object, const char *name) {
    JSCValue *global = own_global(frame);
    JSCValue *holder = object ? jsc_value_object_get_property(global, object) : g_object_ref(global);
    JSCValue *value = jsc_value_is_object(holder) ? jsc_value_object_get_property(holder, name) : NULL;
    g_object_unref(holder);
    g_object_unref(global);
    return value;
}

guint64 document_number(WebKitFrame *frame) {
    JSCValue *number = own_property(frame, NULL, number_key);
    guint64 value = number && jsc_value_is_number(number) ? (guint64)jsc_value_to_double(number) : 0;
    g_clear_object(&number);
    return value;
}

void document_set_mark(WebKitFrame *frame, const char *key) {
    JSCValue *global = own_global(frame);
    JSCValue *mark = jsc_value_new_boolean(jsc_value_get_context(global), TRUE);
    jsc_value_object_define_property_data(global, key, 0, mark);
    g_object_unref(mark);
    g_object_unref(global);
}

gboolean document_has_mark(WebKitFrame *frame, const char *key) {
    JSCValue *mark = own_property(frame, NULL, key);
    gboolean has = mark && jsc_value_is_boolean(mark) && jsc_value_to_boolean(mark);
    g_clear_object(&mark);
    return has;
}

/* The document the frame shows now: its number, made at its first window-object-cleared; a
 * window kept for the document that replaces its initial empty one keeps its number (`reused`). */
guint64 document_begin(WebKitFrame *frame, gboolean *reused) {
    guint64 number = document_number(frame);
    *reused = number != 0;
    if (number) return number;
    number = ++documents_begun;
    JSCValue *global = own_global(frame);
    JSCValue *value = jsc_value_new_number(jsc_value_get_context(global), (double)number);
    jsc_value_object_define_property_data(global, number_key, 0, value);
    g_object_unref(value);
    g_object_unref(global);
    return number;
}

/* The document's security origin as the engine serializes it (`self.origin`: "null" when opaque,
 * a sandboxed document's included). */
char *document_origin(WebKitFrame *frame) {
    JSCValue *origin = own_property(frame, NULL, "origin");
    char *text = origin && jsc_value_is_string(origin) ? jsc_value_to_string(origin) : g_strdup("null");
    g_clear_object(&origin);
    return text;
}

/* The document's URL now (`location.href`: `pushState` and fragment changes included). */
char *document_url(WebKitFrame *frame) {
    JSCValue *href = own_property(frame, "location", "href");
    char *text = href && jsc_value_is_string(href) ? jsc_value_to_string(href) : g_strdup("");
    g_clear_object(&href);
    return text;
}

/* Whether the frame's document `number` went into the back-forward cache and has not come back:
 * its `pagehide` runs when the next document began, maybe in another web process already
 * announced to the view, so a message it posts then does not tell the view it is shown. */
gboolean document_hiding(WebKitFrame *frame, guint64 number) {
    return (guint64)(guintptr)g_object_get_qdata(G_OBJECT(frame), hiding_quark) == number;
}

/* Tells the view which main document the frame shows, with this process's token and the
 * document's number (`(tt)`), which the view tags its deliveries with (delivery.c):
 * "<entry>:ready" for one that began, each time its window is cleared (a document that keeps its
 * initial empty window's number began after the view was told of that window: the view, which
 * saw it commit, waits to hear of it); "<entry>:restored" for one that came back from the
 * back-forward cache, once per change. */
void document_announce(WebKitWebPage *page, WebKitFrame *frame, guint64 number, gboolean is_new) {
    if (!is_new && (guint64)(guintptr)g_object_get_qdata(G_OBJECT(frame), announced_quark) == number) return;
    g_object_set_qdata(G_OBJECT(frame), announced_quark, (gpointer)(guintptr)number);
    const char *name = is_new ? ready_name : restored_name;
    GVariant *document = g_variant_new("(tt)", process_token, number);
    webkit_web_page_send_message_to_view(page, webkit_user_message_new(name, document), NULL, NULL, NULL);
}

/* A main document whose return from the back-forward cache the view is told of. */
typedef struct {
    GWeakRef page;
    GWeakRef frame;
    guint64 number;
} Watch;

static void watch_free(gpointer data) {
    Watch *watch = data;
    g_weak_ref_clear(&watch->page);
    g_weak_ref_clear(&watch->frame);
    g_free(watch);
}

/* `pagehide` or `pageshow` of a main document going into or coming back from the cache. */
static void cached(gboolean is_shown, Watch *watch) {
    WebKitWebPage *page = g_weak_ref_get(&watch->page);
    WebKitFrame *frame = g_weak_ref_get(&watch->frame);
    if (page && frame && !is_shown) {
        /* Whichever document the view is told of next (in this process or another), it is news. */
        g_object_set_qdata(G_OBJECT(frame), announced_quark, NULL);
        g_object_set_qdata(G_OBJECT(frame), hiding_quark, (gpointer)(guintptr)watch->number);
    } else if (page && frame && document_number(frame) == watch->number) {
        if (document_hiding(frame, watch->number)) g_object_set_qdata(G_OBJECT(frame), hiding_quark, NULL);
        document_announce(page, frame, watch->number, FALSE);
    }
    g_clear_object(&page);
    g_clear_object(&frame);
}

/* Listens, in the extension's world and before any listener of the page, for the main document
 * going into the back-forward cache and coming back (`pagehide` and `pageshow` with `persisted`:
 * WebKit restores a page without window-object-cleared, maybe in another web process than the
 * page the view showed meanwhile). */
void document_watch_restore(WebKitWebPage *page, WebKitFrame *frame, guint64 number) {
    JSCValue *global = own_global(frame);
    JSCContext *context = jsc_value_get_context(global);
    Watch *watch = g_new0(Watch, 1);
    g_weak_ref_init(&watch->page, page);
    g_weak_ref_init(&watch->frame, frame);
    watch->number = number;
    JSCValue *callback = jsc_value_new_function(context, NULL, G_CALLBACK(cached), watch, watch_free, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
    JSCValue *listen = jsc_context_evaluate(
        context,
        "(function (cached) {\n"
        "  addEventListener('pagehide', function (event) { if (event.persisted) cached(false); }, true);\n"
        "  addEventListener('pageshow', function (event) { if (event.persisted) cached(true); }, true);\n"
        "})",
        -1
    );
    JSCValue *result = jsc_value_function_call(listen, JSC_TYPE_VALUE, callback, G_TYPE_NONE);
    g_clear_object(&result);
    g_object_unref(listen);
    g_object_unref(callback);
    g_object_unref(global);
}

#endif
