#ifndef TODAY_CWEBKITGTK_SHIM_H
#define TODAY_CWEBKITGTK_SHIM_H

#include <webkit/webkit.h>
#include <gtk/gtk.h>
#include <libsoup/soup.h>
#include <jsc/jsc.h>

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

/* A message's parameters, (tbsssay) or (tbsssayaay): whether the frame is the main one, its
 * document's origin and URL, the main document's URL (borrowed from the message), its text's
 * bytes (a view into the message's own data), and the bytes its text names by index, if any
 * (a reference the reader releases, or NULL). */
typedef struct {
    gboolean main_frame;
    const char *origin;
    const char *uri;
    const char *main_uri;
    gconstpointer text;
    gsize size;
    GVariant *attachments;
} TodayExtensionMessage;

/* Reads a user message of the extension's into `read`; FALSE when its parameters are neither
 * (tbsssay) nor (tbsssayaay). */
static inline gboolean today_extension_message_read(WebKitUserMessage *message, TodayExtensionMessage *read) {
    GVariant *parameters = webkit_user_message_get_parameters(message);
    if (!parameters) return FALSE;
    GVariant *bytes = NULL;
    guint64 frame_id = 0;
    read->attachments = NULL;
    if (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tbsssay)"))) {
        g_variant_get(parameters, "(tb&s&s&s@ay)", &frame_id, &read->main_frame, &read->origin, &read->uri, &read->main_uri, &bytes);
    } else if (g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tbsssayaay)"))) {
        g_variant_get(parameters, "(tb&s&s&s@ay@aay)", &frame_id, &read->main_frame, &read->origin, &read->uri, &read->main_uri, &bytes, &read->attachments);
    } else {
        return FALSE;
    }
    read->text = g_variant_get_fixed_array(bytes, &read->size, 1);
    g_variant_unref(bytes); /* its data is the message's, which outlives this read */
    return TRUE;
}

/* The bytes of attachment `index` of `attachments` (aay): a reference to the element, which the
 * caller releases once done with `data`. */
static inline GVariant *today_attachment(GVariant *attachments, gsize index, gconstpointer *data, gsize *size) {
    GVariant *element = g_variant_get_child_value(attachments, index);
    *data = g_variant_get_fixed_array(element, size, 1);
    return element;
}

/* Bytes as `ay`, copied. */
static inline GVariant *today_variant_new_bytes(gconstpointer data, gsize size) {
    return g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, data, size, 1);
}

/* A reply's JSON text (`ay`, from today_variant_new_text) and the `count` byte values it names by
 * index (each `ay`, from today_variant_new_bytes): (ayaay). Takes the floating references. */
static inline GVariant *today_variant_new_text_with_bytes(GVariant *text, GVariant *const *bytes, gsize count) {
    return g_variant_new("(@ay@aay)", text, g_variant_new_array(G_VARIANT_TYPE_BYTESTRING, bytes, count));
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
 * today_variant_new_bytes) and the `count` byte values it names by index (each `ay`):
 * (ttayaay). Takes the floating references. */
static inline GVariant *today_variant_new_delivery(guint64 token, guint64 number, GVariant *text, GVariant *const *bytes, gsize count) {
    return g_variant_new("(tt@ay@aay)", token, number, text, g_variant_new_array(G_VARIANT_TYPE_BYTESTRING, bytes, count));
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
