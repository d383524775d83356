/*
 * Large attachments out of band (B2, B4): shared by the view's adapter (through shim.h) and the
 * web process extension (entry.c, delivery.c), the two ends of their private wire.
 *
 * An attachment of at least TODAY_FILE_THRESHOLD bytes crosses as a sealed memfd in the user
 * message's fd list rather than inside its GVariant, which WebKit's IPC copies on each side. The
 * message's list of attachments is then `av`: each element an `ay` (the bytes, inline) or a
 * `(ht)` (the attachment's handle in the fd list and its size). Handles count up from 0 in the
 * order of the elements, and the fd list holds exactly those files; a message without one keeps
 * the list as `aay` and has no fd list.
 *
 * A receiver trusts nothing of a file but what the kernel says: it must be a memfd sealed against
 * shrinking, growing and writing (so that nothing the sender still holds changes it once read), of
 * exactly the size the message gives.
 */
#ifndef TODAY_SEALED_FILE_H
#define TODAY_SEALED_FILE_H

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <glib.h>

/* The least size of an attachment that crosses as a file, and the most files in one message (the
 * kernel passes at most 253 descriptors with one socket message; WebKit's IPC adds its own). */
#define TODAY_FILE_THRESHOLD 262144 /* 256 KiB */
#define TODAY_FILES_MAX 64

/* From <linux/memfd.h> and <linux/fcntl.h>, which a module cannot always see with _GNU_SOURCE. */
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 0x0001U
#endif
#ifndef MFD_ALLOW_SEALING
#define MFD_ALLOW_SEALING 0x0002U
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#endif
#ifndef F_GET_SEALS
#define F_GET_SEALS 1034
#endif
#ifndef F_SEAL_SEAL
#define F_SEAL_SEAL 0x0001
#endif
#ifndef F_SEAL_SHRINK
#define F_SEAL_SHRINK 0x0002
#endif
#ifndef F_SEAL_GROW
#define F_SEAL_GROW 0x0004
#endif
#ifndef F_SEAL_WRITE
#define F_SEAL_WRITE 0x0008
#endif

#define TODAY_FILE_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE)

/* A new memfd holding `size` bytes of `data`, sealed (TODAY_FILE_SEALS and F_SEAL_SEAL); -1 when
 * one cannot be made (the caller then carries the bytes inline). One `write`, no mapping: the
 * bytes go to the file's pages, not to the writer's resident memory. */
static inline int today_sealed_file_new(const void *data, gsize size) {
    int fd = (int)syscall(SYS_memfd_create, "today-bytes", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    gsize written = 0;
    while (written < size) {
        ssize_t count = write(fd, (const char *)data + written, size - written);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) {
            close(fd);
            return -1;
        }
        written += (gsize)count;
    }
    if (fcntl(fd, F_ADD_SEALS, TODAY_FILE_SEALS | F_SEAL_SEAL) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* NULL when `fd` is a memfd sealed with TODAY_FILE_SEALS of exactly `size` bytes; else why not. */
static inline const char *today_sealed_file_check(int fd, guint64 size) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return "an attachment's file is not a memfd";
    if ((seals & TODAY_FILE_SEALS) != TODAY_FILE_SEALS) return "an attachment's file is not sealed";
    struct stat status;
    if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) return "an attachment's file cannot be read";
    if (status.st_size < 0 || (guint64)status.st_size != size) return "an attachment's file is not of its size";
    return NULL;
}

#endif
