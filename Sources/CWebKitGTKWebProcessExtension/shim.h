#ifndef TODAY_CWEBKITGTK_WEB_PROCESS_EXTENSION_SHIM_H
#define TODAY_CWEBKITGTK_WEB_PROCESS_EXTENSION_SHIM_H

/* WebKitGTK's web process extension API, which cannot be included with <webkit/webkit.h>
 * (CWebKitGTK's header): a module of its own for the web process extension. */
#include <webkit/webkit-web-process-extension.h>

#endif
