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

#endif
