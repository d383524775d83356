/*
 * The Today bridge's WebKitGTK web process extension (Contract C8): loaded by every web process
 * of a WebKitWebContext the app prepared with WebKitGTKWebProcessExtension.prepare, it gives the
 * page's channel a native entry in every frame and tells the app which frame sent each message.
 *
 * At window-object-cleared, in the page world of every frame, it defines the entry (the name the
 * app passed at initialization) on the frame's window: a function, not writable, not configurable,
 * not enumerable, that takes the message's JSON text and a callback and refuses anything else.
 * Each document gets its own function, bound to its frame and to the document's number in that
 * frame: a function kept from an earlier document (a frame navigated since, or removed) throws.
 * A call sends the text to the view as a user message, with what the engine knows of the sender:
 * the frame's id, whether it is the main frame, its document's security origin (read where no
 * page script reaches, in a world of this extension's own) and its URI. The app's reply, a user
 * message reply, settles the page's call with one call of the callback: (value) or
 * (undefined, reason).
 *
 * Nothing the page can write reaches the app as a fact about the sender: the page chooses only
 * the text. The module is C, so no language runtime is loaded into the web process, and links
 * only WebKitGTK's own libraries, which the web process sandbox can read.
 *
 * Message to the view, name = the entry's name, parameters (tbss@ay):
 *   frame id, main frame, origin ("null" when opaque), frame URI, the text's UTF-8 bytes.
 * Reply parameters: ay = the answer's JSON text with a final NUL; s = a rejection's reason;
 * none = undefined.
 * Once per main-frame document it also sends "<entry>:ready" without parameters, so the app
 * knows this process has the extension (the relay, its fallback, is then never expected).
 *
 * Initialization data (s): the entry's name, defined in the page world. (sas): the entry's name
 * and isolated worlds to define it in as well, each world's entry sending its messages under the
 * name "<entry>@<world>" (the emulation of WebKit's API over WebKitGTK, whose content worlds each
 * have their own message handlers).
 */
#if defined(__linux__) && !defined(__ANDROID__)

#include <webkit/webkit-web-process-extension.h>

/* The entry's name on each window, and the name of the messages it sends (initialization data). */
static char *entry_name;
static char *ready_name;
/* A world of this extension's own, where no page script runs: a document's origin is read there. */
static WebKitScriptWorld *origin_world;
static guint64 documents_begun;

/* A world the entry is defined in: its messages' name, and the key of the current document's
 * number in a frame of that world, kept on the frame's WebKitFrame. */
typedef struct {
    char *message_name;
    GQuark document_quark;
} World;

/* The page world's: messages under the entry's own name. */
static World page_world;

/* One document of one frame, as its entry knows it. */
typedef struct {
    GWeakRef frame;
    GWeakRef page;
    guint64 document;
    const World *world;
    char *origin; /* read at the first call, when the document's sandbox flags are final */
} Document;

/* One call waiting for the app's reply. */
typedef struct {
    JSCValue *callback;
    GWeakRef frame;
    guint64 document;
    const World *world;
} PendingCall;

static guint64 current_document(WebKitFrame *frame, const World *world) {
    return (guint64)(guintptr)g_object_get_qdata(G_OBJECT(frame), world->document_quark);
}

static void document_free(gpointer data) {
    Document *document = data;
    g_weak_ref_clear(&document->frame);
    g_weak_ref_clear(&document->page);
    g_free(document->origin);
    g_free(document);
}

/* The frame this document is still shown in, with a reference, or NULL once it is gone. */
static WebKitFrame *live_frame(GWeakRef *reference, guint64 document, const World *world) {
    WebKitFrame *frame = g_weak_ref_get(reference);
    if (frame && current_document(frame, world) != document) g_clear_object(&frame);
    return frame;
}

/* The document's security origin as the engine serializes it ("null" when opaque). */
static char *read_origin(WebKitFrame *frame) {
    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, origin_world);
    JSCValue *global = jsc_context_get_global_object(context);
    JSCValue *origin = jsc_value_object_get_property(global, "origin");
    char *text = jsc_value_is_string(origin) ? jsc_value_to_string(origin) : g_strdup("null");
    g_object_unref(origin);
    g_object_unref(global);
    g_object_unref(context);
    return text;
}

static void settle(PendingCall *call, WebKitUserMessage *reply, const char *failure) {
    JSCContext *context = jsc_value_get_context(call->callback);
    GVariant *parameters = reply ? webkit_user_message_get_parameters(reply) : NULL;
    JSCValue *value = NULL;
    const char *reason = failure;
    if (parameters && g_variant_is_of_type(parameters, G_VARIANT_TYPE_BYTESTRING)) {
        gsize size = 0;
        const char *json = g_variant_get_fixed_array(parameters, &size, 1);
        if (size > 0 && json[size - 1] == '\0') value = jsc_value_new_from_json(context, json);
        if (!value) {
            jsc_context_clear_exception(context);
            reason = "the host's answer is not JSON";
        }
    } else if (parameters && g_variant_is_of_type(parameters, G_VARIANT_TYPE_STRING)) {
        reason = g_variant_get_string(parameters, NULL);
    }
    if (!value) value = jsc_value_new_undefined(context);
    JSCValue *result = reason
        ? jsc_value_function_call(call->callback, JSC_TYPE_VALUE, value, G_TYPE_STRING, reason, G_TYPE_NONE)
        : jsc_value_function_call(call->callback, JSC_TYPE_VALUE, value, G_TYPE_NONE);
    jsc_context_clear_exception(context); /* the page's callback may throw: its own affair */
    g_clear_object(&result);
    g_object_unref(value);
}

static void replied(GObject *source, GAsyncResult *result, gpointer data) {
    PendingCall *call = data;
    GError *error = NULL;
    WebKitUserMessage *reply = webkit_web_page_send_message_to_view_finish(WEBKIT_WEB_PAGE(source), result, &error);
    WebKitFrame *frame = live_frame(&call->frame, call->document, call->world);
    if (frame) {
        /* No reply (the view has no bridge, or went away) resolves undefined, as with no host. */
        settle(call, reply, NULL);
        g_object_unref(frame);
    } /* else the document is gone, and its promise with it */
    g_clear_error(&error);
    g_clear_object(&reply);
    g_weak_ref_clear(&call->frame);
    g_object_unref(call->callback);
    g_free(call);
}

/* The entry: (text, callback). */
static void post(JSCValue *text, JSCValue *callback, Document *document) {
    JSCContext *context = jsc_context_get_current();
    if (!jsc_value_is_string(text) || !jsc_value_is_function(callback)) {
        jsc_context_throw_with_name(context, "TypeError", "expected the message's JSON text and a callback");
        return;
    }
    WebKitFrame *frame = live_frame(&document->frame, document->document, document->world);
    WebKitWebPage *page = g_weak_ref_get(&document->page);
    if (!frame || !page) {
        jsc_context_throw_with_name(context, "TypeError", "this entry belongs to a document that is gone");
        g_clear_object(&frame);
        g_clear_object(&page);
        return;
    }
    if (!document->origin) document->origin = read_origin(frame);
    GBytes *bytes = jsc_value_to_string_as_bytes(text);
    GVariant *parameters = g_variant_new(
        "(tbss@ay)", webkit_frame_get_id(frame), (gboolean)webkit_frame_is_main_frame(frame), document->origin,
        webkit_frame_get_uri(frame) ? webkit_frame_get_uri(frame) : "",
        g_variant_new_from_bytes(G_VARIANT_TYPE_BYTESTRING, bytes, TRUE)
    );
    g_bytes_unref(bytes);
    PendingCall *call = g_new0(PendingCall, 1);
    call->callback = g_object_ref(callback);
    g_weak_ref_init(&call->frame, frame);
    call->document = document->document;
    call->world = document->world;
    webkit_web_page_send_message_to_view(page, webkit_user_message_new(document->world->message_name, parameters), NULL, replied, call);
    g_object_unref(frame);
    g_object_unref(page);
}

static void define_entry(JSCContext *context, WebKitWebPage *page, WebKitFrame *frame, const World *world) {
    JSCValue *global = jsc_context_get_global_object(context);
    /* A window WebKit reuses for the document that replaces its initial empty one keeps its entry. */
    if (!jsc_value_object_has_property(global, entry_name)) {
        Document *document = g_new0(Document, 1);
        g_weak_ref_init(&document->frame, frame);
        g_weak_ref_init(&document->page, page);
        document->document = ++documents_begun;
        document->world = world;
        g_object_set_qdata(G_OBJECT(frame), world->document_quark, (gpointer)(guintptr)document->document);
        JSCValue *entry = jsc_value_new_function(
            context, NULL, G_CALLBACK(post), document, document_free, G_TYPE_NONE, 2, JSC_TYPE_VALUE, JSC_TYPE_VALUE
        );
        jsc_value_object_define_property_data(global, entry_name, 0, entry);
        g_object_unref(entry);
    }
    g_object_unref(global);
    if (webkit_frame_is_main_frame(frame) && world == &page_world) {
        webkit_web_page_send_message_to_view(page, webkit_user_message_new(ready_name, NULL), NULL, NULL, NULL);
    }
}

static void window_object_cleared(WebKitScriptWorld *world, WebKitWebPage *page, WebKitFrame *frame, gpointer data) {
    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, world);
    define_entry(context, page, frame, data);
    g_object_unref(context);
}

G_MODULE_EXPORT void webkit_web_process_extension_initialize_with_user_data(WebKitWebProcessExtension *extension, const GVariant *data) {
    (void)extension;
    /* (s): the entry's name; (sas): and the isolated worlds it is defined in too. Anything else:
     * an app that did not prepare the context this way. */
    GVariantIter *worlds = NULL;
    if (data && g_variant_is_of_type((GVariant *)data, G_VARIANT_TYPE("(s)"))) {
        g_variant_get((GVariant *)data, "(s)", &entry_name);
    } else if (data && g_variant_is_of_type((GVariant *)data, G_VARIANT_TYPE("(sas)"))) {
        g_variant_get((GVariant *)data, "(sas)", &entry_name, &worlds);
    } else {
        return;
    }
    ready_name = g_strconcat(entry_name, ":ready", NULL);
    origin_world = webkit_script_world_new_with_name("today-webview-bridge-origin");
    page_world.message_name = entry_name;
    page_world.document_quark = g_quark_from_static_string("today-webview-bridge-document");
    g_signal_connect(webkit_script_world_get_default(), "window-object-cleared", G_CALLBACK(window_object_cleared), &page_world);
    const char *name;
    while (worlds && g_variant_iter_next(worlds, "&s", &name)) {
        World *world = g_new0(World, 1); /* kept for the process's life */
        world->message_name = g_strconcat(entry_name, "@", name, NULL);
        char *key = g_strconcat("today-webview-bridge-document@", name, NULL);
        world->document_quark = g_quark_from_string(key);
        g_free(key);
        g_signal_connect(webkit_script_world_new_with_name(name), "window-object-cleared", G_CALLBACK(window_object_cleared), world);
    }
    if (worlds) g_variant_iter_free(worlds);
}

#endif
