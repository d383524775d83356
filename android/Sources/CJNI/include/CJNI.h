// The JNI declarations TodayBridgeJNI uses: the JDK's <jni.h> on Linux, the NDK's on Android.
#ifndef CJNI_H
#define CJNI_H

#include <jni.h>

/// Remembers the virtual machine the library was loaded into (from `JNI_OnLoad`).
void cjni_set_vm(JavaVM *vm);

/// The calling thread's JNIEnv, attaching the thread to the virtual machine as a daemon when it
/// is not attached yet; the thread detaches itself when it exits (Android aborts the process when
/// an attached thread exits without detaching). NULL when there is no virtual machine.
JNIEnv *cjni_current_env(void);

#endif
