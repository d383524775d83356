// Counts heap allocations for the benchmarks (LD_PRELOAD). The benchmark reads the count through
// today_allocation_count(), found with dlsym; without the preload it reports "not measured".
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_ulong allocations;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static char bootstrap[4096];
static size_t bootstrap_used;

unsigned long today_allocation_count(void) { return atomic_load(&allocations); }

void *malloc(size_t size) {
    if (!real_malloc) real_malloc = dlsym(RTLD_NEXT, "malloc");
    atomic_fetch_add(&allocations, 1);
    return real_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (!real_calloc) {
        // dlsym itself may calloc: serve it from a static buffer.
        if (bootstrap_used + count * size > sizeof bootstrap) return NULL;
        void *memory = bootstrap + bootstrap_used;
        bootstrap_used += (count * size + 15) & ~(size_t)15;
        real_calloc = dlsym(RTLD_NEXT, "calloc");
        return memory;
    }
    atomic_fetch_add(&allocations, 1);
    return real_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (!real_realloc) real_realloc = dlsym(RTLD_NEXT, "realloc");
    atomic_fetch_add(&allocations, 1);
    return real_realloc(pointer, size);
}

void free(void *pointer) {
    static void (*real_free)(void *);
    if ((char *)pointer >= bootstrap && (char *)pointer < bootstrap + sizeof bootstrap) return;
    if (!real_free) real_free = dlsym(RTLD_NEXT, "free");
    real_free(pointer);
}
