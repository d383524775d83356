/*
 * What the extension's files share (not an API: WebKit calls the module's initializer, and the
 * app talks to it with user messages; extension.c says which).
 */
#ifndef TODAY_BRIDGE_EXTENSION_H
#define TODAY_BRIDGE_EXTENSION_H

#if defined(__linux__) && !defined(__ANDROID__)

#include <webkit/webkit-web-process-extension.h>
/* The wire of large attachments, shared with the view's adapter. */
#include "../CWebKitGTK/sealed_file.h"

/* A world the entry is defined in. */
typedef struct {
    WebKitScriptWorld *script_world;
    /* The name of the entry's messages to the view. */
    char *message_name;
    /* The mark, in the document's own-world global, that this world's entry is defined. */
    char *defined_key;
    /* Whether the entry belongs to its realm (the bridge's channel: a realm that is not its
     * frame's current document is refused), or to its frame, as WebKit's message handlers do
     * (the emulation of WebKit's API: a message reports the frame's current document). */
    gboolean realm_bound;
} World;

/* The entry's name, the names of its other messages, and the longest text it carries (in UTF-16
 * code units, as JavaScript counts a string's length); from the initialization data. */
extern char *entry_name;
extern char *ready_name;
extern char *restored_name;
extern char *unavailable_name;
extern guint64 max_text_length;
/* This process among the web processes: a random number, made at initialization, that the view
 * pairs with a document's number (a document's number is unique in its process only). */
extern guint64 process_token;

/* document.c: a frame's document as this extension knows it, read in a world of its own where
 * no page script runs. */
void documents_initialize(void);
guint64 document_number(WebKitFrame *frame);
guint64 document_begin(WebKitFrame *frame, gboolean *reused);
gboolean document_has_mark(WebKitFrame *frame, const char *key);
void document_set_mark(WebKitFrame *frame, const char *key);
char *document_origin(WebKitFrame *frame);
char *document_url(WebKitFrame *frame);
void document_watch_restore(WebKitWebPage *page, WebKitFrame *frame, guint64 number);
void document_announce(WebKitWebPage *page, WebKitFrame *frame, guint64 number, gboolean is_new);
gboolean document_hiding(WebKitFrame *frame, guint64 number);

/* entry.c: the entry and its calls; bytes as new Uint8Arrays in the page's heap. */
void entry_define(JSCContext *context, WebKitWebPage *page, WebKitFrame *frame, const World *world, guint64 number);
JSCValue *bytes_array(JSCContext *context, GVariant *list, GUnixFDList *files);

/* delivery.c: the view's deliveries to the main frame's document, where the initialization data
 * names the page's delivery receiver. */
void deliveries_initialize(WebKitWebProcessExtension *extension, const char *receiver);

#endif
#endif
