// Attaching Swift's threads to the Java virtual machine, in C because the JDK's and the NDK's
// <jni.h> declare AttachCurrentThreadAsDaemon's second parameter differently (void ** / JNIEnv **).
#include "CJNI.h"
#include <pthread.h>
#include <stddef.h>

static JavaVM *virtual_machine;
static pthread_key_t attached_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void detach_exiting_thread(void *env) {
    (void)env;
    (*virtual_machine)->DetachCurrentThread(virtual_machine);
}

static void create_key(void) {
    pthread_key_create(&attached_key, detach_exiting_thread);
}

void cjni_set_vm(JavaVM *vm) {
    virtual_machine = vm;
    pthread_once(&key_once, create_key);
}

JNIEnv *cjni_current_env(void) {
    if (virtual_machine == NULL) return NULL;
    JNIEnv *env = NULL;
    if ((*virtual_machine)->GetEnv(virtual_machine, (void **)&env, JNI_VERSION_1_6) == JNI_OK) return env;
#ifdef __ANDROID__
    if ((*virtual_machine)->AttachCurrentThreadAsDaemon(virtual_machine, &env, NULL) != JNI_OK) return NULL;
#else
    if ((*virtual_machine)->AttachCurrentThreadAsDaemon(virtual_machine, (void **)&env, NULL) != JNI_OK) return NULL;
#endif
    // Only threads this library attached are detached at exit: Java's own threads never get here.
    pthread_setspecific(attached_key, env);
    return env;
}
