// The system's zlib (Linux: Debian's zlib1g-dev; Apple platforms and the Android NDK ship it), for
// the PostHog sink's gzip request bodies.
#include <zlib.h>

/// deflateInit2 (a macro, which Swift cannot call) set up for a gzip stream: a gzip header and
/// trailer around the deflate data (window bits 15 + 16), the default memory level and strategy.
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
