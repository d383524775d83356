/*
 * The channel's native entry in one frame's document and world (Contract C8, S4, X7, B2): a
 * function that takes the message's JSON text, a callback and, when the text names bytes by
 * index, an array of those bytes (each a Uint8Array or an ArrayBuffer), and refuses anything else.
 * A call sends the text and the bytes to the view as a user message with what the engine knows of
 * the sender; the view's reply settles the page's call with one call of the callback: (value),
 * (value, undefined, bytes) when the answer names bytes, or (undefined, reason).
 */
#if defined(__linux__) && !defined(__ANDROID__)

#include "Extension.h"

/* One document's entry in one world. */
typedef struct {
    GWeakRef frame;
    GWeakRef page;
    /* The document's number (document.c). */
    guint64 number;
    const World *world;
    /* The origin as read for the document `origin_number`: a document's origin is read at its
     * first call, when its sandbox flags are final. */
    char *origin;
    guint64 origin_number;
} Entry;

static void entry_free(gpointer data) {
    Entry *entry = data;
    g_weak_ref_clear(&entry->frame);
    g_weak_ref_clear(&entry->page);
    g_free(entry->origin);
    g_free(entry);
}

/* One call waiting for the view's reply. */
typedef struct {
    JSCValue *callback;
} PendingCall;

/* The answer's JSON text with a final NUL (`ay`) as a value; NULL when it is not JSON. */
static JSCValue *answer_value(JSCContext *context, GVariant *text) {
    gsize size = 0;
    const char *json = g_variant_get_fixed_array(text, &size, 1);
    JSCValue *value = size > 0 && json[size - 1] == '\0' ? jsc_value_new_from_json(context, json) : NULL;
    if (!value) jsc_context_clear_exception(context);
    return value;
}

/* A new Uint8Array holding the `size` bytes of the sealed file `handle` of `files`, read into the
 * page's heap; NULL when the file is not a sealed memfd of that size (sealed_file.h), or cannot be
 * read. */
static JSCValue *file_array(JSCContext *context, GUnixFDList *files, gint32 handle, guint64 size) {
    int fd = files && handle >= 0 && handle < g_unix_fd_list_get_length(files) ? g_unix_fd_list_get(files, handle, NULL) : -1;
    if (fd < 0) return NULL;
    JSCValue *array = NULL;
    if (!today_sealed_file_check(fd, size) && size <= G_MAXSIZE) {
        array = jsc_value_new_typed_array(context, JSC_TYPED_ARRAY_UINT8, (gsize)size);
        char *data = jsc_value_typed_array_get_data(array, NULL);
        gsize done = 0;
        while (data && done < size) {
            ssize_t count = pread(fd, data + done, (gsize)size - done, (off_t)done);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            done += (gsize)count;
        }
        if (!data || done < size) g_clear_object(&array);
    }
    close(fd);
    return array;
}

/* Bytes from the view (an answer's, a delivery's: `aay`, or `av` with the large ones as sealed
 * files in `files`, as sealed_file.h says) as an array of new Uint8Arrays, each a copy in the
 * page's heap: an array buffer over memory of ours (`jsc_value_new_array_buffer`) would turn off
 * the web process's Gigacage, which WebKit refuses by ending the process. NULL when a file cannot
 * be read. */
JSCValue *bytes_array(JSCContext *context, GVariant *list, GUnixFDList *files) {
    gsize count = g_variant_n_children(list);
    gboolean inline_only = g_variant_is_of_type(list, G_VARIANT_TYPE("aay"));
    GPtrArray *arrays = g_ptr_array_new_with_free_func(g_object_unref);
    gboolean failed = FALSE;
    for (gsize index = 0; index < count && !failed; index++) {
        GVariant *child = g_variant_get_child_value(list, index);
        GVariant *bytes = inline_only ? g_variant_ref(child) : g_variant_get_variant(child);
        JSCValue *array = NULL;
        if (g_variant_is_of_type(bytes, G_VARIANT_TYPE_BYTESTRING)) {
            gsize size = 0;
            gconstpointer data = g_variant_get_fixed_array(bytes, &size, 1);
            array = jsc_value_new_typed_array(context, JSC_TYPED_ARRAY_UINT8, size);
            if (size) memcpy(jsc_value_typed_array_get_data(array, NULL), data, size);
        } else if (g_variant_is_of_type(bytes, G_VARIANT_TYPE("(ht)"))) {
            gint32 handle = -1;
            guint64 size = 0;
            g_variant_get(bytes, "(ht)", &handle, &size);
            array = file_array(context, files, handle, size);
        }
        if (array) g_ptr_array_add(arrays, array);
        else failed = TRUE;
        g_variant_unref(bytes);
        g_variant_unref(child);
    }
    JSCValue *array = failed ? NULL : jsc_value_new_array_from_garray(context, arrays);
    g_ptr_array_unref(arrays);
    return array;
}

/* Settles the page's call with the view's reply: `ay` is the answer's JSON text with a final NUL,
 * `(ayaay)` or `(ayav)` that text and the bytes it names by index (the large ones as sealed files
 * in the reply's fd list), `s` a rejection's reason, anything else
 * `undefined`. A reply that comes while the document is in the back-forward cache settles it
 * there: WebKit runs what the page chained to it once the page is shown again, as it does for its
 * own promises. */
static void settle(JSCValue *callback, WebKitUserMessage *reply) {
    JSCContext *context = jsc_value_get_context(callback);
    GVariant *parameters = reply ? webkit_user_message_get_parameters(reply) : NULL;
    JSCValue *value = NULL;
    JSCValue *bytes = NULL;
    const char *reason = NULL;
    if (parameters && g_variant_is_of_type(parameters, G_VARIANT_TYPE_BYTESTRING)) {
        value = answer_value(context, parameters);
        if (!value) reason = "the host's answer is not JSON";
    } else if (parameters && (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ayaay)")) || g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ayav)")))) {
        GVariant *text = g_variant_get_child_value(parameters, 0);
        GVariant *list = g_variant_get_child_value(parameters, 1);
        value = answer_value(context, text);
        if (value) bytes = bytes_array(context, list, webkit_user_message_get_fd_list(reply));
        else reason = "the host's answer is not JSON";
        if (value && !bytes) {
            g_clear_object(&value);
            reason = "the host's answer's bytes could not be read";
        }
        g_variant_unref(text);
        g_variant_unref(list);
    } else if (parameters && g_variant_is_of_type(parameters, G_VARIANT_TYPE_STRING)) {
        reason = g_variant_get_string(parameters, NULL);
    }
    if (!value) value = jsc_value_new_undefined(context);
    JSCValue *no_reason = jsc_value_new_undefined(context);
    JSCValue *result = reason
        ? jsc_value_function_call(callback, JSC_TYPE_VALUE, value, G_TYPE_STRING, reason, G_TYPE_NONE)
        : bytes ? jsc_value_function_call(callback, JSC_TYPE_VALUE, value, JSC_TYPE_VALUE, no_reason, JSC_TYPE_VALUE, bytes, G_TYPE_NONE)
        : jsc_value_function_call(callback, JSC_TYPE_VALUE, value, G_TYPE_NONE);
    g_object_unref(no_reason);
    jsc_context_clear_exception(context); /* the page's callback may throw: its own affair */
    g_clear_object(&result);
    g_clear_object(&bytes);
    g_object_unref(value);
}

static void replied(GObject *source, GAsyncResult *result, gpointer data) {
    PendingCall *call = data;
    /* No reply (the view has no bridge, or went away) resolves undefined, as with no host. */
    WebKitUserMessage *reply = webkit_web_page_send_message_to_view_finish(WEBKIT_WEB_PAGE(source), result, NULL);
    settle(call->callback, reply);
    g_clear_object(&reply);
    g_object_unref(call->callback);
    g_free(call);
}

/* A string's length in UTF-16 code units, as JavaScript counts it. */
static double text_units(JSCValue *text) {
    JSCValue *length = jsc_value_object_get_property(text, "length");
    double units = jsc_value_to_double(length);
    g_object_unref(length);
    return units;
}

/* The text to carry: the message's JSON text as UTF-8, or `#` and its size with its bytes' when
 * that is more than the host takes, which the host refuses by its size (X7, B4) without the text
 * converted. */
static GBytes *carried_text(JSCValue *text, double units, double bytes_size) {
    if (units + bytes_size <= (double)max_text_length) return jsc_value_to_string_as_bytes(text);
    char *mark = g_strdup_printf("#%.0f", units + bytes_size);
    return g_bytes_new_take(mark, strlen(mark));
}

/* One attachment's bytes: a Uint8Array's view, or an ArrayBuffer's whole; NULL for anything else. */
static gconstpointer attachment_data(JSCValue *value, gsize *size) {
    if (jsc_value_is_typed_array(value) && jsc_value_typed_array_get_type(value) == JSC_TYPED_ARRAY_UINT8) {
        *size = jsc_value_typed_array_get_size(value);
        gconstpointer data = jsc_value_typed_array_get_data(value, NULL);
        return data || *size == 0 ? (data ? data : "") : NULL;
    }
    if (jsc_value_is_array_buffer(value)) {
        gconstpointer data = jsc_value_array_buffer_get_data(value, size);
        return data || *size == 0 ? (data ? data : "") : NULL;
    }
    return NULL;
}

/* One attachment for the list: a sealed file appended to `files` (`(ht)`) when it is large and
 * one can be made, else its bytes copied (`ay`). */
static GVariant *attachment_element(gconstpointer data, gsize size, GUnixFDList *files) {
    if (size >= TODAY_FILE_THRESHOLD && g_unix_fd_list_get_length(files) < TODAY_FILES_MAX) {
        int fd = today_sealed_file_new(data, size);
        gint handle = fd >= 0 ? g_unix_fd_list_append(files, fd, NULL) : -1; /* a duplicate */
        if (fd >= 0) close(fd);
        if (handle >= 0) return g_variant_new("(ht)", handle, (guint64)size);
    }
    return g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, data, size, 1);
}

/* The bytes the text names by index (B2), each copied as it is read (into the list, or into a
 * sealed file of `files` for a large one: sealed_file.h), so that nothing a later element's getter
 * does can change one already read: an `aay`, or an `av` when some are files; NULL, with `problem`
 * set, when `list` is not an array of Uint8Arrays and ArrayBuffers, or has more elements than the
 * text has units (each attachment is named in the text). `size` is their bytes in all; none is
 * copied once they and the text's `units` are more than the host takes. */
static GVariant *read_attachments(JSCValue *list, double units, double *size, GUnixFDList *files, const char **problem) {
    *size = 0;
    if (!jsc_value_is_array(list)) {
        *problem = "expected the message's bytes as an array";
        return NULL;
    }
    JSCValue *length = jsc_value_object_get_property(list, "length");
    double count = jsc_value_to_double(length);
    g_object_unref(length);
    if (!(count >= 0 && count <= units)) {
        *problem = "more bytes than the message's text names";
        return NULL;
    }
    GPtrArray *elements = g_ptr_array_new_with_free_func((GDestroyNotify)g_variant_unref);
    for (guint index = 0; index < (guint)count; index++) {
        JSCValue *element = jsc_value_object_get_property_at_index(list, index);
        gsize element_size = 0;
        gconstpointer data = attachment_data(element, &element_size);
        if (data && units + *size + element_size <= (double)max_text_length) {
            g_ptr_array_add(elements, g_variant_ref_sink(attachment_element(data, element_size, files)));
        }
        *size += element_size;
        g_object_unref(element);
        if (!data) {
            g_ptr_array_unref(elements);
            *problem = "expected each of the message's bytes as a Uint8Array or an ArrayBuffer";
            return NULL;
        }
    }
    gboolean with_files = g_unix_fd_list_get_length(files) > 0;
    GVariantBuilder builder;
    g_variant_builder_init(&builder, with_files ? G_VARIANT_TYPE("av") : G_VARIANT_TYPE("aay"));
    for (guint index = 0; index < elements->len; index++) {
        GVariant *element = g_ptr_array_index(elements, index);
        g_variant_builder_add_value(&builder, with_files ? g_variant_new_variant(element) : element);
    }
    g_ptr_array_unref(elements);
    return g_variant_builder_end(&builder);
}

/* The origin of the document the frame shows, kept per document. */
static const char *sender_origin(Entry *entry, WebKitFrame *frame, guint64 number) {
    if (!entry->origin || entry->origin_number != number) {
        g_free(entry->origin);
        entry->origin = document_origin(frame);
        entry->origin_number = number;
    }
    return entry->origin;
}

/* The URL of the document the page's main frame shows, for a sub-frame's message; empty where
 * this process does not hold the main frame. `webkit_web_page_get_main_frame` is deprecated since
 * WebKitGTK 2.48 for site isolation, under which a sub-frame's process may not; the app then
 * judges the sub-frame by the main document's URL its own messages gave. */
static char *main_document_url(WebKitWebPage *page) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    WebKitFrame *main_frame = webkit_web_page_get_main_frame(page);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return main_frame ? document_url(main_frame) : g_strdup("");
}

static void throw_type_error(JSCContext *context, const char *message) {
    jsc_context_throw_with_name(context, "TypeError", message);
}

/* The entry: (text, callback) or (text, callback, bytes). Variadic: JavaScriptCore hands each
 * argument over as it is. A declared JSCValue parameter is converted as an object first, and an
 * `undefined` or `null` one (a call without bytes) costs a TypeError with a native stack trace,
 * its symbols resolved: measured at 41% of the web process's time, every round trip 2.6x the raw
 * channel's. */
static void post(GPtrArray *arguments, Entry *entry) {
    JSCContext *context = jsc_context_get_current();
    JSCValue *text = arguments->len > 0 ? g_ptr_array_index(arguments, 0) : NULL;
    JSCValue *callback = arguments->len > 1 ? g_ptr_array_index(arguments, 1) : NULL;
    JSCValue *bytes = arguments->len > 2 ? g_ptr_array_index(arguments, 2) : NULL;
    if (!text || !callback || !jsc_value_is_string(text) || !jsc_value_is_function(callback)) {
        return throw_type_error(context, "expected the message's JSON text and a callback");
    }
    double units = text_units(text);
    double bytes_size = 0;
    GVariant *attachments = NULL;
    GUnixFDList *files = NULL;
    if (bytes && !jsc_value_is_undefined(bytes)) {
        const char *problem = NULL;
        files = g_unix_fd_list_new();
        attachments = read_attachments(bytes, units, &bytes_size, files, &problem);
        if (!attachments) {
            g_object_unref(files);
            return throw_type_error(context, problem);
        }
        g_variant_ref_sink(attachments);
    }
    WebKitFrame *frame = g_weak_ref_get(&entry->frame);
    WebKitWebPage *page = g_weak_ref_get(&entry->page);
    guint64 shown = frame ? document_number(frame) : 0;
    if (!frame || !page) {
        throw_type_error(context, "this entry's frame is gone");
    } else if (entry->world->realm_bound && shown != entry->number) {
        /* A realm kept after its document left (by a popup, another frame): it speaks for nobody. */
        throw_type_error(context, "this entry belongs to a document that is not shown");
    } else {
        gboolean is_main = webkit_frame_is_main_frame(frame);
        /* A main document the view was not told of last is news (a restore), unless it is on its
         * way into the back-forward cache: the view may have heard of the next one already, in
         * another web process, and deliveries must go there (delivery.c). */
        if (is_main && entry->world->realm_bound && !document_hiding(frame, shown)) document_announce(page, frame, shown, FALSE);
        /* Both read in the documents themselves: the page's own URI is its active one, the next
         * document's while a navigation is provisional. */
        char *url = document_url(frame);
        char *main_url = is_main ? g_strdup(url) : main_document_url(page);
        GBytes *carried = carried_text(text, units, bytes_size);
        gboolean over = units + bytes_size > (double)max_text_length;
        GVariant *text_variant = g_variant_new_from_bytes(G_VARIANT_TYPE_BYTESTRING, carried, TRUE);
        GVariant *parameters = attachments && !over
            ? g_variant_new("(tbsss@ay@*)", webkit_frame_get_id(frame), is_main, sender_origin(entry, frame, shown), url, main_url, text_variant, attachments)
            : g_variant_new("(tbsss@ay)", webkit_frame_get_id(frame), is_main, sender_origin(entry, frame, shown), url, main_url, text_variant);
        g_bytes_unref(carried);
        g_free(url);
        g_free(main_url);
        PendingCall *call = g_new0(PendingCall, 1);
        call->callback = g_object_ref(callback);
        /* The files go only with the attachments that name them. */
        GUnixFDList *sent = attachments && !over && g_unix_fd_list_get_length(files) > 0 ? files : NULL;
        WebKitUserMessage *message = sent
            ? webkit_user_message_new_with_fd_list(entry->world->message_name, parameters, sent)
            : webkit_user_message_new(entry->world->message_name, parameters);
        webkit_web_page_send_message_to_view(page, message, NULL, replied, call);
    }
    g_clear_object(&frame);
    g_clear_object(&page);
    g_clear_object(&files);
    if (attachments) g_variant_unref(attachments);
}

/* Defines the entry on the global of `context`, the frame's document `number` in `world`: a
 * function, not writable, not configurable, not enumerable, bound to its document (or, for a
 * world that is not realm-bound, to its frame). A window kept for the document that replaces its
 * initial empty one keeps its entry. An entry that cannot be defined is reported to the view. */
void entry_define(JSCContext *context, WebKitWebPage *page, WebKitFrame *frame, const World *world, guint64 number) {
    if (document_has_mark(frame, world->defined_key)) return;
    Entry *entry = g_new0(Entry, 1);
    g_weak_ref_init(&entry->frame, frame);
    g_weak_ref_init(&entry->page, page);
    entry->number = number;
    entry->world = world;
    JSCValue *function = jsc_value_new_function_variadic(context, NULL, G_CALLBACK(post), entry, entry_free, G_TYPE_NONE);
    JSCValue *global = jsc_context_get_global_object(context);
    jsc_value_object_define_property_data(global, entry_name, 0, function);
    JSCException *exception = jsc_context_get_exception(context);
    if (exception) {
        char *reason = g_strdup_printf("%s (%s)", jsc_exception_get_message(exception), webkit_frame_is_main_frame(frame) ? "main frame" : "sub-frame");
        jsc_context_clear_exception(context);
        webkit_web_page_send_message_to_view(page, webkit_user_message_new(unavailable_name, g_variant_new_take_string(reason)), NULL, NULL, NULL);
    } else {
        document_set_mark(frame, world->defined_key);
    }
    g_object_unref(global);
    g_object_unref(function);
}

#endif
