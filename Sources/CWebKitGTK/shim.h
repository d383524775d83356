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

/* The web process extension's messages (TodayBridgeGTKWebProcessExtension.c). */

/* A message's parameters, (tbsssay): whether the frame is the main one, its document's origin
 * and URL, the main document's URL (borrowed from the message), and its text's bytes (a view into
 * the message's own data). */
typedef struct {
    gboolean main_frame;
    const char *origin;
    const char *uri;
    const char *main_uri;
    gconstpointer text;
    gsize size;
} TodayExtensionMessage;

/* Reads a user message of the extension's into `read`; FALSE when its parameters are not (tbsssay). */
static inline gboolean today_extension_message_read(WebKitUserMessage *message, TodayExtensionMessage *read) {
    GVariant *parameters = webkit_user_message_get_parameters(message);
    if (!parameters || !g_variant_is_of_type(parameters, G_VARIANT_TYPE("(tbsssay)"))) return FALSE;
    GVariant *bytes = NULL;
    guint64 frame_id = 0;
    g_variant_get(parameters, "(tb&s&s&s@ay)", &frame_id, &read->main_frame, &read->origin, &read->uri, &read->main_uri, &bytes);
    read->text = g_variant_get_fixed_array(bytes, &read->size, 1);
    g_variant_unref(bytes); /* its data is the message's, which outlives this read */
    return TRUE;
}

/* A reply's JSON text with a final NUL, as bytes (ay). */
static inline GVariant *today_variant_new_text(const guint8 *json, gsize size) {
    guint8 *data = g_malloc(size + 1);
    if (size) memcpy(data, json, size);
    data[size] = 0;
    return g_variant_new_from_data(G_VARIANT_TYPE_BYTESTRING, data, size + 1, TRUE, g_free, data);
}

#endif
