#ifndef TODAY_BRIDGE_GTK_WEB_PROCESS_EXTENSION_H
#define TODAY_BRIDGE_GTK_WEB_PROCESS_EXTENSION_H

/* The Today bridge's WebKitGTK web process extension has no API of its own: WebKit loads the
 * module (lib TodayBridgeGTKWebProcessExtension.so) and calls its
 * webkit_web_process_extension_initialize_with_user_data, and the app talks to it with user
 * messages (TodayBridgeGTKWebProcessExtension.c says which). Apps prepare a WebKitWebContext for
 * it with WebKitGTKWebProcessExtension.prepare (TodayBridgeGTK). */

#endif
