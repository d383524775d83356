// The system's zlib, for the capture server's gzip request bodies (the libraries' own zlib module
// is not a product, so the tools name theirs).
#include <zlib.h>

/// inflateInit2 (a macro, which Swift cannot call) for a gzip stream (window bits 15 + 16).
static inline int ctoolszlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
