#ifndef TODAY_CWEBKITGTK_SHIM_H
#define TODAY_CWEBKITGTK_SHIM_H

#include <webkit/webkit.h>
#include <gtk/gtk.h>
#include <libsoup/soup.h>
#include <jsc/jsc.h>
#include <sys/mman.h>
#include "sealed_file.h"

/* Macros and casts Swift cannot import. */

static inline gulong today_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

static inline GObject *today_gobject(gpointer instance) { return G_OBJECT(instance); }
static inline GtkWidget *today_web_view_widget(WebKitWebView *view) { return GTK_WIDGET(view); }
static inline WebKitWebView *today_web_view_from_widget(GtkWidget *widget) { return WEBKIT_WEB_VIEW(widget); }
static inline GtkWindow *today_window(GtkWidget *widget) { return GTK_WINDOW(widget); }

static inline WebKitWebView *today_web_view_new(WebKitUserContentManager *manager, WebKitNetworkSession *session) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
        "user-content-manager", manager,
        "network-session", session,
        NULL));
}

/* A view sharing `related`'s web process (a popup it opened), with a content manager of its own. */
static inline WebKitWebView *today_web_view_new_related(WebKitWebView *related, WebKitUserContentManager *manager) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW, "related-view", related, "user-content-manager", manager, NULL));
}

static inline WebKitWebView *today_web_view_new_in_context(WebKitWebContext *context, WebKitUserContentManager *manager,
                                                          WebKitNetworkSession *session) {
    return WEBKIT_WEB_VIEW(g_object_new(WEBKIT_TYPE_WEB_VIEW,
        "web-context", context,
        "user-content-manager", manager,
        "network-session", session,
        NULL));
}

/* The web process extension's messages (Sources/TodayBridgeGTKWebProcessExtension). */

/* A message's parameters, (tbsssay), (tbsssayaay) or (tbsssayav): whether the frame is the main
 * one, its document's origin and URL, the main document's URL (borrowed from the message), its
 * text's bytes (a view into the message's own data), the bytes its text names by index, if any
 * (a reference the reader releases, or NULL: `aay`, or `av` with large ones as files, as
 * sealed_file.h says), and the message's fd list (borrowed, or NULL). */
typedef struct {
    gboolean main_frame;
    const char *origin;
    const char *uri;
    const char *main_uri;
    gconstpointer text;
    gsize size;
    GVariant *attachments;
    GUnixFDList *files;
} TodayExtensionMessage;

/* Reads a user message of the extension's into `read`; FALSE when its parameters are none of
 * (tbsssay), (tbsssayaay) and (tbsssayav). */
static inline gboolean today_extension_message_read(WebKitUserMessage *message, TodayExtensionMessage *read) {
    GVariant *parameters = webkit_user_message_get_parameters(message);
    if (!parameters) return FALSE;
    GVariant *bytes = NULL;
    guint64 frame_id = 0;
    read->attachments = NULL;
    read->files = webkit_user_message_get_fd_list(message);
    if (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tbsssay)"))) {
        g_variant_get(parameters, "(tb&s&s&s@ay)", &frame_id, &read->main_frame, &read->origin, &read->uri, &read->main_uri, &bytes);
    } else if (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tbsssayaay)")) || g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tbsssayav)"))) {
        g_variant_get(parameters, "(tb&s&s&s@ay@*)", &frame_id, &read->main_frame, &read->origin, &read->uri, &read->main_uri, &bytes, &read->attachments);
    } else {
        return FALSE;
    }
    read->text = g_variant_get_fixed_array(bytes, &read->size, 1);
    g_variant_unref(bytes); /* its data is the message's, which outlives this read */
    return TRUE;
}

/* Checks a message's attachments (NULL, `aay`, or `av`) against its fd list before any file is
 * mapped: NULL when they are as sealed_file.h says (each `(ht)` at least TODAY_FILE_THRESHOLD
 * bytes, handles 0, 1, 2... in order, as many as the fd list holds, at most TODAY_FILES_MAX),
 * with `size` their bytes in all as the message states them; else why not. */
static inline const char *today_attachments_check(GVariant *list, GUnixFDList *files, guint64 *size) {
    *size = 0;
    gint file_count = files ? g_unix_fd_list_get_length(files) : 0;
    gboolean inline_only = !list || g_variant_is_of_type(list, G_VARIANT_TYPE("aay"));
    gsize count = list ? g_variant_n_children(list) : 0;
    gint handles = 0;
    const char *problem = NULL;
    for (gsize index = 0; index < count && !problem; index++) {
        GVariant *child = g_variant_get_child_value(list, index);
        GVariant *element = inline_only ? g_variant_ref(child) : g_variant_get_variant(child);
        guint64 bytes = 0;
        if (g_variant_is_of_type(element, G_VARIANT_TYPE_BYTESTRING)) {
            bytes = g_variant_get_size(element);
        } else if (g_variant_is_of_type(element, G_VARIANT_TYPE("(ht)"))) {
            gint32 handle = -1;
            g_variant_get(element, "(ht)", &handle, &bytes);
            if (handle != handles++) problem = "an attachment's file is out of order";
            else if (bytes < TODAY_FILE_THRESHOLD) problem = "an attachment's file is smaller than a file carries";
        } else {
            problem = "an attachment that is neither bytes nor a file";
        }
        if (!problem && bytes > G_MAXUINT64 - *size) problem = "attachments too large to count";
        if (!problem) *size += bytes;
        g_variant_unref(element);
        g_variant_unref(child);
    }
    if (!problem && handles > TODAY_FILES_MAX) problem = "more attachment files than a message carries";
    if (!problem && handles != file_count) problem = "files the message's attachments do not name";
    return problem;
}

/* One attachment: its bytes inline (`element` a reference the reader releases once done with
 * `data`), or its file mapped read-only (`mapped`: the reader unmaps `data` and `size`). */
typedef struct {
    gconstpointer data;
    gsize size;
    GVariant *element;
    gboolean mapped;
} TodayAttachment;

/* Reads attachment `index` of a list today_attachments_check passed into `read`: NULL, or why
 * it cannot be read (its file is not a sealed memfd of its size, or cannot be mapped). */
static inline const char *today_attachment_read(GVariant *list, GUnixFDList *files, gsize index, TodayAttachment *read) {
    read->data = NULL;
    read->size = 0;
    read->element = NULL;
    read->mapped = FALSE;
    GVariant *child = g_variant_get_child_value(list, index);
    GVariant *element = g_variant_is_of_type(list, G_VARIANT_TYPE("aay")) ? g_variant_ref(child) : g_variant_get_variant(child);
    g_variant_unref(child);
    if (g_variant_is_of_type(element, G_VARIANT_TYPE_BYTESTRING)) {
        read->data = g_variant_get_fixed_array(element, &read->size, 1);
        read->element = element;
        return NULL;
    }
    gint32 handle = -1;
    guint64 bytes = 0;
    g_variant_get(element, "(ht)", &handle, &bytes);
    g_variant_unref(element);
    int fd = files ? g_unix_fd_list_get(files, handle, NULL) : -1; /* a duplicate, closed below */
    if (fd < 0) return "an attachment's file cannot be read";
    const char *problem = today_sealed_file_check(fd, bytes);
    if (!problem) {
        void *data = mmap(NULL, (size_t)bytes, PROT_READ, MAP_SHARED, fd, 0);
        if (data == MAP_FAILED) {
            problem = "an attachment's file cannot be mapped";
        } else {
            read->data = data;
            read->size = (gsize)bytes;
            read->mapped = TRUE;
        }
    }
    close(fd);
    return problem;
}

/* Unmaps an attachment today_attachment_read mapped. */
static inline void today_attachment_unmap(void *data, gsize size) { munmap(data, size); }

/* `data` as an element of an `av` list of attachments: the bytes inline (ay, copied). */
static inline GVariant *today_variant_new_inline_attachment(gconstpointer data, gsize size) {
    return g_variant_new_variant(g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, data, size, 1));
}

/* An element of an `av` list of attachments naming file `handle` of the message's fd list, `size`
 * bytes long: `(ht)`. */
static inline GVariant *today_variant_new_file_reference(gint32 handle, guint64 size) {
    return g_variant_new_variant(g_variant_new("(ht)", handle, size));
}

/* `data` as an element of an `av` list of attachments: a new sealed file appended to `files`
 * (its handle the next one), `(ht)`; NULL when no file can be made. */
static inline GVariant *today_variant_new_file_attachment(gconstpointer data, gsize size, GUnixFDList *files) {
    int fd = today_sealed_file_new(data, size);
    if (fd < 0) return NULL;
    gint handle = g_unix_fd_list_append(files, fd, NULL); /* a duplicate */
    close(fd);
    return handle < 0 ? NULL : today_variant_new_file_reference(handle, (guint64)size);
}

/* Bytes as `ay`, copied. */
static inline GVariant *today_variant_new_bytes(gconstpointer data, gsize size) {
    return g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, data, size, 1);
}

/* A list of attachments: `count` elements, each `ay` (from today_variant_new_bytes: `aay`) or each
 * `v` (from today_variant_new_inline_attachment and today_variant_new_file_attachment: `av`).
 * Takes the floating references. */
static inline GVariant *today_variant_new_attachments(GVariant *const *elements, gsize count, gboolean with_files) {
    return g_variant_new_array(with_files ? G_VARIANT_TYPE_VARIANT : G_VARIANT_TYPE_BYTESTRING, elements, count);
}

/* A reply's JSON text (`ay`, from today_variant_new_text) and the byte values it names by index
 * (today_variant_new_attachments): (ayaay) or (ayav). Takes the floating references. */
static inline GVariant *today_variant_new_text_with_bytes(GVariant *text, GVariant *attachments) {
    return g_variant_new("(@ay@*)", text, attachments);
}

/* The main document a ready or restored message names, (tt): the extension's process token and
 * the document's number; FALSE for other parameters. */
static inline gboolean today_extension_document_read(WebKitUserMessage *message, guint64 *token, guint64 *number) {
    GVariant *parameters = webkit_user_message_get_parameters(message);
    if (!parameters || !g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tt)"))) return FALSE;
    g_variant_get(parameters, "(tt)", token, number);
    return TRUE;
}

/* A delivery for the main document `number` of the process `token`: its JSON text (`ay`, from
 * today_variant_new_bytes) and the byte values it names by index (today_variant_new_attachments):
 * (ttayaay) or (ttayav). Takes the floating references. */
static inline GVariant *today_variant_new_delivery(guint64 token, guint64 number, GVariant *text, GVariant *attachments) {
    return g_variant_new("(tt@ay@*)", token, number, text, attachments);
}

/* Why the extension dropped a delivery, from its reply (s); NULL when it delivered it. Borrowed
 * from the reply. */
static inline const char *today_delivery_dropped(WebKitUserMessage *reply) {
    GVariant *parameters = webkit_user_message_get_parameters(reply);
    return parameters && g_variant_is_of_type(parameters, G_VARIANT_TYPE_STRING) ? g_variant_get_string(parameters, NULL) : NULL;
}

/* A reply's JSON text with a final NUL, as bytes (ay). */
static inline GVariant *today_variant_new_text(const guint8 *json, gsize size) {
    guint8 *data = g_malloc(size + 1);
    if (size) memcpy(data, json, size);
    data[size] = 0;
    return g_variant_new_from_data(G_VARIANT_TYPE_BYTESTRING, data, size + 1, TRUE, g_free, data);
}

#endif
