// androidx.test.platform.app.InstrumentationRegistry (androidx.test:monitor). Compile-only stub.
package androidx.test.platform.app;

import android.app.Instrumentation;

public final class InstrumentationRegistry {
    private InstrumentationRegistry() {}
    public static Instrumentation getInstrumentation() { throw new UnsupportedOperationException("stub"); }
}
